// Heap per instance: heap bytes do not depend on timing, so the clients are measured at the same
// time, each in a fresh process (bench/memory.mjs) with an emulator process of its own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from './ipc.mjs';

export const HEAP_CLIENTS = [['fetch', 'http'], ['snoopath', 'http'], ['snoocore', 'https'], ['snoowrap', 'https']];

export async function heapPerInstance({ bench, tmp, P, userAgent, children }) {
  const memory = {};
  const slope = {};
  await Promise.all(HEAP_CLIENTS.map(async ([client, server]) => {
    const emu = await spawn(join(bench, 'emulator-server.mjs'));
    children.push(emu);
    const started = await emu.call('start', { name: server, options: { https: server === 'https', rateLimit: false } });
    const caPem = join(tmp, `ca-memory-${client}.pem`);
    if (started.ca) writeFileSync(caPem, started.ca);
    const m = await spawn(join(bench, 'memory.mjs'), { args: [client], execArgv: ['--expose-gc'], env: started.ca ? { NODE_EXTRA_CA_CERTS: caPem } : {} });
    children.push(m);
    const { bytesPerInstance, bytesPerInstanceFromStart } = await m.call('measure', {
      ctx: { url: started.url, creds: started.apps.script, userAgent }, opts: { pacing: 'off' }, n: P.memoryInstances, inflight: 32,
    });
    memory[client] = bytesPerInstanceFromStart;
    slope[client] = bytesPerInstance;
    m.kill();
    await emu.call('close').catch(() => {});
  }));
  return { memory, slope };
}
