/** The cassette file: a stable, readable text, checked when read back. */
import { describe, expect, it } from '@jest/globals';
import { bodyOf, headersOf, parse, serialize } from '../../lib/testing/format.js';
import type { Interaction } from '../../lib/testing/types.js';

const interaction: Interaction = {
  request: { method: 'POST', url: 'https://oauth.reddit.com/api/comment', headers: { authorization: 'bearer REDACTED_ACCESS_TOKEN' }, form: { text: 'hi' } },
  response: { status: 200, headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '99.0' }, json: { json: { errors: [['RATELIMIT', 'you are doing that too much. try again in 3 minutes.', 'ratelimit']], ratelimit: 171.5 } } },
};

describe('writing', () => {
  it('is stable, two-space indented, short arrays of scalars on one line, a newline at the end', () => {
    const text = serialize([interaction]);
    expect(serialize([interaction])).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "interactions": [\n    {\n      "request": {\n        "method": "POST",');
    expect(text).toMatch(/"errors": \[\n\s+\["RATELIMIT", "you are doing that too much. try again in 3 minutes.", "ratelimit"\]\n\s+\]/);
    expect(JSON.parse(text)).toEqual({ snoopathCassette: 1, interactions: [interaction] });
  });

  it('long arrays of scalars go one item a line', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `id${i}`);
    const text = serialize([{ ...interaction, response: { status: 200, headers: {}, json: { ids } } }]);
    expect(text).toContain('"ids": [\n');
    expect(JSON.parse(text).interactions[0].response.json.ids).toEqual(ids);
  });
});

describe('reading', () => {
  it('gives the interactions back', () => {
    expect(parse(serialize([interaction]), 'f.json')).toEqual([interaction]);
  });

  it.each([
    ['not json', /f.json is not JSON/],
    ['{"interactions": []}', /is not a snoopath cassette of format 1/],
    ['{"snoopathCassette": 1, "interactions": [{}]}', /f.json: interaction 1 has no "request" object/],
    ['{"snoopathCassette": 1, "interactions": [{"request": {"method": "GET", "url": "/relative"}, "response": {"status": 200, "headers": {}}}]}', /needs a "method" and a full "url"/],
    ['{"snoopathCassette": 1, "interactions": [{"request": {"method": "GET", "url": "https://x.test/"}, "response": {"status": 42, "headers": {}}}]}', /needs a "status" \(100 to 599\)/],
    ['{"snoopathCassette": 1, "interactions": [{"request": {"method": "GET", "url": "https://x.test/"}}]}', /neither a "response" nor an "error"/],
  ])('%s: %s', (text, message) => {
    expect(() => parse(text, 'f.json')).toThrow(message);
  });
});

describe('serving a recorded answer', () => {
  it('JSON compact, text as is, base64 as bytes', () => {
    const dec = new TextDecoder();
    expect(dec.decode(bodyOf({ status: 200, headers: {}, json: { a: [1, 'x'] } }))).toBe('{"a":[1,"x"]}');
    expect(dec.decode(bodyOf({ status: 200, headers: {}, text: '<p>hi</p>' }))).toBe('<p>hi</p>');
    expect([...bodyOf({ status: 200, headers: {}, base64: 'AAH/' })]).toEqual([0, 1, 255]);
    expect(bodyOf({ status: 204, headers: {} })).toHaveLength(0);
  });

  it('rate-limit headers only when asked; repeated headers repeated', () => {
    const response = { status: 200, headers: { 'content-type': 'application/json', 'x-ratelimit-used': '3', 'set-cookie': ['a=1', 'b=2'] } };
    expect([...new Set(headersOf(response, false).keys())]).toEqual(['content-type', 'set-cookie']);
    expect(headersOf(response, false).getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(headersOf(response, true).get('x-ratelimit-used')).toBe('3');
  });
});
