/**
 * The limits the platform keeps per account, above the app's budget: RATELIMIT cooldowns per
 * account and action, and `/api/morechildren` one call at a time per account. A chunk of its own in
 * browser bundles, loaded by the first call that needs it (lib/limiter/pacer.ts decides).
 */
import { ResponseError } from '../errors/classes.js';
import type { Emitter } from '../events/emitter.js';
import type { OAuthOptions } from '../options/schema.js';
import type { AppBudget } from './budget.js';
import { backoffSeconds, readRateLimit } from './headers.js';
import { sleep } from '../wait/sleep.js';
import type { MoreHooks, PacingKey } from './types.js';

/** What one call brings to the per-account limits. */
export interface ActionCall {
  /** The instance's pacer, and its credentials: whose account the call acts for. */
  pacer: PacingKey;
  oauth: OAuthOptions | undefined;
  method: string;
  url: string;
  /** A write (not GET/HEAD/OPTIONS): only actions are held back by a RATELIMIT cooldown. */
  write: boolean;
  /** An `/api/morechildren` call: one at a time per account. */
  more: boolean;
  signal?: AbortSignal | undefined;
  events: Emitter;
  /** The longest RATELIMIT wait that is waited out (ms). */
  ratelimitWait: number;
  /** The call's counters (lib/transport/context.ts): a resend after RATELIMIT is a retry of the call. */
  ctx: { sends: number; failures: number; retryAttempts: number };
}

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
class ActionState implements MoreHooks {
  /** `<account> <action path>` -> until when the platform asked to wait. */
  readonly cooldowns = new Map<string, Cooldown>();
  /** account -> the calls waiting for the morechildren lock (present while someone holds it). */
  readonly locks = new Map<string, Array<() => void>>();
  /** Per instance: `/api/morechildren` refusals in a row, and until when its next send waits. */
  readonly #refusals = new WeakMap<PacingKey, { n: number; until: number }>();

  before(pacer: PacingKey, events: Emitter, signal: AbortSignal | undefined): Promise<void> | undefined {
    const ms = (this.#refusals.get(pacer)?.until ?? 0) - Date.now();
    if (ms <= 0) return undefined;
    if (ms > 1000) events.emit('wait', { ms, reason: 'morechildren' });
    return sleep(ms, signal);
  }

  /**
   * The platform serves `/api/morechildren` one call at a time per account and refuses a concurrent
   * one with a 429 that says nothing of the budget: wait it out alone (1 s, 2 s, ... 60 s), the budget stays open.
   */
  refused(pacer: PacingKey, events: Emitter, response: Response): boolean {
    if (response.ok) this.#refusals.delete(pacer);
    if (response.status !== 429 || response.headers.has('retry-after')) return false;
    const state = readRateLimit(response.headers);
    if (state && state.remaining <= 0) return false;
    if (state) events.emit('rate_limit', state);
    const n = (this.#refusals.get(pacer)?.n ?? 0) + 1;
    this.#refusals.set(pacer, { n, until: Date.now() + backoffSeconds(n) * 1000 });
    return true;
  }
}

/** The action of a URL: its path, without `.json` or a trailing slash (`/api/comment.json` is `/api/comment`). */
export const actionOf = (url: string): string => new URL(url).pathname.toLowerCase().replace(/\/$/, '').replace(/\.json$/, '');

/** Run one call under the per-account limits; `failed`: the RATELIMIT error its first send already met. */
export async function run<T>(budget: AppBudget, call: ActionCall, once: () => Promise<T>, failed?: unknown): Promise<T> {
  const state = (budget.actions ??= new ActionState()) as ActionState;
  const account = accountOf(call.oauth, call.pacer);
  const key = `${account} ${actionOf(call.url)}`;
  const release = call.more ? await lock(state, budget, account, call.signal) : undefined;
  try {
    let error = failed;
    for (;;) {
      if (error !== undefined) resendAfter(state, budget, key, error, call);
      if (call.write) await coolDown(state, budget, key, call);
      try {
        return await once();
      } catch (e) {
        error = e;
      }
    }
  } finally {
    release?.();
  }
}

/** A RATELIMIT answer: hold the account's action back, and send again once if the wait is short enough; else rethrow. */
function resendAfter(state: ActionState, budget: AppBudget, key: string, error: unknown, call: ActionCall): void {
  if (!(error instanceof ResponseError) || error.code !== 'RATELIMIT') throw error;
  const ms = error.retryAfter;
  if (ms === undefined) throw error;
  const until = Date.now() + ms;
  if ((state.cooldowns.get(key)?.until ?? 0) < until) state.cooldowns.set(key, { until, error });
  budget.shared?.setCooldown?.(key, ms);
  if (ms > call.ratelimitWait || call.ctx.failures >= call.ctx.retryAttempts) throw error;
  call.ctx.failures++;
  call.events.emit('retry', { attempt: call.ctx.sends, delay: ms, error });
}

/** Wait out a cooldown of this account and action (set by any instance, or any process through Redis); too long a one rejects at once. */
async function coolDown(state: ActionState, budget: AppBudget, key: string, call: ActionCall): Promise<void> {
  for (;;) {
    const now = Date.now();
    for (const [k, c] of state.cooldowns) if (c.until <= now) state.cooldowns.delete(k);
    const local = state.cooldowns.get(key);
    let left = local ? local.until - now : 0;
    const remote = budget.shared?.cooldownLeft;
    if (remote) left = Math.max(left, await remote.call(budget.shared, key));
    if (left <= 0) return;
    if (left > call.ratelimitWait) throw heldBack(call, left, local?.error);
    if (left > 1000) call.events.emit('wait', { ms: left, reason: 'ratelimit_action' });
    await sleep(left, call.signal);
  }
}

/** The error of a call not sent because its account must still wait `left` ms for this action. */
function heldBack(call: ActionCall, left: number, cause: ResponseError | undefined): ResponseError {
  const path = new URL(call.url).pathname;
  const message = `${Math.ceil(left / 1000)} seconds left of the platform's RATELIMIT for this account`;
  return new ResponseError(`${call.method} ${path} was not sent: ${message}, longer than ratelimitWait (${call.ratelimitWait} ms); retry after error.retryAfter ms.`, {
    status: cause?.status ?? 200, method: call.method, url: call.url, body: cause?.body, errors: [['RATELIMIT', message, 'ratelimit']],
    attempts: call.ctx.sends, code: 'RATELIMIT', retryAfter: left,
  });
}

/** The morechildren lock of the call's account: one holder at a time in the process, and across processes through Redis. */
async function lock(state: ActionState, budget: AppBudget, key: string, signal: AbortSignal | undefined): Promise<() => void> {
  const waiters = state.locks.get(key);
  if (!waiters) state.locks.set(key, []);
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
    const next = state.locks.get(key)!.shift();
    if (next) next();
    else state.locks.delete(key);
  };
  let releaseShared: (() => void) | undefined;
  try {
    releaseShared = await budget.shared?.lock?.(`more ${key}`, signal);
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
