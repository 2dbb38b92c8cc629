import { describe, it, expect } from '@jest/globals';
import { buildRequest, type RequestInput } from '../../lib/request/build.js';
import { fillPath, pathParams, splitPath } from '../../lib/request/path.js';
import { formText, jsonBody, paramPairs, paramText } from '../../lib/request/encode.js';
import { ArgumentError } from '../../lib/errors/classes.js';

const ORIGIN = 'https://oauth.reddit.com';
const build = (input: Partial<RequestInput> & Pick<RequestInput, 'path'>) =>
  buildRequest({ verb: 'get', origin: ORIGIN, apiType: 'json', ...input });

/** Path of a built URL, exactly as it will be sent. */
const pathOf = (url: string) => new URL(url).pathname;
/** Query of a built URL as ordered pairs. */
const queryOf = (url: string) => [...new URL(url).searchParams];
/** Form body as ordered pairs. */
const formOf = (body: string | undefined) => [...new URLSearchParams(body ?? '')];

function argumentError(fn: () => unknown): ArgumentError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return error as ArgumentError;
  }
  throw new Error('expected an ArgumentError');
}

describe('$param substitution: each value becomes exactly one encoded segment', () => {
  it.each<[unknown, string]>([
    ['pics', '/r/pics/hot'],
    ['a/b', '/r/a%2Fb/hot'],
    ['../../api/v1/me', '/r/..%2F..%2Fapi%2Fv1%2Fme/hot'],
    ['x?y=1', '/r/x%3Fy%3D1/hot'],
    ['x#frag', '/r/x%23frag/hot'],
    ['100%', '/r/100%25/hot'],
    ['%2e%2e', '/r/%252e%252e/hot'],
    ['two words', '/r/two%20words/hot'],
    ['ünïcödé', '/r/%C3%BCn%C3%AFc%C3%B6d%C3%A9/hot'],
    ['日本', '/r/%E6%97%A5%E6%9C%AC/hot'],
    ['a&b=c', '/r/a%26b%3Dc/hot'],
    ['...', '/r/.../hot'],
    ['.hidden', '/r/.hidden/hot'],
    [42, '/r/42/hot'],
    [0, '/r/0/hot'],
    [false, '/r/false/hot'],
  ])('%j → %s', (value, path) => {
    const { url } = build({ path: '/r/$subreddit/hot', args: { $subreddit: value } });
    expect(url).toBe(`${ORIGIN}${path}?api_type=json`);
    // The URL parser sees the same segments: nothing was added or stepped over.
    expect(pathOf(url)).toBe(path);
    expect(pathOf(url).split('/')).toHaveLength(4);
  });

  it('lets a "." end the name: /user/$username/about.json', () => {
    const { url } = build({ path: '/user/$username/about.json', args: { $username: 'spez' } });
    expect(url).toBe(`${ORIGIN}/user/spez/about.json?api_type=json`);
  });

  it('fills several params, names made of letters, digits and _', () => {
    const { url } = build({ path: '/r/$sub_1/comments/$article2/$slug', args: { $sub_1: 'a', $article2: 'b', $slug: 'c d' } });
    expect(pathOf(url)).toBe('/r/a/comments/b/c%20d');
  });

  it('does not rescan substituted text for further params', () => {
    expect(fillPath('/a/$x/$y', { $x: '$y', $y: 'z' })).toBe('/a/%24y/z');
  });

  it('lists a template\'s params in order', () => {
    expect(pathParams('/r/$subreddit/comments/$article.json')).toEqual(['subreddit', 'article']);
    expect(pathParams('/api/v1/me')).toEqual([]);
  });
});

describe('$param errors: rejected with ArgumentError before anything is built', () => {
  it('names a missing param: "missing required url parameter $subreddit"', () => {
    const e = argumentError(() => build({ path: '/r/$subreddit/hot', args: {} }));
    expect(e.message.startsWith('missing required url parameter $subreddit')).toBe(true);
    expect(e.name).toBe('ArgumentError');
  });

  it('treats null and undefined values as missing', () => {
    for (const v of [null, undefined]) {
      const e = argumentError(() => build({ path: '/r/$subreddit/hot', args: { $subreddit: v } }));
      expect(e.message.startsWith('missing required url parameter $subreddit')).toBe(true);
    }
  });

  it('rejects a missing param when no args are given at all', () => {
    argumentError(() => build({ path: '/user/$username/about.json' }));
  });

  it('names the first missing param among several', () => {
    const e = argumentError(() => build({ path: '/r/$subreddit/comments/$article', args: { $subreddit: 'x' } }));
    expect(e.message.startsWith('missing required url parameter $article')).toBe(true);
  });

  it.each(['', '.', '..'])('rejects the value %j (it would change which path is called)', (value) => {
    const e = argumentError(() => build({ path: '/r/$subreddit/hot', args: { $subreddit: value } }));
    expect(e.message).toContain('$subreddit');
  });

  it('rejects a value that cannot be percent-encoded (a lone surrogate) as ArgumentError', () => {
    const e = argumentError(() => build({ path: '/r/$subreddit/hot', args: { $subreddit: 'a\uD800b' } }));
    expect(e.message).toContain('$subreddit');
  });

  it('rejects the check for every verb, form and JSON alike', () => {
    for (const verb of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const) {
      argumentError(() => build({ verb, path: '/r/$subreddit/about', args: { $subreddit: '..' } }));
      argumentError(() => build({ verb, path: '/r/$subreddit/about', args: {}, bodyType: 'json' }));
    }
  });
});

describe('$ keys never become parameters', () => {
  it('removes $ keys from the query', () => {
    const { url } = build({ path: '/r/$subreddit/hot', args: { $subreddit: 'pics', limit: 5 } });
    expect(queryOf(url)).toEqual([['limit', '5'], ['api_type', 'json']]);
  });

  it('removes $ keys from a form body, including ones the path does not use', () => {
    const { body } = build({ verb: 'post', path: '/r/$subreddit/api/x', args: { $subreddit: 'pics', $unused: 'y', text: 'hi' } });
    expect(formOf(body)).toEqual([['text', 'hi'], ['api_type', 'json']]);
  });

  it('removes $ keys from a JSON body', () => {
    const { body } = build({ verb: 'patch', path: '/r/$subreddit/x', args: { $subreddit: 'pics', a: 1 }, bodyType: 'json' });
    expect(JSON.parse(body!)).toEqual({ a: 1 });
  });
});

describe('paths: leading slash, query kept and merged, full URLs', () => {
  it('adds a missing leading slash', () => {
    expect(build({ path: 'api/v1/me' }).url).toBe(`${ORIGIN}/api/v1/me?api_type=json`);
    expect(splitPath('r/pics')).toEqual({ pathname: '/r/pics', search: '' });
  });

  it('keeps a query string written in the path and merges args after it', () => {
    const { url } = build({ path: '/r/pics/top?t=week', args: { limit: 10 } });
    expect(queryOf(url)).toEqual([['t', 'week'], ['limit', '10'], ['api_type', 'json']]);
  });

  it('sends one value per key when args repeat a key of the path query (args win)', () => {
    const { url } = build({ path: '/r/pics/hot?limit=5&after=t3_old', args: { limit: 10, after: 't3_new' } });
    const q = new URL(url).searchParams;
    expect(q.getAll('limit')).toEqual(['10']);
    expect(q.getAll('after')).toEqual(['t3_new']);
  });

  it('keeps the path query in the URL for form-body verbs', () => {
    const { url, body } = build({ verb: 'post', path: '/api/comment?raw_json=1', args: { text: 'x' } });
    expect(queryOf(url)).toEqual([['raw_json', '1']]);
    expect(formOf(body)).toEqual([['text', 'x'], ['api_type', 'json']]);
  });

  it('uses only the path and query of a full URL, on the configured origin', () => {
    const { url } = build({ path: 'https://www.reddit.com/r/pics/hot.json?limit=2#top', args: { count: 2 } });
    expect(url).toBe(`${ORIGIN}/r/pics/hot.json?limit=2&count=2&api_type=json`);
  });

  it('fills $params in a full URL', () => {
    const { url } = build({ path: 'https://oauth.reddit.com/user/$username/about', args: { $username: 'a b' } });
    expect(pathOf(url)).toBe('/user/a%20b/about');
  });

  it('keeps the query of a full URL that has no path', () => {
    expect(splitPath('https://oauth.reddit.com?limit=2')).toEqual({ pathname: '/', search: 'limit=2' });
    expect(splitPath('https://oauth.reddit.com#x')).toEqual({ pathname: '/', search: '' });
  });

  it('drops a fragment from a path', () => {
    expect(splitPath('/api/v1/me#x?y')).toEqual({ pathname: '/api/v1/me', search: '' });
  });

  it('splits a full URL into path and query', () => {
    expect(splitPath('https://example.test:8443/a/b?c=d')).toEqual({ pathname: '/a/b', search: 'c=d' });
  });

  it('builds on the given origin (an emulator on loopback)', () => {
    const { url } = buildRequest({ verb: 'get', path: '/x', origin: 'http://127.0.0.1:8080', apiType: false });
    expect(url).toBe('http://127.0.0.1:8080/x');
  });
});

describe('where arguments go: query for GET/HEAD/OPTIONS, form body for the rest', () => {
  it.each(['get', 'head', 'options'] as const)('%s: args in the query, no body, no content-type', (verb) => {
    const spec = build({ verb, path: '/api/info', args: { id: 't3_a' } });
    expect(spec.method).toBe(verb.toUpperCase());
    expect(queryOf(spec.url)).toEqual([['id', 't3_a'], ['api_type', 'json']]);
    expect(spec.body).toBeUndefined();
    expect('body' in spec).toBe(false);
    expect(spec.headers['content-type']).toBeUndefined();
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('%s: args in a form body with content-type', (verb) => {
    const spec = build({ verb, path: '/api/vote', args: { id: 't3_a', dir: 1 } });
    expect(spec.method).toBe(verb.toUpperCase());
    expect(spec.url).toBe(`${ORIGIN}/api/vote`);
    expect(spec.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(spec.body).toBe('id=t3_a&dir=1&api_type=json');
  });

  it('sends an empty-but-present form body for a POST without args', () => {
    const spec = build({ verb: 'post', path: '/api/x', apiType: false });
    expect(spec.body).toBe('');
    expect(spec.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('percent-encodes form values so they cannot add fields', () => {
    const spec = build({ verb: 'post', path: '/api/comment', args: { text: 'a&b=c d+e%', thing_id: 't1_x' }, apiType: false });
    expect(formOf(spec.body)).toEqual([['text', 'a&b=c d+e%'], ['thing_id', 't1_x']]);
  });

  it('percent-encodes query values so they cannot add parameters', () => {
    const spec = build({ path: '/search', args: { q: 'cats & dogs#1?x=y' }, apiType: false });
    expect(queryOf(spec.url)).toEqual([['q', 'cats & dogs#1?x=y']]);
    expect(new URL(spec.url).hash).toBe('');
  });
});

describe('argument values: stringified, arrays joined, null/undefined left out', () => {
  const args = { s: 'x', n: 25, z: 0, t: true, f: false, arr: ['t3_a', 't3_b', 3], empty: '', nul: null, und: undefined };
  const expected = [['s', 'x'], ['n', '25'], ['z', '0'], ['t', 'true'], ['f', 'false'], ['arr', 't3_a,t3_b,3'], ['empty', '']];

  it('in the query', () => {
    expect(queryOf(build({ path: '/x', args, apiType: false }).url)).toEqual(expected);
  });

  it('in a form body', () => {
    expect(formOf(build({ verb: 'post', path: '/x', args, apiType: false }).body)).toEqual(expected);
  });

  it('paramText follows the same conventions', () => {
    expect(paramText('a')).toBe('a');
    expect(paramText(1.5)).toBe('1.5');
    expect(paramText(true)).toBe('true');
    expect(paramText(['a', 'b'])).toBe('a,b');
    expect(paramText([])).toBe('');
    expect(paramText(null)).toBeUndefined();
    expect(paramText(undefined)).toBeUndefined();
  });

  it('paramPairs keeps order and skips $ keys and null/undefined', () => {
    expect(paramPairs({ b: 1, $a: 'x', a: [1, 2], c: null, d: undefined })).toEqual([['b', '1'], ['a', '1,2']]);
  });

  it('formText encodes pairs as application/x-www-form-urlencoded', () => {
    expect(new URLSearchParams(formText([['a b', 'c&d'], ['e', 'ü']])).get('a b')).toBe('c&d');
    expect(formText([['e', 'ü']])).toBe('e=%C3%BC');
  });
});

describe('JSON bodies (bodyType: "json")', () => {
  it('sends the args as JSON with content-type application/json', () => {
    const spec = build({ verb: 'patch', path: '/api/v1/me/prefs', args: { nightmode: true, lang: 'en', n: 3, list: ['a'] }, bodyType: 'json' });
    expect(spec.headers['content-type']).toBe('application/json');
    expect(JSON.parse(spec.body!)).toEqual({ nightmode: true, lang: 'en', n: 3, list: ['a'] });
  });

  it('keeps null (it can mean "clear") and drops undefined', () => {
    const spec = build({ verb: 'patch', path: '/api/v1/me/prefs', args: { a: null, b: undefined, c: 'x' }, bodyType: 'json' });
    const body = JSON.parse(spec.body!);
    expect(body).toEqual({ a: null, c: 'x' });
    expect('b' in body).toBe(false);
  });

  it('puts api_type in the query, not in the body', () => {
    const spec = build({ verb: 'post', path: '/api/x', args: { a: 1 }, bodyType: 'json' });
    expect(queryOf(spec.url)).toEqual([['api_type', 'json']]);
    expect(JSON.parse(spec.body!)).toEqual({ a: 1 });
  });

  it('jsonBody skips $ keys and undefined', () => {
    expect(JSON.parse(jsonBody({ $x: 'y', a: undefined, b: null, c: 0 }))).toEqual({ b: null, c: 0 });
  });
});

describe('api_type is added unless turned off or already given', () => {
  it('is added to GET queries and form bodies with the configured value', () => {
    expect(queryOf(build({ path: '/x', apiType: 'json' }).url)).toEqual([['api_type', 'json']]);
    expect(formOf(build({ verb: 'post', path: '/x', apiType: 'xml' }).body)).toEqual([['api_type', 'xml']]);
  });

  it('is left out when apiType is false', () => {
    expect(build({ path: '/x', apiType: false }).url).toBe(`${ORIGIN}/x`);
    expect(build({ verb: 'post', path: '/x', args: { a: 1 }, apiType: false }).body).toBe('a=1');
    expect(build({ verb: 'post', path: '/x', args: { a: 1 }, apiType: false, bodyType: 'json' }).url).toBe(`${ORIGIN}/x`);
  });

  it('is not added twice when the args carry api_type (the args\' value is sent)', () => {
    expect(new URL(build({ path: '/x', args: { api_type: 'other' } }).url).searchParams.getAll('api_type')).toEqual(['other']);
    expect(new URLSearchParams(build({ verb: 'post', path: '/x', args: { api_type: 'other' } }).body).getAll('api_type')).toEqual(['other']);
    const json = build({ verb: 'post', path: '/x', args: { api_type: 'other' }, bodyType: 'json' });
    expect(new URL(json.url).searchParams.has('api_type')).toBe(false);
    expect(JSON.parse(json.body!)).toEqual({ api_type: 'other' });
  });

  it('is not added when the path\'s query carries it', () => {
    expect(new URL(build({ path: '/x?api_type=other' }).url).searchParams.getAll('api_type')).toEqual(['other']);
    const post = build({ verb: 'post', path: '/x?api_type=other' });
    expect(new URL(post.url).searchParams.getAll('api_type')).toEqual(['other']);
    expect(new URLSearchParams(post.body).has('api_type')).toBe(false);
  });
});

describe('raw_json=1 (rawJson): text as written, as PRAW asks for it (issue 22, item 8)', () => {
  it.each(['get', 'head', 'options', 'listing'] as const)('%s: in the query, after api_type', (verb) => {
    const { url } = build({ verb: verb === 'listing' ? 'get' : verb, path: '/r/pics/new', args: { limit: 5 }, rawJson: true });
    expect(queryOf(url)).toEqual([['limit', '5'], ['api_type', 'json'], ['raw_json', '1']]);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('%s: in the query too, the form body unchanged', (verb) => {
    const { url, body } = build({ verb, path: '/api/comment', args: { text: 'fish & chips' }, rawJson: true });
    expect(queryOf(url)).toEqual([['raw_json', '1']]);
    expect(formOf(body)).toEqual([['text', 'fish & chips'], ['api_type', 'json']]);
  });

  it('a JSON body: api_type and raw_json in the query', () => {
    const { url, body } = build({ verb: 'patch', path: '/api/v1/me/prefs', args: { nightmode: true }, bodyType: 'json', rawJson: true });
    expect(queryOf(url)).toEqual([['api_type', 'json'], ['raw_json', '1']]);
    expect(JSON.parse(body!)).toEqual({ nightmode: true });
  });

  it('is merged with a path query, and never sent twice', () => {
    const { url } = build({ path: '/r/pics/hot?limit=5', rawJson: true });
    expect(queryOf(url)).toEqual([['limit', '5'], ['api_type', 'json'], ['raw_json', '1']]);
  });

  it.each([
    ['args', { path: '/r/pics/new', args: { raw_json: 0 } }, [['raw_json', '0'], ['api_type', 'json']]],
    ['the path query', { path: '/r/pics/new?raw_json=0' }, [['raw_json', '0'], ['api_type', 'json']]],
  ] as const)('a raw_json given in %s is kept as given', (_where, input, expected) => {
    expect(queryOf(build({ ...input, args: { ...(input as { args?: object }).args }, rawJson: true }).url)).toEqual(expected);
  });

  it('rawJson false (or left out of the pure builder) sends none', () => {
    expect(queryOf(build({ path: '/r/pics/new', rawJson: false }).url)).toEqual([['api_type', 'json']]);
    expect(queryOf(build({ path: '/r/pics/new' }).url)).toEqual([['api_type', 'json']]);
    expect(queryOf(build({ verb: 'post', path: '/api/vote', args: { id: 't3_x' }, apiType: false, rawJson: false }).url)).toEqual([]);
  });
});

describe('the args object is never mutated', () => {
  it.each([
    ['get', undefined],
    ['post', undefined],
    ['patch', 'json'],
  ] as const)('%s %s', (verb, bodyType) => {
    const args = Object.freeze({ $subreddit: 'pics', limit: 5, ids: Object.freeze(['a', 'b']), gone: undefined, nul: null });
    const clone = structuredClone(args);
    build({ verb, path: '/r/$subreddit/x', args, bodyType });
    expect(args).toEqual(clone);
    expect(Object.keys(args)).toEqual(['$subreddit', 'limit', 'ids', 'gone', 'nul']);
  });
});

describe('$subreddit lists in one request', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `sub_${i}`);
  it.each([
    ['an array', { $subreddit: ['aww', 'pics'] }, '/r/aww+pics/new'],
    ["'a+b+c'", { $subreddit: 'aww+pics+cats' }, '/r/aww+pics+cats/new'],
    ['one name as before', { $subreddit: 'aww' }, '/r/aww/new'],
    ['names counted once, without case', { $subreddit: ['aww', 'AWW', 'pics'] }, '/r/aww+pics/new'],
    ['mod, all, popular and u_<user>', { $subreddit: ['mod', 'u_some_user'] }, '/r/mod+u_some_user/new'],
    ['100 names', { $subreddit: names(100) }, `/r/${names(100).join('+')}/new`],
  ])('%s', (_, args, path) => {
    expect(fillPath('/r/$subreddit/new', args)).toBe(path);
  });

  it('a bad name is an ArgumentError naming it, before anything is sent', () => {
    expect(() => fillPath('/r/$subreddit/new', { $subreddit: ['aww', 'no such/name'] })).toThrow(/"no such\/name" is not a subreddit name/);
    expect(() => fillPath('/r/$subreddit/new', { $subreddit: 'aww+' })).toThrow(ArgumentError);
  });

  it('more names than one request carries: an ArgumentError that points at stream()', () => {
    expect(() => fillPath('/r/$subreddit/new', { $subreddit: names(101) })).toThrow(/lists 101 subreddits, more than one request carries \(100\): stream\(\) splits/);
  });

  it('other $params are never lists', () => {
    expect(() => fillPath('/user/$username/about', { $username: ['a', 'b'] })).toThrow(ArgumentError);
  });
});
