// One client in its own process (argv[2]: fetch | snoopath | snoocore | snoowrap). bench/run.mjs
// drives it over IPC, one task at a time, so rounds of different clients interleave while each
// client keeps its warmed-up JIT and connections. NODE_EXTRA_CA_CERTS is set by the parent for
// https runs (the emulator's self-signed certificate), for this process only.
import { performance } from 'node:perf_hooks';
import { serve } from './lib/ipc.mjs';

/** CPU time of this process (user + system) since `start`, in ms: what a client costs, whatever the server does. */
const cpuMs = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};
const client = await import(`./clients/${process.argv[2]}.mjs`);
/** key -> instance made by client.create(ctx, opts) */
const instances = new Map();

async function instance(ctx, opts) {
  const key = JSON.stringify([ctx.url, opts]);
  let inst = instances.get(key);
  if (!inst) {
    inst = await client.create(ctx, opts);
    await inst.auth();
    instances.set(key, inst);
  }
  return inst;
}

serve({
  /** n sequential getMe calls. */
  async sequential({ ctx, opts, n }) {
    const inst = await instance(ctx, opts);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await inst.getMe();
    return { ms: performance.now() - t0, cpu: cpuMs(c0) };
  },
  /** n getMe calls, `inflight` at a time. */
  async concurrent({ ctx, opts, n, inflight }) {
    const inst = await instance(ctx, opts);
    let next = 0;
    const lane = async () => {
      while (next < n) {
        next++;
        await inst.getMe();
      }
    };
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: inflight }, lane));
    return { ms: performance.now() - t0, cpu: cpuMs(c0) };
  },
  /** `reps` walks of a listing, alternating without and with decodeHtmlEntities; total ms of each. */
  async decodePair({ ctx, opts, subreddit, reps }) {
    const plain = await instance(ctx, { ...opts, decode: false });
    const decoding = await instance(ctx, { ...opts, decode: true });
    const ms = { off: 0, on: 0 };
    for (let i = 0; i < reps; i++) {
      for (const [key, inst] of i % 2 ? [['on', decoding], ['off', plain]] : [['off', plain], ['on', decoding]]) {
        const t0 = performance.now();
        await inst.walk(subreddit);
        ms[key] += performance.now() - t0;
      }
    }
    return { ms };
  },
  /** A whole listing by the client's own pagination. */
  async walk({ ctx, opts, subreddit }) {
    const inst = await instance(ctx, opts);
    const t0 = performance.now();
    const count = await inst.walk(subreddit);
    return { ms: performance.now() - t0, count };
  },
});
