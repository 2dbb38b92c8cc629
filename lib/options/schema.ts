import * as z from 'zod/mini';
import { ConfigError } from '../errors/classes.js';
import { configErrorOf, firstIssue } from './config-error.js';
import type { SharedLimiter } from '../types/shared-limiter.js';
import type { Logger } from '../types/logger.js';
import { normalizeServerUri } from './server-uri.js';
import type { TokenStore } from '../types/tokens.js';
import { isNode } from '../runtime/detect.js';

/** The longest delay a timer can hold: a longer one fires at once (after 1 ms), so it is refused. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
const timerLimit = z.refine<number>((v) => v <= MAX_TIMER_MS, { error: `must be at most ${MAX_TIMER_MS} ms (about 24.8 days), the longest delay a JavaScript timer can hold` });

/** A lone surrogate (half of a UTF-16 pair) cannot be encoded as UTF-8: percent-encoding (the Basic value), headers and bodies would fail. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = z.refine<string>((v) => !LONE_SURROGATE.test(v), {
  error: 'must be well-formed text, and this holds a lone surrogate (half of a UTF-16 pair, as left when a string is cut inside an emoji or decoded with the wrong encoding): copy the value again from where it was issued',
});
const text = (hint: string) => z.string({ error: hint }).check(z.minLength(1, { error: hint }), wellFormed);
/**
 * A whole number (a safe integer, what z.int() checks) and one of a few strings (what z.enum()
 * checks), built from z.number() and z.literal()'s list of values: z.int()'s number formats and
 * z.enum() weigh about 0.5 KB gzip in a page's first file. The call options use them too (zod's
 * module is in that file).
 */
export const oneOf = <const T extends string>(values: readonly [T, ...T[]], hint: string) => z.literal(values, { error: hint });
export const whole = (hint: string) => z.number({ error: hint }).check(z.refine(Number.isSafeInteger, { error: hint }));
/** A whole number, 0 or more. */
export const count = (hint: string) => whole(hint).check(z.gte(0, { error: hint }));
const ms = (hint: string) => count(hint).check(timerLimit);
const bool = (hint: string) => z.boolean({ error: hint });
const LOG_LEVELS = ['debug', 'info', 'warn', 'error'];
const SHARE = "must be a share of the window's budget from 0 to 0.9, such as 0.1 for 10 %";
const fn = (hint: string) => z.custom<(...args: any[]) => any>((v) => typeof v === 'function', { error: hint });

const scope = z._default(
  z.union([z.literal('*'), z.array(text('each scope is a non-empty string such as "identity"')).check(z.minLength(1, { error: 'must list at least one scope, or be "*" for all' }))], {
    error: 'must be an array of scope names such as ["identity", "read"], or "*" for all',
  }),
  '*',
);

const key = text('must be the app\'s client id, from the app preferences page (a non-empty string)');
const secret = text('must be the app\'s secret, from the app preferences page (a non-empty string)');
const redirectUri = text('must be the redirect URI registered for the app, exactly as registered');

/** Credentials of a "script" app: a bot acting for its own developer account (password grant). */
const scriptOAuth = z.strictObject({
  type: z.literal('script'),
  key,
  secret,
  username: text('must be the account\'s username (a non-empty string)'),
  /** The account's password; with 2FA, `password:123456`. */
  password: text('must be the account\'s password (a non-empty string)'),
  scope,
});

/** Credentials of a "web" app: authorization-code flow, optionally renewed by refresh token. */
const explicitOAuth = z.strictObject({
  type: z.literal('explicit'),
  key,
  secret,
  redirectUri,
  scope,
  /** `permanent` asks for a refresh token so the instance can renew its access. */
  duration: z._default(oneOf(['temporary', 'permanent'], 'must be "temporary" or "permanent"'), 'temporary'),
});

/** Credentials of an "installed" app: implicit flow, a one-hour token from the redirect. */
const implicitOAuth = z.strictObject({
  type: z.literal('implicit'),
  key,
  redirectUri,
  scope,
  /** Sent with application-only tokens; 20 to 30 characters. */
  deviceId: z._default(
    z.string({ error: 'must be a string of 20 to 30 characters' }).check(
      z.minLength(20, { error: 'must be 20 to 30 characters long (or leave it out for DO_NOT_TRACK_THIS_DEVICE)' }),
      z.maxLength(30, { error: 'must be 20 to 30 characters long (or leave it out for DO_NOT_TRACK_THIS_DEVICE)' }),
      wellFormed,
    ),
    'DO_NOT_TRACK_THIS_DEVICE',
  ),
});

export const optionsSchema = z.strictObject({
  /** Sent as `User-Agent` where the runtime allows it: `<platform>:<app ID>:<version> (by /u/<username>)`. */
  userAgent: z.string({ error: 'must be a descriptive string such as "node:my-bot:1.0.0 (by /u/me)"' }).check(
    z.minLength(1, { error: 'must not be empty: use something like "node:my-bot:1.0.0 (by /u/me)"' }),
    z.refine((v) => !/[\r\n]/.test(v), { error: 'must not contain CR or LF characters' }),
    // A header value is Latin-1 without control characters: anything else makes every request fail in fetch.
    z.refine((v) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v), { error: 'must hold only Latin-1 characters, no control characters (an HTTP header carries no others): spell it in ASCII' }),
  ),
  /** Credentials of the one account this instance acts for (section "Authentication" of the docs). */
  oauth: z.optional(
    z.discriminatedUnion('type', [scriptOAuth, explicitOAuth, implicitOAuth], {
      error: 'must be an object with type "script", "explicit" or "implicit"',
    }),
  ),
  /** Use the browser's session cookies instead of OAuth. */
  useBrowserCookies: z._default(bool('must be true or false'), false),
  /**
   * Minimum gap in ms between the starts of two requests; 0 disables. Left out, 1000 ms apply until
   * the platform has told the rate-limit budget, and then its own pacing, which spreads the budget
   * evenly until the window resets (a fixed 1 s gap would leave 40 % of the budget unused).
   */
  throttle: z.optional(ms('must be a whole number of milliseconds, 0 or more (0 disables throttling)')),
  /** Decode HTML entities in every string value of parsed JSON responses. */
  decodeHtmlEntities: z._default(bool('must be true or false'), false),
  /** Send `raw_json=1` (text as written); `false` gets the platform's escaped text (`&amp;`, `&lt;`, `&gt;`). */
  rawJson: z._default(bool('must be true or false'), true),
  /** How many times a failed request is sent again. */
  retryAttempts: z._default(count('must be a whole number, 0 or more'), 60),
  /** Wait in ms between a failure and the next send. */
  retryDelay: z._default(ms('must be a whole number of milliseconds, 0 or more'), 5000),
  /** Limit in ms for one send, counted from when it leaves the queue. */
  requestTimeout: z._default(whole('must be a whole number of milliseconds above 0').check(z.gt(0, { error: 'must be a whole number of milliseconds above 0' }), timerLimit), 20000),
  /** The most bytes (decoded) one answer may have; reading stops there (ResponseError RESPONSE_TOO_LARGE). */
  maxResponseSize: z._default(whole('must be a whole number of bytes above 0 (decoded), such as 33554432 for 32 MiB').check(z.gt(0, { error: 'must be a whole number of bytes above 0 (decoded), such as 33554432 for 32 MiB' })), 32 * 1024 * 1024),
  /** Auto-filled `api_type` parameter; `false` turns it off. */
  apiType: z._default(z.union([text('must be a non-empty string or false'), z.literal(false)], { error: 'must be a non-empty string such as "json", or false' }), 'json'),
  /** Where API calls go: a host (https) or an origin. */
  apiServerUri: z.optional(text('must be a host such as "oauth.reddit.com" or an origin such as "https://host:port"')),
  /** Where token, revoke and authorize URLs go: a host (https) or an origin. */
  authServerUri: z.optional(text('must be a host such as "www.reddit.com" or an origin such as "https://host:port"')),
  /** snoocore's name for `apiServerUri`. */
  serverOAuth: z.optional(text('must be a host or an origin (prefer the newer name apiServerUri)')),
  /** snoocore's name for `authServerUri`. */
  serverWWW: z.optional(text('must be a host or an origin (prefer the newer name authServerUri)')),
  /** Authorize URLs use `/api/v1/authorize.compact`. */
  mobile: z._default(bool('must be true or false'), false),
  /** A custom fetch; every request of the instance goes through it, token requests included. */
  fetch: z.optional(fn('must be a fetch-compatible function')),
  /** Reject a call to a known endpoint early when the instance did not ask for the scope it needs. */
  checkScopes: z._default(bool('must be true or false'), true),
  /** Where tokens live across restarts. */
  tokenStore: z.optional(
    z.custom<TokenStore>((v) => !!v && typeof (v as TokenStore).get === 'function' && typeof (v as TokenStore).set === 'function', {
      error: 'must be an object with get() and set(tokens) methods',
    }),
  ),
  /**
   * Node only: send every request through this proxy, an `http:` or `https:` URL (credentials in it
   * go as Proxy-Authorization), or `'env'` for HTTPS_PROXY / HTTP_PROXY / NO_PROXY. https requests
   * go through a CONNECT tunnel: the proxy sees the host, never the request.
   */
  proxy: z.optional(
    z.string({ error: 'must be a proxy URL such as "http://proxy.example:3128", or "env"' }).check(
      z.refine((v) => v === 'env' || /^https?:\/\/[^/?#\s]+\/?$/i.test(v), { error: 'must be a proxy URL such as "http://proxy.example:3128" (http: or https:, no path), or "env"' }),
      wellFormed,
    ),
  ),
  /**
   * Whose rate-limit budget the instance spends: `'app'` (default) shares one with every instance of
   * the same client id and API origin in the process; `'instance'` paces this instance alone;
   * `sharedLimit()` from `snoopath/shared-limit` shares it with other processes through Redis.
   */
  limiter: z._default(
    z.custom<'app' | 'instance' | SharedLimiter>((v) => v === 'app' || v === 'instance' || (!!v && typeof v === 'object' && typeof (v as SharedLimiter).attach === 'function'), {
      error: 'must be "app" (the default), "instance", or what sharedLimit({ redis }) of snoopath/shared-limit returns',
    }),
    'app',
  ),
  /** A RATELIMIT answer asking to wait at most this many ms is waited out and sent again; a longer one rejects at once. */
  ratelimitWait: z._default(ms('must be a whole number of milliseconds, 0 or more'), 5000),
  /** A send that would wait longer than this for the budget, a 429's pause or a RATELIMIT cooldown rejects at once with RateLimitError. Left out: no limit. */
  maxWait: z.optional(ms('must be a whole number of milliseconds, 0 or more')),
  /** Share of a window's budget that low-priority sends leave for the others. */
  reserve: z.optional(z.number({ error: SHARE }).check(z.gte(0, { error: SHARE }), z.lte(0.9, { error: SHARE }))),
  /** Where log lines go (Octokit's `{ debug, info, warn, error }`); a level left out keeps its default. */
  log: z.optional(
    z.custom<Partial<Logger>>((v) => !!v && typeof v === 'object' && LOG_LEVELS.every((k) => (v as Record<string, unknown>)[k] === undefined || typeof (v as Record<string, unknown>)[k] === 'function'), {
      error: 'must be a logger such as console: { debug, info, warn, error }, each a function where given',
    }),
  ),
});

const OAUTH_NAMES: Record<string, readonly string[]> = { script: Object.keys(scriptOAuth.shape), explicit: Object.keys(explicitOAuth.shape), implicit: Object.keys(implicitOAuth.shape) };

/** The names valid at a path of the options, for "did you mean": oauth's depend on the app type given. */
function knownNames(path: PropertyKey[], input: object): readonly string[] {
  if (path.length === 0) return Object.keys(optionsSchema.shape);
  if (path.length > 1 || path[0] !== 'oauth') return [];
  const type = (input as { oauth?: { type?: unknown } }).oauth?.type;
  return typeof type === 'string' && Object.hasOwn(OAUTH_NAMES, type) ? OAUTH_NAMES[type]! : [...new Set(Object.values(OAUTH_NAMES).flat())];
}

/** Options of `new Snoopath(options)`: written out in lib/types/options.ts, so users' compilers never load zod's types. */
export type { SnoopathOptions } from '../types/options.js';
type Parsed = z.output<typeof optionsSchema>;
/** OAuth credentials, one of the three app types. */
export type OAuthOptions = NonNullable<Parsed['oauth']>;

/** Options after validation: defaults filled in, server URIs resolved to origins. */
export type ResolvedOptions = Omit<Parsed, 'apiServerUri' | 'authServerUri' | 'serverOAuth' | 'serverWWW'> & {
  apiServerUri: string;
  authServerUri: string;
};

/** Validate options once; throws ConfigError naming the option, what was given and how to fix it. */
export function resolveOptions(input: unknown): ResolvedOptions {
  if (input === null || typeof input !== 'object') {
    throw new ConfigError('options', 'Snoopath needs an options object with at least userAgent and oauth, such as new Snoopath({ userAgent, oauth: { type: "script", key, secret, username, password } }).');
  }
  const result = optionsSchema.safeParse(input);
  if (!result.success) {
    const issue = firstIssue(result.error.issues);
    // The union's message is about the whole object; when only its type is wrong, say that.
    const message = issue.path.join('.') === 'oauth.type' ? 'must be "script", "explicit" or "implicit" (the kind of app registered on the platform)' : issue.message;
    throw configErrorOf({ ...issue, message }, input, 'Option', (path) => knownNames(path, input));
  }
  const { serverOAuth, serverWWW, apiServerUri, authServerUri, ...rest } = result.data;
  if (rest.oauth && rest.useBrowserCookies) {
    throw new ConfigError('useBrowserCookies', 'Options oauth and useBrowserCookies exclude each other: cookie mode uses the browser session, so leave out oauth (or set useBrowserCookies: false).');
  }
  if (!rest.oauth && !rest.useBrowserCookies) {
    throw new ConfigError('oauth', 'Option oauth is required: pass { type: "script" | "explicit" | "implicit", key, ... } (or useBrowserCookies: true in a logged-in browser page).');
  }
  if (rest.proxy !== undefined && rest.fetch) {
    throw new ConfigError('proxy', 'Options proxy and fetch exclude each other: proxy applies to the built-in transport; route your own fetch through the proxy instead (or leave out fetch).');
  }
  if (rest.proxy !== undefined && !isNode) {
    throw new ConfigError('proxy', 'Option proxy works in Node only: browsers use their own proxy settings, and Deno and Bun read HTTPS_PROXY themselves; leave it out here.');
  }
  const defaultApi = rest.useBrowserCookies ? 'www.reddit.com' : 'oauth.reddit.com';
  return {
    ...rest,
    apiServerUri: normalizeServerUri(apiServerUri ? 'apiServerUri' : 'serverOAuth', apiServerUri ?? serverOAuth ?? defaultApi),
    authServerUri: normalizeServerUri(authServerUri ? 'authServerUri' : 'serverWWW', authServerUri ?? serverWWW ?? 'www.reddit.com'),
  };
}
