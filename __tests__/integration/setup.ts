/**
 * Shared setup of the integration tests: the client against the emulator over real loopback
 * sockets. Nothing here mocks the network (no nock): every request crosses a socket.
 *
 * Importing this module registers an `afterEach` that closes every emulator started with
 * `start()` and restores the clock shifted with `shiftClock()`.
 */
import { afterEach, jest } from '@jest/globals';
import Snoopath, { type SnoopathOptions } from '../../lib/index.js';
import { startEmulator, type Emulator, type EmulatorOptions, type LoggedRequest } from '../../lib/emulator/index.js';
import type { LooseClient } from '../both-transports/helpers.js';

export type { LooseClient };
export type { Emulator, LoggedRequest };

export const USER_AGENT = 'node:snoopath-integration:1.0 (by /u/tester)';
export const TOKEN_PATH = '/api/v1/access_token';
export const REVOKE_PATH = '/api/v1/revoke_token';

/** The real clock, captured before any test replaces `Date.now`. */
const realNow = Date.now.bind(Date);

const running: Emulator[] = [];
let offset = 0;
let clockSpied = false;

afterEach(async () => {
  if (clockSpied) {
    jest.restoreAllMocks();
    clockSpied = false;
  }
  offset = 0;
  await Promise.all(running.splice(0).map((emu) => emu.close()));
});

/**
 * A budget so large that the client never paces by it, while every answer still carries
 * X-Ratelimit-*. With the emulator's default (1000 per 600 s) a test past the first few hundred
 * requests of a window would be spaced about a second apart, as it should.
 */
export const FAST_BUDGET = { budget: 10_000_000, window: 600 };

/**
 * A fresh emulator, closed after the test. Its clock is `clockNow()` (real time plus any shift);
 * its budgets `FAST_BUDGET` unless `rateLimit` / `sessionRateLimit` are given.
 */
export async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emu = await startEmulator({ now: clockNow, rateLimit: FAST_BUDGET, sessionRateLimit: FAST_BUDGET, ...options });
  running.push(emu);
  return emu;
}

/** The test clock in ms: the real time plus what `shiftClock()` added. */
export function clockNow(): number {
  return realNow() + offset;
}

/**
 * Jump the clock ahead for both sides: the emulator (started with `now: clockNow`) and the client
 * (which reads `Date.now`). Sockets and timers keep running in real time.
 */
export function shiftClock(ms: number): void {
  if (!clockSpied) {
    jest.spyOn(Date, 'now').mockImplementation(clockNow);
    clockSpied = true;
  }
  offset += ms;
}

/**
 * An emulator clock (`start({ now })`) at the start of a rate-limit window of `windowMs` when the test
 * begins: a budget the test spends stays spent for the whole window, however close the wall clock
 * is to the end of one of the emulator's windows. The clients keep the real clock: the emulator
 * tells them the reset in seconds from now. For tests whose other processes cannot share
 * `shiftClock()`.
 */
export function windowStartClock(windowMs: number): () => number {
  const offset = clockNow() % windowMs;
  return () => clockNow() - offset;
}

/**
 * The start of the emulator's next rate-limit window (they are aligned to the clock), reached by
 * jumping the clock (`shiftClock()`) instead of waiting up to a whole window for it: call it before
 * the test's first API call, so no pacer holds state of the window jumped over. Returns the new time.
 */
export function toNextWindow(windowMs: number): number {
  shiftClock(windowMs - (clockNow() % windowMs));
  return clockNow();
}

type Kind = 'script' | 'explicit' | 'implicit' | 'cookies';

/** A client of the emulator's demo app of that kind: throttling off, fast retries, unless overridden. */
export function client(emu: Emulator, kind: Kind = 'script', extra: Omit<Partial<SnoopathOptions>, 'oauth'> & { oauth?: Record<string, unknown> } = {}): LooseClient {
  const { oauth: oauthExtra, ...rest } = extra;
  const oauth =
    kind === 'script' ? { type: 'script', ...emu.apps.script }
    : kind === 'explicit' ? { type: 'explicit', ...emu.apps.web }
    : kind === 'implicit' ? { type: 'implicit', ...emu.apps.installed }
    : undefined;
  const options: Record<string, unknown> = {
    userAgent: USER_AGENT,
    apiServerUri: emu.url,
    authServerUri: emu.url,
    throttle: 0,
    retryDelay: 5,
    ...rest,
  };
  if (oauth) options.oauth = { ...oauth, ...oauthExtra };
  else options.useBrowserCookies = true;
  return new Snoopath(options as SnoopathOptions) as LooseClient;
}

/** Requests to a path (exact string or RegExp), optionally of one method. */
export function requestsTo(emu: Emulator, path: string | RegExp, method?: string): LoggedRequest[] {
  return emu.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!method || r.method === method));
}

/** Token requests, optionally of one grant type (read from the form body). */
export function tokenRequests(emu: Emulator, grant?: string): LoggedRequest[] {
  return requestsTo(emu, TOKEN_PATH, 'POST').filter((r) => !grant || new URLSearchParams(r.body).get('grant_type') === grant);
}

/** The grant types of the token requests, in order. */
export function grants(emu: Emulator): string[] {
  return tokenRequests(emu).map((r) => new URLSearchParams(r.body).get('grant_type') ?? '?');
}

/** Follow an authorize URL the way a browser would, up to the redirect: the Location it answers. */
export async function authorizeRedirect(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status} without a redirect`);
  return location;
}

export { failure } from '../support/failure.js';

/** Resolves after `ms` real milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
