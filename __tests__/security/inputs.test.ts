/** Bad inputs are ConfigError / ArgumentError with a fix, before anything is sent: never a raw TypeError or a wrong request. */
import { describe, expect, it } from '@jest/globals';
import Snoopath, { ArgumentError, ConfigError, type SnoopathOptions } from '../../lib/index.js';
import { failure } from '../support/failure.js';
import type { LooseClient } from '../both-transports/helpers.js';

const MAX = 2 ** 31 - 1;
const oauth = { type: 'script', key: 'client-id', secret: 'client-secret-1', username: 'bot', password: 'bot-password-1' } as const;

/** A client whose fetch records instead of sending: nothing may reach it in these tests. */
function recording(extra: Record<string, unknown> = {}) {
  const sent: string[] = [];
  const reddit = new Snoopath({
    userAgent: 'node:inputs:1.0 (by /u/me)', oauth, throttle: 0,
    fetch: async (input: RequestInfo | URL) => {
      const url = String((input as Request).url ?? input);
      if (url.endsWith('/api/v1/access_token')) return Response.json({ access_token: 'token-abcdef', token_type: 'bearer', expires_in: 3600 });
      sent.push(url);
      return new Response('{}', { status: 500 });
    },
    ...extra,
  } as SnoopathOptions) as LooseClient;
  return { reddit, sent };
}

function configError(options: Record<string, unknown>): ConfigError {
  try {
    new Snoopath({ userAgent: 'ua', oauth, ...options } as SnoopathOptions);
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('timers above 2^31-1 ms would fire at once: ConfigError', () => {
  it.each(['requestTimeout', 'retryDelay', 'throttle'])('%s', (option) => {
    const e = configError({ [option]: MAX + 1 });
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.option).toBe(option);
    expect(e.message).toContain(String(MAX));
    expect(() => new Snoopath({ userAgent: 'ua', oauth, [option]: MAX } as SnoopathOptions)).not.toThrow();
  });

  it.each(['requestTimeout', 'retryDelay'])('per call: %s', async (option) => {
    const { reddit, sent } = recording();
    const error = await failure(reddit('/api/v1/me').get(undefined, { [option]: 2 ** 31 }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.option).toBe(option);
    expect(sent).toEqual([]);
  });
});

describe('per-call options are checked like the constructor\'s', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['requestTimeout', { requestTimeout: NaN }, /requestTimeout must be a whole number/],
    ['requestTimeout', { requestTimeout: 0 }, /above 0/],
    ['retryAttempts', { retryAttempts: -1 }, /0 or more/],
    ['retryDelay', { retryDelay: '5' }, /whole number/],
    ['signal', { signal: {} }, /AbortSignal/],
    ['apiType', { apiType: '' }, /non-empty string|false/],
    ['bodyType', { bodyType: 'xml' }, /"form", "json" or "query"/],
    ['listingIndex', { listingIndex: -1 }, /0 or more/],
    ['bypassAuth', { bypassAuth: 'yes' }, /true or false/],
    ['decodeHtmlEntities', { decodeHtmlEntities: 1 }, /true or false/],
    ['retryAttemps', { retryAttemps: 3 }, /Unknown call option retryAttemps\. Did you mean retryAttempts\?/],
    ['signl', { signl: AbortSignal.abort() }, /Did you mean signal\?/],
  ])('%s: %j', async (option, callOptions, message) => {
    const { reddit, sent } = recording();
    for (const promise of [reddit('/api/v1/me').get(undefined, callOptions), reddit('/r/aww/hot').listing(undefined, callOptions), reddit('/api/vote').post({ id: 't3_x' }, callOptions)]) {
      const error = await failure(promise);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.option).toBe(option);
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/^Call option|^Unknown call option/);
    }
    expect(sent).toEqual([]);
  });

  it('call options that are not an object', async () => {
    const { reddit } = recording();
    const error = await failure(reddit('/api/v1/me').get(undefined, 'fast' as never));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/Call options must be an object/);
  });

  it('valid options pass, and the caller\'s object is not changed', async () => {
    const { reddit, sent } = recording();
    const options = Object.freeze({ retryAttempts: 0, requestTimeout: 1000, signal: AbortSignal.timeout(5000), apiType: false as const, bypassAuth: false, bodyType: 'form' as const });
    const error = await failure(reddit('/api/v1/me').get(undefined, options));
    expect(error).not.toBeInstanceOf(ConfigError);
    expect(sent.length).toBeGreaterThan(0);
  });
});

describe('arguments that have no text form: ArgumentError with a fix, nothing sent', () => {
  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a function', { id: () => 't3_x' }, /argument "id" is a function/],
    ['a symbol', { id: Symbol('t3_x') }, /argument "id" is a symbol/],
    ['an array of objects', { ids: [{ id: 1 }] }, /argument "ids" \[0\] is an object/],
    ['an array of arrays', { ids: [['a']] }, /argument "ids" \[0\] is an array/],
    ['NaN', { limit: NaN }, /argument "limit" is NaN/],
    ['Infinity', { limit: Infinity }, /argument "limit" is Infinity/],
    ['a lone surrogate', { text: 'a\uD800b' }, /argument "text" holds a lone UTF-16 surrogate/],
    ['a lone surrogate in a name', { ['k\uDC00']: 'v' }, /argument name holds a lone UTF-16 surrogate/],
    ['an object', { sr: { name: 'aww' } }, /argument "sr" is an object, and parameters are text: .*JSON\.stringify/],
    ['an invalid Date', { when: new Date('nope') }, /invalid Date/],
    ['a $param object', { $subreddit: { name: 'aww' } }, /url parameter \$subreddit is an object/],
  ];

  it.each(bad)('%s', async (_label, args, message) => {
    const { reddit, sent } = recording();
    for (const promise of [reddit('/r/$subreddit/about').get({ $subreddit: 'aww', ...args }), reddit('/r/$subreddit/api/x').post({ $subreddit: 'aww', ...args })]) {
      const error = await failure(promise);
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toMatch(message);
      // a fix follows the problem
      expect(error.message).toMatch(/: \S/);
    }
    expect(sent).toEqual([]);
  });

  it('JSON bodies refuse what JSON cannot carry (cycles, BigInt, NaN, functions)', async () => {
    const { reddit, sent } = recording();
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    for (const args of [{ c: cycle }, { b: 1n }, { n: { x: NaN } }, { f: [() => 1] }]) {
      const error = await failure(reddit('/api/v1/me/prefs').patch(args, { bodyType: 'json' }));
      expect(error).toBeInstanceOf(ArgumentError);
    }
    expect(sent).toEqual([]);
  });

  it('arguments that are not an object', async () => {
    const { reddit, sent } = recording();
    for (const args of ['limit=5', 5, [1, 2], true]) {
      const error = await failure(reddit('/api/v1/me').get(args as never));
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toMatch(/pass an object/);
    }
    expect(sent).toEqual([]);
  });

  it('what has a text form still goes: BigInt, Dates, JSON text, arrays of scalars', async () => {
    const { reddit, sent } = recording({ retryAttempts: 0 });
    await failure(reddit('/api/x').get({ big: 12345678901234567890n, when: new Date(0), o: JSON.stringify({ a: [1, 'b'] }), ids: ['t3_a', 2, true, null] }, { bypassAuth: true }));
    const url = new URL(sent.find((u) => u.includes('/api/x'))!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ big: '12345678901234567890', when: '1970-01-01T00:00:00.000Z', o: '{"a":[1,"b"]}', ids: 't3_a,2,true,' });
  });

  it('a JSON body takes objects (and checks what they hold)', async () => {
    const { reddit, sent } = recording({ retryAttempts: 0 });
    const error = await failure(reddit('/api/v1/me/prefs').patch({ prefs: { f() {} } }, { bodyType: 'json' }));
    expect(error.message).toMatch(/argument "prefs"\.f is a function/);
    await failure(reddit('/api/v1/me/prefs').patch({ prefs: { nightmode: true } }, { bodyType: 'json' }));
    expect(sent.length).toBeGreaterThan(0);
  });
});

describe('userAgent must be a valid header value', () => {
  it.each(['node:bot:1.0 (by /u/Jürgen)', 'bot \u2603', 'bot\u0007'])('%j', (userAgent) => {
    const latin = /^[\t\x20-\x7e\x80-\xff]*$/.test(userAgent);
    if (latin) {
      expect(() => new Snoopath({ userAgent, oauth })).not.toThrow();
      return;
    }
    const e = configError({ userAgent });
    expect(e.option).toBe('userAgent');
    expect(e.message).toMatch(/Latin-1/);
  });
});

describe('option errors read as sentences', () => {
  it.each<Record<string, unknown>>([
    { throttle: -1 }, { throttle: 1.5 }, { oauth: { ...oauth, key: undefined } }, { oauth: { ...oauth, type: 'web' } },
    { oauth: 'script' }, { userAgent: undefined }, { apiType: true }, { tokenStore: 3 }, { throtle: 5 },
    { oauth: { ...oauth, scope: [] } }, { oauth: { ...oauth, secret: '' } }, { requestTimeout: 2 ** 40 },
  ])('%j', (options) => {
    const e = configError(options);
    expect(e.message).toMatch(/^[A-Z][^\n]*[.?]$/);
    expect(e.message).not.toMatch(/\(got |\)\s*\(|\s{2}/);
    expect(e.message).toContain(e.option);
  });
});
