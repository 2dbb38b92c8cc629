import { afterAll, afterEach, expect } from '@jest/globals';
import nock from 'nock';
import Snoopath, { type CallObject, type SnoopathOptions } from '../../lib/index.js';
import { createUndiciFetch } from '../../lib/transport/undici/fetch.js';
import { NockDispatcher } from '../support/nock-dispatcher.js';

export const API = 'https://oauth.reddit.com';
export const WWW = 'https://www.reddit.com';
export const SECRETS = { secret: 'sekrit-client-secret', password: 'hunter2-password' };

export const script = { type: 'script' as const, key: 'client-id', secret: SECRETS.secret, username: 'bot', password: SECRETS.password };

/** These tests pin wire behaviour, not the endpoint typings: paths are called loosely. */
export type LooseClient = { (path: string): CallObject } & Snoopath;

/**
 * The transport these suites run on. jest.config.js runs them twice: with the platform's fetch
 * (which nock patches), and with the Node transport (Node's default) over a dispatcher whose
 * requests nock can see. Every client of these suites passes it, so none can reach the network.
 */
export function transport(): typeof fetch {
  if (process.env.SNOOPATH_TEST_TRANSPORT === 'undici') return createUndiciFetch(new NockDispatcher());
  return (input, init) => globalThis.fetch(input, init);
}

/**
 * A script client with throttling off and fast retries, unless overridden. Each paces alone
 * (`limiter: 'instance'`): the tests share one fake app, and a budget one test spent must not pace the next.
 */
export function client(extra: Partial<SnoopathOptions> = {}): LooseClient {
  return new Snoopath({ userAgent: 'node:test:1.0 (by /u/tester)', oauth: script, throttle: 0, retryDelay: 5, limiter: 'instance', fetch: transport(), ...extra } as SnoopathOptions) as LooseClient;
}

let n = 0;
/** Answer the next token request(s) with a fresh token. */
export function tokenOk(times = 1, extra: Record<string, unknown> = {}) {
  return nock(WWW).post('/api/v1/access_token').times(times).reply(() => [200, { access_token: `access-token-${++n}`, token_type: 'bearer', expires_in: 3600, scope: '*', ...extra }]);
}

export const rateHeaders = (remaining: number, reset: number, used = 0) => ({
  'x-ratelimit-remaining': remaining.toFixed(1),
  'x-ratelimit-reset': String(reset),
  'x-ratelimit-used': String(used),
});

/** Every string an error could leak through. */
export function leakText(error: unknown): string {
  const e = error as Record<string, unknown> & Error;
  return [String(e), e.stack, JSON.stringify(e), JSON.stringify(e?.body ?? ''), String(e?.url ?? '')].join('\n');
}

export { failure } from '../support/failure.js';

const acknowledged = new Set<string>();

/**
 * Assert that these interceptors were not used (nothing was sent there, or not as often as they
 * allow), and exempt what they still hold from the end-of-test check that every interceptor was used.
 */
export function expectUnused(...scopes: nock.Scope[]): void {
  for (const scope of scopes) {
    expect(scope.isDone()).toBe(false);
    for (const pending of scope.pendingMocks()) acknowledged.add(pending);
  }
}

/**
 * No test reaches the internet: every host is refused except loopback, which other test files in
 * the same worker use for the emulator (nock's interception is process-wide).
 */
export function mockNetwork(): void {
  nock.disableNetConnect();
  nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host));
  afterEach(() => {
    // Every interceptor a test set up must have been used: an answer never asked for means the
    // client did not send what the test expected. A test that expects some to stay unused says so
    // with expectUnused().
    const unused = nock.pendingMocks().filter((m) => !acknowledged.has(m));
    acknowledged.clear();
    nock.cleanAll();
    if (unused.length) throw new Error(`interceptors never used: ${unused.join(', ')} (assert it with expectUnused(scope) if that is the point of the test)`);
  });
  afterAll(() => nock.restore());
}
