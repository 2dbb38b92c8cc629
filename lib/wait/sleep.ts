/** The longest delay a JavaScript timer holds (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Wait `ms`, or reject at once with the signal's reason when it aborts. The timer keeps the process
 * alive only as long as the call that waits (an abort clears it). A wait longer than a timer holds
 * is taken in steps, never cut short.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let left = Math.max(0, ms);
    let timer: ReturnType<typeof setTimeout>;
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const step = () => {
      const now = Math.min(left, MAX_TIMER_MS);
      left -= now;
      timer = setTimeout(left > 0 ? step : done, now);
    };
    signal?.addEventListener('abort', abort, { once: true });
    step();
  });
}
