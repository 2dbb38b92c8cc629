import { describe, expect, it } from '@jest/globals';
import { buildModel, markSelectors, mergeOverlay, normalize, type RawEntry } from '../../codegen/index.mjs';

const raw = (method: string, path: string, args: Record<string, string> = {}, more: Partial<RawEntry> = {}): RawEntry => ({
  method, path, oauth: ['read'], url: { oauth: '', standard: '' }, isListing: false,
  args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, { describe: v }])), ...more,
});

describe('normalize', () => {
  it('drops .json, implicit arguments and arguments repeating a $param', () => {
    const rec = normalize(raw('GET', '/user/$username/about.json', { username: 'a user', uh: 'a modhash', api_type: 'json', q: '' }));
    expect(rec).toMatchObject({ verb: 'GET', path: '/user/$username/about', dotJson: true, args: [{ name: 'q', type: 'string' }] });
  });

  it('turns a documented JSON object into a JSON body', () => {
    const rec = normalize(raw('PATCH', '/api/v1/me/prefs', { This: '{\n  "over_18": boolean value,\n}' }));
    expect(rec.json).toBe(true);
    expect(rec.args).toEqual([{ name: 'over_18', type: 'boolean', required: false }]);
  });

  it('treats the scope "any" as no requirement, and notes endpoints OAuth apps cannot call', () => {
    expect(normalize(raw('GET', '/x', {}, { oauth: ['any'] })).scopes).toEqual([]);
    expect(normalize(raw('POST', '/api/login', {}, { oauth: [], url: { standard: '' } })).oauth).toBe(false);
  });
});

describe('mergeOverlay', () => {
  const base = [raw('GET', '/hot', { limit: 'an integer' }), raw('GET', '/r/$subreddit/hot', { limit: 'an integer' }), raw('POST', '/api/old')].map(normalize);

  it('patches an endpoint and its /r/$subreddit twin together', () => {
    const out = mergeOverlay(base, { patch: { 'GET /hot': { item: 'LinkThing', listing: true, args: { g: 'string' }, required: ['limit'] } } });
    const twins = out.filter((r) => r.path.endsWith('/hot'));
    expect(twins).toHaveLength(2);
    for (const r of twins) {
      expect(r).toMatchObject({ listing: true, item: 'LinkThing' });
      expect(r.args).toEqual([{ name: 'limit', type: 'number', required: true }, { name: 'g', type: 'string', required: false }]);
    }
  });

  it('removes, renames, adds (like another), and adds prefixed twins', () => {
    const out = mergeOverlay(base, {
      remove: ['POST /api/old'],
      rename: { 'GET /hot': '/warm' },
      add: [{ key: 'GET /best', like: 'GET /warm', scopes: ['identity'] }],
      prefixed: ['GET /best'],
    });
    expect(out.map((r) => `${r.verb} ${r.path} ${r.scopes.join()}`).sort()).toEqual([
      'GET /best identity', 'GET /r/$subreddit/best identity', 'GET /r/$subreddit/hot read', 'GET /warm read',
    ]);
  });

  it('does not mutate its input, and names the key of an overlay mistake', () => {
    mergeOverlay(base, { patch: { 'GET /hot': { listing: true } } });
    expect(base[0]!.listing).toBe(false);
    expect(() => mergeOverlay(base, { remove: ['GET /nope'] })).toThrow('GET /nope');
    expect(() => mergeOverlay(base, { patch: { 'GET /hot': { required: ['zzz'] } } })).toThrow('zzz');
  });
});

describe('selector templates', () => {
  it('types a template $param as the union of its siblings and marks it', () => {
    const recs = ['$where', 'inbox', 'sent', 'unread'].map((w) => normalize(raw('GET', `/message/${w}`, { where: '', mark: 'boolean value' })));
    const found = markSelectors(recs);
    expect([...found.values()]).toEqual([['inbox', 'sent', 'unread']]);
    expect(recs[0]!.selector).toBe(true);
    expect(recs[1]!.args.map((a) => a.name)).toEqual(['mark']);
  });

  it('builds call arguments with required $params first', () => {
    const catalog = [raw('GET', '/user/$username/$where', { t: 'one of (day, all)' }), raw('GET', '/user/$username/a', { t: 'one of (day, all)' }), raw('GET', '/user/$username/b', { t: 'one of (day, all)' })];
    const descriptions = { 'GET /user/$username/$where': 'w', 'GET /user/$username/a': 'a', 'GET /user/$username/b': 'b' };
    const [tpl] = buildModel(catalog, {}, descriptions);
    expect(tpl!.callArgs).toEqual([
      { name: '$username', type: 'string', required: true },
      { name: '$where', type: '"a" | "b"', required: true },
      { name: 't', type: '"day" | "all"', required: false },
    ]);
  });

  it('insists on a description for every endpoint, and on no stale ones', () => {
    expect(() => buildModel([raw('GET', '/x')], {}, {})).toThrow('GET /x');
    expect(() => buildModel([raw('GET', '/x')], {}, { 'GET /x': 'x', 'GET /y': 'y' })).toThrow('GET /y');
  });
});
