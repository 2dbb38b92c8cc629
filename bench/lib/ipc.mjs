// A tiny request/response layer over child_process IPC.
import { fork } from 'node:child_process';

/**
 * Forks `module` (with `execPath`, another Node binary) and waits for its `{ready: true}` message. Returns `call(cmd, fields)` that
 * resolves with the child's answer (or rejects with its error), and `kill()`.
 */
export async function spawn(module, { args = [], env, execArgv = [], execPath } = {}) {
  const child = fork(module, args, {
    env: { ...process.env, ...env },
    execArgv,
    // Another Node than this one (bench/lib/nodes.mjs): the figures of every supported version.
    ...(execPath ? { execPath } : {}),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let next = 1;
  let exited = false;
  const ready = new Promise((resolve, reject) => {
    child.on('message', (msg) => {
      if (msg?.ready) return resolve();
      const w = waiting.get(msg?.id);
      if (!w) return;
      waiting.delete(msg.id);
      if (msg.error) w.reject(new Error(`${module}: ${msg.error}`));
      else w.resolve(msg);
    });
    child.on('exit', (code, signal) => {
      exited = true;
      const err = new Error(`${module} exited (${signal ?? code})`);
      reject(err);
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    });
  });
  await ready;
  return {
    pid: child.pid,
    call(cmd, fields = {}) {
      if (exited) return Promise.reject(new Error(`${module} has exited`));
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, cmd, ...fields });
      });
    },
    kill() {
      if (!exited) child.kill();
    },
    exited: () => exited,
  };
}

/** The child side: answers `{id, cmd, ...}` messages with `handlers[cmd](msg)`. */
export function serve(handlers) {
  process.on('message', async (msg) => {
    try {
      const result = await handlers[msg.cmd](msg);
      process.send({ id: msg.id, ...result });
    } catch (err) {
      process.send({ id: msg.id, error: String(err?.stack ?? err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
}
