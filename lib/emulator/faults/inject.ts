import { wording } from '../limits/action-limit.js';
import { htmlPage } from '../server/http.js';
import type { State } from '../state.js';
import type { FaultSpec } from '../types.js';
import type { FaultMatch, InjectableFault, InjectableFaults } from './types.js';

const KINDS: ReadonlySet<string> = new Set<InjectableFault>([
  'rateLimited', 'ratelimitError', 'serverError', 'reset', 'slow', 'moreChildrenBusy', 'websocketRefused', 'websocketSilent', 'deleted', 'removed', 'refreshRevoked',
]);

function count(name: string, value: number | undefined, fallback: number, min = 1): number {
  const n = value ?? fallback;
  if (!Number.isFinite(n) || n < min) throw new TypeError(`emulator: inject: ${name} must be a number >= ${min}, got ${String(value)}`);
  return n;
}

/** The request-matching part of a fault spec, checked. */
function match(o: FaultMatch, method?: string): FaultSpec {
  const spec: FaultSpec = { times: count('times', o.times, 1) };
  const m = o.method ?? method;
  if (m !== undefined) spec.method = m;
  if (o.path !== undefined) spec.path = o.path;
  return spec;
}

function names(items: string | readonly string[] | undefined, kind: string): string[] {
  const list = typeof items === 'string' ? [items] : items ? [...items] : [];
  if (list.length === 0) throw new TypeError(`emulator: inject('${kind}') needs { items }: the fullnames to take away (t3_..., t1_...)`);
  return list;
}

/**
 * `emu.inject(kind, options)`: what bots meet on the platform, by name. Request faults become
 * `fault()` specs (answered on arrival); the others act where the platform would. Answers how
 * many items or tokens a state fault changed (request faults: how many requests will fail).
 */
export function inject<K extends InjectableFault>(state: State, kind: K, options: InjectableFaults[K] | undefined): number {
  if (!KINDS.has(kind)) throw new TypeError(`emulator: inject: unknown fault "${String(kind)}"; one of ${[...KINDS].join(', ')}`);
  const o = (options ?? {}) as Record<string, unknown>;
  const add = (spec: FaultSpec) => (state.faults.add(spec), spec.times as number);
  switch (kind as InjectableFault) {
    case 'rateLimited': {
      const { retryAfter = 2, rateHeaders = true } = o as InjectableFaults['rateLimited'];
      const headers: Record<string, string> = {};
      const wait = retryAfter === false ? 2 : count('retryAfter', retryAfter, 2, 0);
      if (retryAfter !== false) headers['retry-after'] = String(Math.ceil(wait));
      if (rateHeaders) {
        const budget = state.oauthLimit.budget ?? 1000;
        Object.assign(headers, { 'x-ratelimit-used': String(budget), 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': String(Math.ceil(wait)) });
      }
      return add({ ...match(o), status: 429, headers, body: htmlPage(429, 'Too Many Requests'), contentType: 'text/html; charset=UTF-8' });
    }
    case 'ratelimitError': {
      const wait = count('wait', (o as InjectableFaults['ratelimitError']).wait, 60, 0);
      const body = { json: { errors: [['RATELIMIT', `you are doing that too much. try again in ${wording(wait)}.`, 'ratelimit']], ratelimit: wait } };
      // The platform's token and revoke endpoints never answer RATELIMIT: by default they are left alone.
      const spec = match(o, 'POST');
      spec.path ??= /^(?!\/api\/v1\/(?:access|revoke)_token)/;
      return add({ ...spec, status: 200, body: JSON.stringify(body), contentType: 'application/json; charset=UTF-8' });
    }
    case 'serverError': {
      const status = count('status', (o as InjectableFaults['serverError']).status, 503, 500);
      if (status > 599) throw new TypeError(`emulator: inject: serverError status must be 500 to 599, got ${status}`);
      return add({ ...match(o), status });
    }
    case 'reset':
      return add({ ...match(o), reset: true });
    case 'slow':
      return add({ ...match(o), delay: count('delay', (o as InjectableFaults['slow']).delay, 2000, 0) });
    case 'moreChildrenBusy':
    case 'websocketSilent': {
      const times = count('times', o.times as number | undefined, 1);
      state.faults.arm(kind as 'moreChildrenBusy' | 'websocketSilent', times);
      return times;
    }
    case 'websocketRefused': {
      const times = count('times', o.times as number | undefined, 1);
      const status = count('status', o.status as number | undefined, 403, 400);
      state.faults.arm('websocketRefused', times, status);
      return times;
    }
    case 'deleted':
      return names(o.items as string | string[], kind).filter((name) => state.feed.delete(name)).length;
    case 'removed':
      return names(o.items as string | string[], kind).filter((name) => state.feed.remove(name)).length;
    case 'refreshRevoked':
      return state.tokens.revokeRefreshTokens();
  }
  return 0;
}
