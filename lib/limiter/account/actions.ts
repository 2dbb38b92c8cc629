/**
 * The limits the platform keeps per account, above the app's budget: RATELIMIT cooldowns per
 * account and action, and `/api/morechildren` one send at a time per account. A chunk of its own in
 * browser bundles, loaded by the first send that needs it (lib/limiter/pacer.ts decides). Whether a
 * refused call is sent again is the transport's decision (lib/transport/retry.ts); here a resend,
 * like any other send of that account and action, waits for the cooldown to end.
 */
import { ResponseError } from '../../errors/classes.js';
import type { OAuthOptions } from '../../options/schema.js';
import type { AppBudget } from '../budget.js';
import { deferred } from '../defer.js';
import { backoffSeconds, readRateLimit, serverWait } from '../headers.js';
import { NOTABLE_WAIT, tellWait, type Events } from '../tell.js';
import { sleep } from '../../wait/sleep.js';
import type { ActionLimits, ActionSend, PacingKey } from '../types.js';

interface Cooldown {
  until: number;
  error: ResponseError;
}

/** Explicit and implicit instances, each an account of its own (see accountOf). */
const instanceIds = new WeakMap<PacingKey, string>();

/**
 * The account an instance acts for, as the platform's per-account limits see it. A script app names
 * it (the username); cookie mode is the browser's one session. An explicit or implicit app learns
 * its account only from an extra request: each instance counts as an account of its own.
 */
function accountOf(oauth: OAuthOptions | undefined, pacer: PacingKey): string {
  if (!oauth) return 'cookies';
  if (oauth.type === 'script') return `u/${oauth.username.toLowerCase()}`;
  let id = instanceIds.get(pacer);
  if (!id) instanceIds.set(pacer, (id = `instance/${Math.random().toString(36).slice(2)}`));
  return id;
}

/** One app's per-account state in this process. Shared across processes through Redis when `sharedLimit()` is the limiter. */
class ActionState implements ActionLimits {
  /** `<account> <action path>` -> until when the platform asked to wait. */
  readonly cooldowns = new Map<string, Cooldown>();
  /** account -> the sends waiting for the morechildren lock (present while someone holds it). */
  readonly locks = new Map<string, Array<() => void>>();
  /** Per instance: `/api/morechildren` refusals in a row, and until when its next send waits. */
  readonly #refusals = new WeakMap<PacingKey, { n: number; until: number }>();
  readonly #budget: AppBudget;

  constructor(budget: AppBudget) {
    this.#budget = budget;
  }

  async before(pacer: PacingKey, send: ActionSend): Promise<(() => void) | undefined> {
    const account = accountOf(send.oauth, pacer);
    if (send.write && send.url) await this.#coolDown(`${account} ${actionOf(send.url)}`, send);
    if (!send.more) return undefined;
    const release = await this.#lock(account, send.signal);
    try {
      await this.#backOff(pacer, send);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /** A RATELIMIT answer: hold this account's action back until the platform's wait is over (in every process, through Redis). */
  cooledDown(pacer: PacingKey, oauth: OAuthOptions | undefined, url: string, error: unknown): void {
    if (!(error instanceof ResponseError) || error.retryAfter === undefined) return;
    const key = `${accountOf(oauth, pacer)} ${actionOf(url)}`;
    const until = Date.now() + serverWait(error.retryAfter);
    if ((this.cooldowns.get(key)?.until ?? 0) < until) this.cooldowns.set(key, { until, error });
    this.#budget.shared?.setCooldown?.(key, error.retryAfter);
  }

  /**
   * The platform serves `/api/morechildren` one call at a time per account and refuses a concurrent
   * one with a 429 that says nothing of the budget: wait it out alone (1 s, 2 s, ... 60 s), the budget stays open.
   */
  refused(pacer: PacingKey, events: Events, response: Response): boolean {
    if (response.ok) this.#refusals.delete(pacer);
    if (response.status !== 429 || response.headers.has('retry-after')) return false;
    const state = readRateLimit(response.headers);
    if (state && state.remaining <= 0) return false;
    if (state) events.emit('rate_limit', state);
    const n = (this.#refusals.get(pacer)?.n ?? 0) + 1;
    this.#refusals.set(pacer, { n, until: Date.now() + backoffSeconds(n) * 1000 });
    return true;
  }

  #backOff(pacer: PacingKey, send: ActionSend): Promise<void> | undefined {
    const ms = (this.#refusals.get(pacer)?.until ?? 0) - Date.now();
    if (ms <= 0) return undefined;
    if (ms > (send.maxWait ?? Infinity)) throw deferred(send, ms, '429');
    if (ms > NOTABLE_WAIT) tellWait(send.events, { ms, reason: 'morechildren' }, send.who, true);
    return sleep(ms, send.signal);
  }

  /** Wait out a cooldown of this account and action (set by any instance, or any process through Redis); too long a one rejects at once. */
  async #coolDown(key: string, send: ActionSend): Promise<void> {
    for (;;) {
      const now = Date.now();
      for (const [k, c] of this.cooldowns) if (c.until <= now) this.cooldowns.delete(k);
      const local = this.cooldowns.get(key);
      let left = local ? local.until - now : 0;
      const shared = this.#budget.shared;
      if (shared?.cooldownLeft) left = Math.max(left, await shared.cooldownLeft(key));
      if (left <= 0) return;
      // The smaller limit wins: maxWait defers (RateLimitError), ratelimitWait keeps its RATELIMIT refusal.
      if (left > (send.maxWait ?? Infinity) && (send.maxWait ?? Infinity) < send.ratelimitWait) throw deferred(send, left, 'ratelimit');
      if (left > send.ratelimitWait) throw heldBack(send, left, local?.error);
      if (left > NOTABLE_WAIT) tellWait(send.events, { ms: left, reason: 'ratelimit_action' }, send.who, true);
      await sleep(left, send.signal);
    }
  }

  /** The morechildren lock of an account: one holder at a time in the process, and across processes through Redis. */
  async #lock(account: string, signal: AbortSignal | undefined): Promise<() => void> {
    const waiters = this.locks.get(account);
    if (!waiters) this.locks.set(account, []);
    else await new Promise<void>((resolve, reject) => {
      signal?.throwIfAborted();
      const onAbort = () => {
        waiters.splice(waiters.indexOf(go), 1);
        reject(signal!.reason);
      };
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(go);
    });
    const releaseLocal = () => {
      const next = this.locks.get(account)!.shift();
      if (next) next();
      else this.locks.delete(account);
    };
    let releaseShared: (() => void) | undefined;
    try {
      releaseShared = await this.#budget.shared?.lock?.(`more ${account}`, signal);
    } catch (error) {
      releaseLocal();
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      releaseShared?.();
      releaseLocal();
    };
  }
}

/** The action of a URL: its path, without `.json` or a trailing slash (`/api/comment.json` is `/api/comment`). */
export const actionOf = (url: string): string => new URL(url).pathname.toLowerCase().replace(/\/$/, '').replace(/\.json$/, '');

/** The per-account limits of an app's budget, made by the first send that needs them. */
export const actionLimits = (budget: AppBudget): ActionLimits => (budget.actions ??= new ActionState(budget)) as ActionLimits;

/** The error of a send not made because its account must still wait `left` ms for this action. */
function heldBack(send: ActionSend, left: number, cause: ResponseError | undefined): ResponseError {
  const path = new URL(send.url!).pathname;
  const message = `${Math.ceil(left / 1000)} seconds left of the platform's RATELIMIT for this account`;
  return new ResponseError(`${send.method} ${path} was not sent: ${message}, longer than ratelimitWait (${send.ratelimitWait} ms); retry after error.retryAfter ms.`, {
    status: cause?.status ?? 200, method: send.method ?? 'POST', url: send.url!, body: cause?.body, errors: [['RATELIMIT', message, 'ratelimit']],
    attempts: send.sends ?? 0, code: 'RATELIMIT', retryAfter: left,
  });
}
