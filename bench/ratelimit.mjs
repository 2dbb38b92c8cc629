// Rate-limit use of one client at one pacing setting, in its own process (argv[2]: client name).
// Authenticates first, waits for `start` (a window boundary of the emulator's clock-aligned
// windows), then keeps `lanes` calls waiting on the client until `end`: the client's own pacing is
// the only thing between the callers and the server. The server side counts what it accepted and
// refused; this side reports what the callers saw.
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from './lib/ipc.mjs';

const client = await import(`./clients/${process.argv[2]}.mjs`);

serve({
  async run({ ctx, opts, start, end, lanes }) {
    const inst = await client.create(ctx, opts);
    await inst.auth();
    const seen = { ok: 0, failed: 0, errors: {} };
    if (start - Date.now() > 0) await sleep(start - Date.now());
    const lane = async () => {
      while (Date.now() < end) {
        try {
          await inst.getMe();
          if (Date.now() < end) seen.ok++;
        } catch (err) {
          if (Date.now() >= end) break;
          seen.failed++;
          const kind = `${err?.name ?? 'Error'}: ${String(err?.message ?? err).split('\n').find((l) => l.trim()) ?? ''}`.slice(0, 90);
          seen.errors[kind] = (seen.errors[kind] ?? 0) + 1;
          // A client that refuses at once (no request sent) must not starve the event loop.
          await new Promise((r) => setImmediate(r));
        }
      }
    };
    // Calls still queued inside the client at `end` are abandoned: the parent ends this process.
    await Promise.race([Promise.all(Array.from({ length: lanes }, lane)), sleep(Math.max(0, end - Date.now()) + 50)]);
    return { seen };
  },
});
