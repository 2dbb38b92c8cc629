import { ArgumentError, ResponseError, TimeoutError } from '../../errors/classes.js';
import { stepDetail, stepText } from '../steps.js';
import { bareUrl, postIdentity, postUrl } from '../urls.js';
import { lookTimes, silenceFor, type Found } from './find.js';
import type { ResultListener } from './listener.js';

/** One look at the account's newest submissions: the post when it is there (lib/media/result/look.ts). */
export type Look = (signal: AbortSignal) => Promise<Found | undefined>;

export interface WaitPlan {
  /** The websockets, opened (or tried) before and after the submit; undefined where there is no WebSocket. */
  listener: ResultListener | undefined;
  look: Look;
  timeout: number;
  signal: AbortSignal | undefined;
}

const AFTER_SUBMIT = "the post may still have been created: check the account's submitted posts before posting again.";

/** A look that cannot succeed later: refused here (a missing scope) or by the platform (4xx but 429). */
function hopeless(error: unknown): boolean {
  return error instanceof ArgumentError || (error instanceof ResponseError && error.status >= 400 && error.status < 500 && error.status !== 429);
}

const detail = (error: unknown) => (error instanceof Error ? stepDetail(error.message) : String(error));

/**
 * Wait for the media post to exist and resolve to where it is. The websocket's word wins when it
 * comes; where there is no socket, or every socket closed without a result, or they stayed silent
 * for a while (silenceFor), the account's newest submissions are searched too, at growing gaps
 * (lookTimes: bounded in requests and by the timeout). A failure said on the websocket rejects at
 * once; so does a URL unfit to hand out. Otherwise the timeout, or looks that cannot go on with no
 * socket left, reject with an error that tells what was tried. Every way out closes the sockets.
 */
export function waitForPost({ listener, look, timeout, signal }: WaitPlan): Promise<Found | { url: string; id?: string; name?: string }> {
  const started = Date.now();
  const stop = new AbortController();
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  /** Why no socket is left to listen on; undefined while one may still speak. */
  let sockets = listener ? undefined : 'this runtime has no WebSocket';
  /** Why the search of the submissions ended; undefined while it may go on. */
  let searched: string | undefined;
  let searching = false;
  let looks = 0;
  let lastFailure: unknown;
  const notAmong = () => (looks ? `the post was not among the account's newest submissions (${looks} look${looks === 1 ? '' : 's'}${lastFailure ? `, the last failed: ${detail(lastFailure)}` : ''})` : "no time was left to search the account's submissions");
  /** What was tried, for the error that ends the wait. */
  const story = () => {
    const heard = sockets === undefined ? 'the websocket said nothing' : listener ? `no websocket was left to listen on (${sockets})` : sockets;
    return `${heard}, and ${searched ?? (searching ? notAmong() : "the account's submissions were not searched yet")}; ${AFTER_SUBMIT}`;
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      stop.abort();
      listener?.close();
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(signal!.reason));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    timers.push(setTimeout(() => finish(() => reject(new TimeoutError(stepText('result', `no result within ${timeout} ms (videos can take minutes: raise options.timeout): ${story()}`)))), timeout));

    /** No socket left and the search over: nothing more can be learned before the timeout. */
    const giveUp = (status: number) => {
      if (sockets === undefined || searched === undefined) return;
      finish(() => reject(new ResponseError(stepText('result', `the post was submitted, but where it is could not be learned: ${story()}`), {
        status, method: 'GET', url: '', body: undefined, errors: [], attempts: looks, step: 'result', code: 'MEDIA_POST_NOT_FOUND',
      })));
    };

    const search = async () => {
      if (searching || settled) return;
      searching = true;
      let at = 0;
      for (const time of lookTimes(timeout - (Date.now() - started))) {
        await new Promise((wake) => timers.push(setTimeout(wake, time - at)));
        at = time;
        if (settled) return;
        looks++;
        try {
          const found = await look(stop.signal);
          if (found) return finish(() => resolve(found));
        } catch (error) {
          if (settled) return;
          if (hopeless(error)) {
            searched = `the account's submissions could not be searched (${detail(error)})`;
            return giveUp(error instanceof ResponseError ? error.status : 0);
          }
          lastFailure = error;
        }
      }
      searched = notAmong();
      giveUp(0);
    };
    const startSearch = () => void search().catch((error: unknown) => finish(() => reject(error)));

    if (!listener) return startSearch();
    timers.push(setTimeout(startSearch, silenceFor(timeout)));
    void listener.heard().then((heard) => {
      if (heard.type === 'failed') return finish(() => reject(heard.error));
      if (heard.type === 'success') {
        const url = postUrl(heard.url);
        return finish(() => (url ? resolve({ url, ...postIdentity(url) }) : reject(unsafeUrl(heard.url, 'result'))));
      }
      sockets = heard.why;
      if (searching) giveUp(0);
      else startSearch();
    });
  });
}

/** The platform named the post with a URL unfit to hand to the application (`javascript:`, plain http elsewhere). */
export function unsafeUrl(url: string, step: 'result' | 'submit'): ResponseError {
  const shown = JSON.stringify(bareUrl(url).slice(0, 100));
  return new ResponseError(stepText(step, `the platform named the post ${shown}, which is neither an https URL nor a loopback http one: refused, as a page could be sent to it; ${AFTER_SUBMIT}`), {
    status: 0, method: step === 'result' ? 'GET' : 'POST', url: '', body: url, errors: [], attempts: 1, step, code: 'UNSAFE_POST_URL',
  });
}
