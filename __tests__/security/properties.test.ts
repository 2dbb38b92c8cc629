/**
 * Property-based tests (fast-check): request building, option parsing and redaction hold for
 * generated inputs, not only for the cases someone thought of. Runs are bounded to stay fast.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

// Small generated values keep 300 runs per property within a second or two on a loaded machine.
fc.configureGlobal({ baseSize: 'small' });
import { checkCallOptions } from '../../lib/options/call-options.js';
import { ArgumentError, AuthError, ConfigError, NetworkError, ResponseError, SnoopathError, TimeoutError } from '../../lib/errors/classes.js';
import { resolveOptions } from '../../lib/options/schema.js';
import { Snoopath, type SnoopathOptions } from '../../lib/index.js';
import { Redactor } from '../../lib/redact/redactor.js';

const loadDeep = () => import('../../lib/redact/deep.js');
import { buildRequest, type Verb } from '../../lib/request/build.js';
import { views } from '../support/scan.js';

const RUNS = { numRuns: 300 };
const ORIGIN = 'https://oauth.reddit.com';
const verbs: Verb[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** Any value a caller might pass, the odd ones included. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constantFrom(undefined, null, NaN, Infinity, -Infinity, () => 1, Symbol('s'), new Date(0), new Date(NaN), '\uD800', 'a\uDC00b', '..', '.', ''),
  fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.object({ maxDepth: 1, maxKeys: 2 })), { maxLength: 3 }),
  fc.object({ maxDepth: 1, maxKeys: 3 }),
);

/** A path template: literal segments and `$param`s, with an optional query. */
const word = (chars: string, maxLength: number) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength });
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const template = fc.tuple(
  fc.array(fc.oneof(word(`${LOWER}0123456789_`, 8), word(LOWER, 7).map((name) => `$${name}`)), { minLength: 1, maxLength: 5 }),
  fc.option(fc.tuple(word(LOWER, 4), word(`${LOWER}0123456789`, 4)).map(([k, v]) => `${k}=${v}`), { nil: undefined }),
);

describe('request building', () => {
  it('never throws anything but ArgumentError, never changes the host, never adds path segments', () => {
    fc.assert(
      fc.property(
        template,
        fc.dictionary(fc.string({ unit: 'binary', maxLength: 10 }), anyValue, { maxKeys: 3 }),
        fc.array(anyValue, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...verbs),
        fc.constantFrom<'form' | 'json' | undefined>('form', 'json', undefined),
        fc.constantFrom<string | false>('json', false),
        ([segments, query], extra, paramValues, verb, bodyType, apiType) => {
          const params = segments.filter((s) => s.startsWith('$'));
          const args: Record<string, unknown> = { ...extra };
          params.forEach((p, i) => (args[p] = paramValues[i % paramValues.length]));
          const path = `/${segments.join('/')}${query ? `?${query}` : ''}`;
          let spec;
          try {
            spec = buildRequest({ verb, path, args, origin: ORIGIN, apiType, bodyType });
          } catch (error) {
            if (!(error instanceof ArgumentError)) throw error;
            return;
          }
          const url = new URL(spec.url);
          expect(url.origin).toBe(ORIGIN);
          expect(url.hash).toBe('');
          const sent = url.pathname.split('/').slice(1);
          expect(sent).toHaveLength(segments.length);
          segments.forEach((segment, i) => {
            if (segment.startsWith('$')) expect(decodeURIComponent(sent[i]!)).toBe(String(args[segment]));
            else expect(sent[i]).toBe(segment);
          });
          if (spec.body !== undefined && bodyType === 'json') expect(() => JSON.parse(spec.body!)).not.toThrow();
        },
      ),
      { numRuns: 250 },
    );
  });

  it('whatever the path, the request goes to the given origin', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...verbs), (path, verb) => {
        try {
          expect(new URL(buildRequest({ verb, path, args: {}, origin: ORIGIN, apiType: false }).url).origin).toBe(ORIGIN);
        } catch (error) {
          if (!(error instanceof ArgumentError)) throw error;
        }
      }),
      RUNS,
    );
  });
});

describe('option parsing', () => {
  const keys = ['userAgent', 'oauth', 'useBrowserCookies', 'throttle', 'decodeHtmlEntities', 'retryAttempts', 'retryDelay', 'requestTimeout', 'apiType', 'apiServerUri', 'authServerUri', 'serverOAuth', 'serverWWW', 'mobile', 'fetch', 'checkScopes', 'tokenStore', 'limiter', 'retryAttemps'];
  const oauth = fc.record(
    { type: fc.constantFrom('script', 'explicit', 'implicit', 'web', 3), key: anyValue, secret: anyValue, username: anyValue, password: anyValue, redirectUri: anyValue, scope: anyValue, duration: anyValue, deviceId: anyValue },
    { requiredKeys: [] },
  );
  const options = fc.dictionary(fc.constantFrom(...keys), fc.oneof(anyValue, oauth), { maxKeys: 8 });

  /** Odd strings: lone surrogates (alone, inside text, at either end), controls, non-Latin-1. */
  const oddText = fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    fc.constantFrom('\uD800', 'a\uDC00b', 'secret\uD83D', '\uDE00secret', 'se\uD800cret-value', 'ok\uD83D\uDE00ok', 'tab\there', 'ünï', ' '),
  );
  /** Options that pass validation but for one or two fields, so the constructor itself runs (Basic value, redactor, pacer). */
  const nearlyValid = fc
    .record({
      type: fc.constantFrom('script', 'explicit', 'implicit'),
      key: fc.oneof(fc.constant('client-id-123'), oddText, anyValue),
      secret: fc.oneof(fc.constant('client-secret-value'), oddText, anyValue),
      username: fc.oneof(fc.constant('bot'), oddText),
      password: fc.oneof(fc.constant('bot-password'), oddText),
      redirectUri: fc.oneof(fc.constant('http://localhost:8080/cb'), oddText),
      deviceId: fc.oneof(fc.constant(undefined), fc.constant('d'.repeat(24)), oddText.map((t) => t.padEnd(22, 'x'))),
      userAgent: fc.oneof(fc.constant('node:props:1.0 (by /u/me)'), oddText),
      apiType: fc.oneof(fc.constant('json'), oddText),
    })
    .map(({ type, key, secret, username, password, redirectUri, deviceId, userAgent, apiType }) => ({
      userAgent,
      apiType,
      // A fetch of its own, so no instance loads the default transport during the property.
      fetch: async () => new Response('{}'),
      limiter: 'instance',
      oauth:
        type === 'script' ? { type, key, secret, username, password }
        : type === 'explicit' ? { type, key, secret, redirectUri }
        : { type, key, redirectUri, ...(deviceId === undefined ? {} : { deviceId }) },
    }));

  it('the constructor\'s never throw anything but ConfigError: resolveOptions and new Snoopath alike', () => {
    fc.assert(
      fc.property(fc.oneof(options, anyValue, nearlyValid), (input) => {
        for (const attempt of [() => resolveOptions(input), () => new Snoopath(input as SnoopathOptions)]) {
          try {
            attempt();
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            expect(error.message).toMatch(/^[A-Z]/);
            expect(typeof error.option).toBe('string');
            // A secret's value is never echoed, whatever it holds.
            const oauth = (input as { oauth?: Record<string, unknown> } | null)?.oauth;
            const given = error.option.startsWith('oauth.') ? oauth?.[error.option.slice(6)] : undefined;
            if ((error.option === 'oauth.secret' || error.option === 'oauth.password') && typeof given === 'string' && given.length >= 5) expect(error.message).not.toContain(JSON.stringify(given).slice(1, -1));
          }
        }
      }),
      RUNS,
    );
  });

  it('a key, secret, username or password that is not well-formed text (a lone surrogate) is a ConfigError naming it', () => {
    const base = { userAgent: 'node:props:1.0 (by /u/me)', fetch: async () => new Response('{}') };
    const script = { type: 'script', key: 'client-id-123', secret: 'client-secret-value', username: 'bot', password: 'bot-password' };
    for (const [option, oauth] of [
      ['oauth.secret', { ...script, secret: 'a\uD800bcd' }],
      ['oauth.key', { ...script, key: 'id\uDC00' }],
      ['oauth.username', { ...script, username: '\uD83Dbot' }],
      ['oauth.password', { ...script, password: 'pass\uD800word' }],
      ['oauth.secret', { type: 'explicit', key: 'client-id-123', secret: 'a\uD800bcd', redirectUri: 'http://localhost:8080/cb' }],
      ['oauth.key', { type: 'implicit', key: '\uDFFFid', redirectUri: 'http://localhost:8080/cb' }],
    ] as const) {
      let caught: unknown;
      try {
        new Snoopath({ ...base, oauth } as unknown as SnoopathOptions);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      const error = caught as ConfigError;
      expect(error.option).toBe(option);
      expect(error.message).toContain(option);
      expect(error.message).toMatch(/lone surrogate/);
      if (option === 'oauth.secret' || option === 'oauth.password') expect(error.message).not.toContain((oauth as Record<string, string>)[option.slice(6)]);
    }
  });

  it('a call\'s never throw anything but ConfigError', () => {
    const callKeys = ['decodeHtmlEntities', 'retryAttempts', 'retryDelay', 'requestTimeout', 'apiType', 'bypassAuth', 'listingIndex', 'bodyType', 'signal', 'retryAttemps', 'singal'];
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(fc.constantFrom(...callKeys), anyValue, { maxKeys: 4 }), anyValue), (input) => {
        try {
          checkCallOptions(input);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
        }
      }),
      RUNS,
    );
  });
});

describe('redaction', () => {
  /** A secret: its own prefix, so that no generated filler or fixed word can contain it by chance. */
  const secret = fc.string({ unit: 'grapheme', minLength: 4, maxLength: 24 }).map((s) => `s3cr${s}`);
  const filler = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('s3cr'));
  /** The forms an echo takes: as sent, percent-encoded, form-encoded, JSON-escaped. */
  const echo = (value: string, form: number) =>
    [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2), JSON.stringify(value).slice(1, -1)][form]!;

  /** An instance of some class, holding what it was given in fields of its own. */
  class Attempt {
    constructor(
      readonly detail: unknown,
      readonly next?: unknown,
    ) {}
  }

  /** An error of any of our shapes, with the secret echoed somewhere in it. */
  const shaped = (s: string) =>
    fc.tuple(filler, filler, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 3 })).map(([a, b, form, shape, depth]) => {
      const text = `${a}${echo(s, form)}${b}`;
      const body = { explanation: text, nested: [{ deep: { deeper: [text] } }], [text]: 1 };
      const details = { status: 400, method: 'GET', url: `https://x.test/${a}`, body, errors: [['E', text, 'f']] as Array<[string, string, string?]>, attempts: 1 };
      let error: Error =
        shape === 0 ? new ResponseError(text, details)
        : shape === 1 ? new AuthError(text, { code: 'invalid_grant', cause: Object.assign(new Error(text), { body }) })
        : shape === 2 ? new NetworkError(`failed ${a}`, Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(text), { code: 'ECONNRESET' }) }))
        : shape === 3 ? new TimeoutError(text)
        : shape === 4 ? new AggregateError([new Error(text), new SnoopathError(`x ${b}`)], 'many')
        : shape === 5 ? Object.freeze(new Error(text))
        : shape === 6 ? new ResponseError('ok', { ...details, body: text })
        : shape === 7 ? Object.assign(new Error('carrier'), { response: new Response(null, { headers: { 'x-echo': encodeURIComponent(text) } }) })
        // Shapes a custom fetch or a runtime puts in a cause: a DOMException, Maps, Sets, URLs, instances of some class.
        : shape === 8 ? new NetworkError(`failed ${a}`, new TypeError('fetch failed', { cause: new DOMException(text, 'NetworkError') }))
        : shape === 9 ? new NetworkError('failed', new DOMException('aborted', text))
        : shape === 10 ? Object.assign(new Error('carrier'), { map: new Map<unknown, unknown>([[text, 1], ['v', { list: [text] }]]), set: new Set([b, text]) })
        : shape === 11 ? Object.assign(new Error('carrier'), { url: new URL(`https://x.test/?echo=${encodeURIComponent(text)}#${encodeURIComponent(text)}`), params: new URLSearchParams({ [text]: text }) })
        : shape === 12 ? Object.assign(new Error('carrier'), { attempt: new Attempt(text, new Attempt(b, { deep: [new Map([['k', text]])] })) })
        : new AuthError('grant failed', { code: 'invalid_grant', cause: new Attempt(b, new DOMException(text)) });
      for (let i = 0; i < depth; i++) error = new SnoopathError(`wrapped ${i}`, { cause: error });
      return error;
    });

  it('hides every generated secret in every error shape, whatever form it was echoed in', async () => {
    await fc.assert(
      fc.asyncProperty(secret.chain((s) => fc.tuple(fc.constant(s), shaped(s))), async ([s, error]) => {
        const redactor = new Redactor(loadDeep);
        redactor.add(s);
        const cleaned = await redactor.error(error);
        const text = views(cleaned);
        for (let form = 0; form < 4; form++) expect(text).not.toContain(echo(s, form));
      }),
      { numRuns: 200 },
    );
  });

  it('a body nested deeper than any answer goes is cut off, not a stack overflow', async () => {
    const redactor = new Redactor(loadDeep);
    redactor.add('s3cr-deep-secret');
    let body: unknown = ['s3cr-deep-secret'];
    for (let i = 0; i < 100_000; i++) body = [body];
    const error = await redactor.error(new ResponseError('bad', { status: 400, method: 'GET', url: 'https://x.test/', body, errors: [], attempts: 1 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(JSON.stringify(error.body)).toContain('[REDACTED: nested too deep]');
    expect(redactor.value({ body })).toBeDefined();
  });

  it('event payloads too (plain objects holding errors and bodies), without changing what the caller holds', async () => {
    await fc.assert(
      fc.asyncProperty(secret, filler, async (s, a) => {
        const redactor = new Redactor(loadDeep);
        redactor.add(s);
        // Payloads are cleaned synchronously once the walker has loaded (the core loads it before the first send).
        await redactor.ready();
        const body = { text: `${a}${s}`, list: [s] };
        const snapshot = JSON.stringify(body);
        const map = new Map<unknown, unknown>([[s, a], ['k', [s]]]);
        const harmless = new Attempt(a.replace(/[^a-z]/g, ''));
        const payload = redactor.value({
          attempt: 1, delay: 0, error: new Error(`${s}${a}`, { cause: new DOMException(`${a}${s}`) }), body,
          map, set: new Set([s]), url: new URL(`https://x.test/${encodeURIComponent(s)}`), note: new Attempt({ s }), harmless,
        });
        expect(views(payload)).not.toContain(s);
        expect(JSON.stringify(body)).toBe(snapshot);
        expect(map.get(s)).toBe(a);
        // What holds no secret keeps its identity.
        expect(payload.harmless).toBe(harmless);
      }),
      RUNS,
    );
  });
});
