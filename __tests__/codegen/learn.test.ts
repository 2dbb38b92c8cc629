import { describe, expect, it } from '@jest/globals';
import {
  answerValue, applyAnswers, canonical, concretePath, heldFile, infer, learn, matcher, nameShapes, scrubbed, typeText,
  type EndpointRecord, type Sample,
} from '../../codegen/index.mjs';

// Learning answer types from recordings, naming shapes, and typing the model's endpoints with them
// (the shapes themselves: answers.test.ts).
const names = { thing: (k: string) => `${k.toUpperCase()}Thing`, data: (k: string) => k.toUpperCase() };

describe('recordings', () => {
  const sample = (over: Partial<Sample>): Sample => ({
    file: 'a', verb: 'GET', pathname: '/r/aww/hot', query: ['limit'], body: { names: [], json: false }, status: 200,
    answer: '{"kind": "Listing", "data": {"children": []}}', ...over,
  });
  const match = matcher([
    { verb: 'GET', path: '/r/$subreddit/hot' }, { verb: 'GET', path: '/r/$subreddit/$sort', selector: true },
    { verb: 'GET', path: '/r/$subreddit/about/moderators' }, { verb: 'GET', path: '/r/$subreddit/about/$where' },
  ]);

  it('are matched to the most literal template, never to a selector', () => {
    expect(match('GET', '/r/%3CTEST_SUBREDDIT%3E/hot/')).toBe('GET /r/$subreddit/hot');
    expect(match('GET', '/r/aww/about/moderators.json')).toBe('GET /r/$subreddit/about/moderators');
    expect(match('GET', '/r/aww/about/banned')).toBe('GET /r/$subreddit/about/$where');
    expect(match('GET', '/r/aww/top')).toBeUndefined();
    expect(match('POST', '/r/aww/hot')).toBeUndefined();
    expect(concretePath('/api/v1/%3CX%3E/emoji.json')).toBe('/api/v1/<X>/emoji');
  });

  it('count as answers when the client resolves them', () => {
    expect(answerValue('')).toEqual({ value: '' });
    expect(answerValue('{"json": {"errors": [["BAD", "no", null]]}}')).toBeUndefined();
    expect(answerValue('{"jquery": []}')).toBeUndefined();
    expect(answerValue('<html>')).toEqual({ value: '<html>' });
  });

  it('hold one cassette back, the same on every run, when three or more recorded the endpoint', () => {
    const two = [sample({ file: 'a' }), sample({ file: 'b' })];
    expect(heldFile('GET /x', two)).toBeUndefined();
    const three = [...two, sample({ file: 'c' })];
    expect(heldFile('GET /x', three)).toBe(heldFile('GET /x', [...three].reverse()));
  });

  it('learn answers, what requests sent, and leave the held-back answers out', () => {
    const samples = ['a', 'b', 'c'].map((file, i) => sample({
      file, answer: JSON.stringify({ kind: 'Listing', data: { children: [{ kind: 't3', data: i === 0 ? { id: 'x', spoiler: true } : { id: 'x' } }] } }),
    }));
    samples.push(sample({ verb: 'POST', pathname: '/r/aww/hot', body: { names: ['x'], json: true } }));
    const learned = learn(samples, match);
    const entry = learned.endpoints['GET /r/$subreddit/hot']!;
    expect(entry).toMatchObject({ recordings: 2, heldBack: 1, sent: ['limit'] });
    expect(learned.held).toHaveLength(1);
    const held = learned.held[0]!;
    expect(held.key).toBe('GET /r/$subreddit/hot');
    expect(held.file).toBe(heldFile('GET /r/$subreddit/hot', samples.slice(0, 3)));
    expect(Object.keys(learned.endpoints)).toEqual(['GET /r/$subreddit/hot']);
  });

  it('are scrubbed of every value for the type test', () => {
    const text = scrubbed({ kind: 't3', data: { name: 't3_abc123', title: 'Secret title', score: 42, ok: true, replies: '', media: { k1x9z: { u: 'https://x' } } } });
    expect(text).toBe('{ kind: "t3" as const, data: { name: \'t3_x\' as const, title: \'\', score: 0, ok: true, replies: E, media: { k0: { u: \'\' } } } }');
    expect(text).not.toMatch(/Secret|abc123|k1x9z|42|https/);
    expect(scrubbed({ t2_abc: { name: 'bob' }, t2_def: { name: 'ann' } })).toBe("{ k0: { name: '' }, k1: { name: '' } }");
  });
});

describe('named shapes', () => {
  const endpoints = {
    'GET /a': { answer: canonical(infer({ rules: [{ kind: 'link', short_name: 'x' }] }, new Map())) },
    'POST /b': { answer: canonical(infer({ json: { errors: [], data: { short_name: 'y', extra: 1 } } }, new Map())) },
  };

  it('take the objects where they sit, merged, and put the name in their place', () => {
    const { answers, named } = nameShapes(endpoints, { Rule: { at: ['GET /a rules.*', 'POST /b json.data'] } });
    expect(typeText(answers.get('GET /a')!, names)).toBe('{ rules: Rule[]; }');
    expect(typeText(answers.get('POST /b')!, names)).toBe('JsonResponse<Rule>');
    expect(typeText(named.get('Rule')!, names)).toBe("{ extra?: number; kind?: 'link'; short_name: string; }");
  });

  it('refuse a position where nothing is', () => {
    expect(() => nameShapes(endpoints, { Rule: { at: ['GET /a nothing.*'] } })).toThrow(/nothing to name Rule/);
    expect(() => nameShapes(endpoints, { Rule: { at: ['GET /c'] } })).toThrow(/no recorded answer/);
  });
});

describe('answers in the model', () => {
  const rec = (verb: string, path: string, more: Partial<EndpointRecord> = {}): EndpointRecord => ({
    verb, path, scopes: [], oauth: true, listing: false, json: false, args: [], ...more,
  });
  const shape = (v: unknown) => canonical(infer(v, new Map()));
  const listing = (kind: string) => shape({ kind: 'Listing', data: { children: [{ kind, data: {} }] } });

  it('merge an endpoint\'s recordings with its /r/$subreddit form\'s', () => {
    const records = [rec('GET', '/hot', { listing: true }), rec('GET', '/r/$subreddit/hot', { listing: true })];
    const answers = new Map([['GET /hot', listing('t3')], ['GET /r/$subreddit/hot', listing('t1')]]);
    applyAnswers(records, new Map(), { answers }, names);
    for (const r of records) expect(r).toMatchObject({ listing: true, item: 'T1Thing | T3Thing', result: 'Listing<T1Thing | T3Thing>' });
  });

  it('let a recording decide whether an endpoint is a listing', () => {
    const records = [rec('GET', '/about/moderators', { listing: true, item: 'UserListEntry' })];
    applyAnswers(records, new Map(), { answers: new Map([['GET /about/moderators', shape({ kind: 'UserList', data: { children: [] } })]]) }, names);
    expect(records[0]).toMatchObject({ listing: false, result: 'USERLISTThing' });
  });

  it('type a selector template from its siblings, and another verb from the one it shares', () => {
    const tpl = rec('GET', '/message/$where', { listing: true, selector: true });
    const other = rec('GET', '/api/morechildren', { answerOf: 'POST /api/morechildren' });
    const answers = new Map([['GET /message/inbox', listing('t4')], ['POST /api/morechildren', shape({ json: { errors: [] } })]]);
    applyAnswers([tpl, other], new Map([[tpl, ['inbox', 'sent']]]), { answers }, names);
    expect(tpl.result).toBe('Listing<T4Thing>');
    expect(other).toMatchObject({ result: 'JsonAck', answerNote: 'Answer typed from the recordings of `POST /api/morechildren`.' });
  });

  it('say where no recording exists, and refuse a hand-written type where one does', () => {
    const none = rec('GET', '/api/v1/scopes');
    applyAnswers([none], new Map(), { answers: new Map() }, names);
    expect(none.answerNote).toMatch(/^No recorded answer: `unknown`/);
    const guessed = rec('GET', '/api/v1/me', { result: 'Account' });
    expect(() => applyAnswers([guessed], new Map(), { answers: new Map([['GET /api/v1/me', shape({ name: 'x' })]]) }, names)).toThrow(/hand-written result must go/);
  });
});
