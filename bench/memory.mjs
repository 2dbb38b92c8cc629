// Heap per instance (argv[2]: client name), run with --expose-gc in a fresh process: N instances,
// each authenticated and having made one call, all kept referenced; heapUsed after a full GC,
// minus the same before, divided by N. Instances are made and used first, so module-level state
// (loaded code, shared agents and their sockets, caches) is not counted.
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from './lib/ipc.mjs';

const client = await import(`./clients/${process.argv[2]}.mjs`);

async function settledHeap() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await sleep(20);
  }
  return process.memoryUsage().heapUsed;
}

serve({
  async measure({ ctx, opts, n, inflight }) {
    // Warm up with the same concurrency as the measured part, so the connection pool already has
    // every socket it will have (sockets are shared by all instances, not part of any one of them).
    const warm = [];
    await Promise.all(Array.from({ length: inflight }, async () => {
      const inst = await client.create(ctx, opts);
      await inst.auth();
      for (let i = 0; i < 3; i++) await inst.getMe();
      warm.push(inst);
    }));
    const kept = [];
    await sleep(100); // let one-shot timers (throttle bookkeeping) of the warm-up run out
    const before = await settledHeap();
    const t0 = Date.now();
    let next = 0;
    const lane = async (upTo) => {
      while (next < upTo) {
        next++;
        const inst = await client.create(ctx, opts);
        await inst.auth();
        await inst.getMe();
        kept.push(inst.instance ?? inst);
      }
    };
    // The heap is read after a quarter of the instances and after all of them; the slope between the
    // two is the cost of one more instance, without whatever grows once when the first ones are made.
    const quarter = Math.floor(n / 4);
    await Promise.all(Array.from({ length: inflight }, () => lane(quarter)));
    await sleep(100);
    const mid = await settledHeap();
    await Promise.all(Array.from({ length: inflight }, () => lane(n)));
    await sleep(100);
    const after = await settledHeap();
    if (kept.length !== n) throw new Error(`made ${kept.length} of ${n}`);
    return {
      bytesPerInstance: (after - mid) / (n - quarter),
      bytesPerInstanceFromStart: (after - before) / n,
      seconds: (Date.now() - t0) / 1000,
    };
  },
});
