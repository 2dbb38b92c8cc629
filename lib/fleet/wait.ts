/** Resolves after `ms`, or at once when `signal` aborts; resolves to whether it was not aborted. The timer never keeps a process alive. */
export function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve(!signal?.aborted);
    };
    const timer = setTimeout(done, ms);
    timer.unref?.();
    signal?.addEventListener('abort', done);
  });
}

/** `promise`, or `fallback` if it has not settled within `ms` (the promise itself goes on). */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A Redis error reply (as opposed to a connection that is gone or closed). */
export function isReply(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ReplyError';
}

/**
 * `promise`, or a rejection once `signal` aborts. ioredis leaves a command queued while it
 * reconnects unsettled for ever if the connection is closed then; whoever awaits one must not hang.
 */
export function unless<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('fleet: the connection was closed'));
  return new Promise((resolve, reject) => {
    const stop = () => reject(new Error('fleet: the connection was closed'));
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', stop), resolve(value)),
      (error) => (signal.removeEventListener('abort', stop), reject(error)),
    );
  });
}
