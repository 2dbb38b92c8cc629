/**
 * Wait `ms`, or reject at once with the signal's reason when it aborts. The timer keeps the process
 * alive only as long as the call that waits (an abort clears it).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', abort, { once: true });
  });
}
