import { describe, expect, it } from '@jest/globals';
import { buildRequest } from '../../lib/request/build.js';
import { formText } from '../../lib/request/encode.js';

/** Every character class the form encoding treats differently, and text a URL parser would trip on. */
const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
const samples = [
  '', ascii, 'two words', 'a+b=c&d', 'ünïcödé', '日本語', '🐱 emoji', "!'()~*-._", '%2e%2e', '\r\n\t',
  'lone \uD800 high', 'lone \uDC00 low', '\uDBFF\uDFFF', 'a'.repeat(3000),
];

describe('form encoding without URLSearchParams', () => {
  it.each(samples.map((s) => [JSON.stringify(s).slice(0, 40), s]))('writes %s exactly as URLSearchParams does, as name and as value', (_label, text) => {
    const pairs: Array<[string, string]> = [[text, text], ['k', text], [text, 'v']];
    expect(formText(pairs)).toBe(new URLSearchParams(pairs).toString());
  });

  it('builds the same URL as the URLSearchParams merge when the path carries no query', () => {
    const args = { q: 'cats & dogs', limit: 25, sr: ['a', 'b'], empty: '', none: null, t: "it's (fine)!" };
    const fast = buildRequest({ verb: 'get', path: '/search', args, origin: 'https://oauth.reddit.com', apiType: 'json' });
    // The same call with an (empty) query in the path goes through the URLSearchParams merge.
    const merged = buildRequest({ verb: 'get', path: '/search?x=1', args: { ...args, x: undefined }, origin: 'https://oauth.reddit.com', apiType: 'json' });
    expect(fast.url).toBe(merged.url.replace('x=1&', ''));
    expect([...new URL(fast.url).searchParams]).toEqual([['q', 'cats & dogs'], ['limit', '25'], ['sr', 'a,b'], ['empty', ''], ['t', "it's (fine)!"], ['api_type', 'json']]);
  });
});
