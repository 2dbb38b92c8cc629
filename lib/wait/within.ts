/**
 * `work`, unless it takes longer than `ms` (rejects with `timedOut()`) or `signal` aborts first
 * (rejects with its reason). The work itself runs on; only the wait for it ends, and with it the
 * timer and the listener, so a hung work never keeps the process alive.
 */
export function within<T>(work: Promise<T>, ms: number, timedOut: () => Error, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const end = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      settle();
    };
    const abort = () => end(() => reject(signal!.reason));
    const timer = setTimeout(() => end(() => reject(timedOut())), ms);
    signal?.addEventListener('abort', abort, { once: true });
    work.then((value) => end(() => resolve(value)), (error: unknown) => end(() => reject(error)));
  });
}
