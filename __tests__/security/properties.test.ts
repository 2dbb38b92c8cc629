/**
 * Property-based tests (fast-check): request building, option parsing and redaction hold for
 * generated inputs, not only for the cases someone thought of. Runs are bounded to stay fast.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

// Small generated values keep 300 runs per property within a second or two on a loaded machine.
fc.configureGlobal({ baseSize: 'small' });
import { checkCallOptions } from '../../lib/call-options.js';
import { ArgumentError, AuthError, ConfigError, NetworkError, ResponseError, SnoopathError, TimeoutError } from '../../lib/errors.js';
import { resolveOptions } from '../../lib/options.js';
import { Redactor } from '../../lib/redact.js';
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

  it('the constructor\'s never throw anything but ConfigError', () => {
    fc.assert(
      fc.property(fc.oneof(options, anyValue), (input) => {
        try {
          resolveOptions(input);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          expect(error.message).toMatch(/^[A-Z]/);
          expect(typeof error.option).toBe('string');
        }
      }),
      RUNS,
    );
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

  /** An error of any of our shapes, with the secret echoed somewhere in it. */
  const shaped = (s: string) =>
    fc.tuple(filler, filler, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 3 })).map(([a, b, form, shape, depth]) => {
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
        : Object.assign(new Error('carrier'), { response: new Response(null, { headers: { 'x-echo': encodeURIComponent(text) } }) });
      for (let i = 0; i < depth; i++) error = new SnoopathError(`wrapped ${i}`, { cause: error });
      return error;
    });

  it('hides every generated secret in every error shape, whatever form it was echoed in', async () => {
    await fc.assert(
      fc.asyncProperty(secret.chain((s) => fc.tuple(fc.constant(s), shaped(s))), async ([s, error]) => {
        const redactor = new Redactor();
        redactor.add(s);
        const cleaned = await redactor.error(error);
        const text = views(cleaned);
        for (let form = 0; form < 4; form++) expect(text).not.toContain(echo(s, form));
      }),
      { numRuns: 200 },
    );
  });

  it('event payloads too (plain objects holding errors and bodies), without changing what the caller holds', () => {
    fc.assert(
      fc.property(secret, filler, (s, a) => {
        const redactor = new Redactor();
        redactor.add(s);
        const body = { text: `${a}${s}`, list: [s] };
        const snapshot = JSON.stringify(body);
        const payload = redactor.value({ attempt: 1, delay: 0, error: new Error(`${s}${a}`), body });
        expect(views(payload)).not.toContain(s);
        expect(JSON.stringify(body)).toBe(snapshot);
      }),
      RUNS,
    );
  });
});
