import { describe, expect, it } from '@jest/globals';
import { bareKind, canonical, infer, inferAnswer, merge, mergeAll, recordOf, typeText, type Shape } from '../../codegen/index.mjs';

const names = { thing: (k: string) => `${k.toUpperCase()}Thing`, data: (k: string) => k.toUpperCase() };
/** The TypeScript text of values recorded one after the other. */
const typeOf = (...values: unknown[]): string => {
  const things = new Map<string, Shape>();
  return typeText(canonical(mergeAll(values.map((v) => infer(v, things)))), names);
};
const link = (extra: Record<string, unknown> = {}) => ({
  id: 'abc', name: 't3_abc', title: 'x', author: 'a', score: 1, url: 'u', permalink: 'p', subreddit: 's',
  created_utc: 1, num_comments: 0, over_18: false, is_self: true, selftext: '', ...extra,
});

describe('shapes', () => {
  it('keep kinds of values, never the values', () => {
    expect(typeOf({ a: 'secret', b: 3, c: true, d: null })).toBe('{ a: string; b: number; c: boolean; d: unknown; }');
    expect(typeOf({ id: 't3_abc' }, { id: 't1_def' })).toBe('{ id: `t1_${string}` | `t3_${string}`; }');
    expect(typeOf({ id: 't3_abc' }, { id: 'abc' })).toBe('{ id: string; }');
    // A PRAW test forged a comment's fullname in capitals (t1_MISMATCH): still a fullname by its prefix.
    expect(typeOf({ name: 't1_abc' }, { name: 't1_MISMATCH' })).toBe('{ name: `t1_${string}`; }');
  });

  it('make a field optional when a recording lacks it, and a value-less null unknown', () => {
    expect(typeOf({ a: 1, b: 'x' }, { a: 2 })).toBe('{ a: number; b?: string; }');
    expect(typeOf({ a: null }, { a: 'x' })).toBe('{ a: string | null; }');
  });

  it('lift things into a table by kind, and listings into Listing<item>', () => {
    const things = new Map<string, Shape>();
    const shape = infer({ kind: 'Listing', data: { after: null, children: [{ kind: 't3', data: { id: 'a' } }, { kind: 'more', data: { count: 0 } }] } }, things);
    expect(typeText(canonical(shape), names)).toBe('Listing<MOREThing | T3Thing>');
    expect([...things.keys()].sort()).toEqual(['Listing', 'more', 't3']);
  });

  it('tell comments the inbox lists (was_comment) from comments', () => {
    const things = new Map<string, Shape>();
    infer({ kind: 't1', data: { was_comment: true, subject: 's' } }, things);
    infer({ kind: 't1', data: { link_id: 't3_x' } }, things);
    expect([...things.keys()].sort()).toEqual(['t1', 't1 inbox']);
  });

  it('read objects keyed by ids as records, and field names as fields', () => {
    expect(recordOf({ t2_abc: {}, t2_def: {} }, undefined)).toEqual({ inner: undefined });
    expect(recordOf({ fajcu: {} }, 'conversations')).toEqual({ inner: undefined });
    expect(recordOf({ authors: [], isAuto: true }, 'conversations')).toBe(false);
    expect(recordOf({ over18: true }, undefined)).toBe(false);
    expect(recordOf({ snoomojis: {}, t5_2qh1i: {} }, undefined)).toEqual({ inner: 'snoomojis' });
    expect(typeOf({ conversations: { abc12: { id: 'abc12' }, def34: { id: 'def34' } } })).toBe('{ conversations: { [id: string]: { id: string; } }; }');
  });

  it('know a thing\'s data without its envelope by its fullname and its size', () => {
    expect(bareKind(link())).toBe('t3');
    expect(bareKind({ id: 'abc', name: 't3_abc', url: 'u' })).toBeUndefined();
    expect(bareKind(link({ name: 't3_other' }))).toBeUndefined();
    const things = new Map<string, Shape>();
    expect(typeText(canonical(inferAnswer(link(), things)), names)).toBe('T3');
  });

  it('keep an array of listings a tuple, and objects of other kinds apart', () => {
    const page = [{ kind: 'Listing', data: { children: [{ kind: 't3', data: {} }] } }, { kind: 'Listing', data: { children: [] } }];
    expect(typeText(canonical(inferAnswer(page, new Map())), names)).toBe('[Listing<T3Thing>, Listing<never>]');
    expect(typeOf([{ kind: 'button', id: 'a', buttons: [] }, { kind: 'image', id: 'b', data: [] }]))
      .toBe("({ buttons: unknown[]; id: string; kind: 'button'; } | { data: unknown[]; id: string; kind: 'image'; })[]");
    expect(typeOf([{ kind: 'link', a: 1 }, { kind: 'all', a: 2 }])).toBe("({ a: number; kind: 'all' | 'link'; })[]");
  });

  it('keep \'\' where it marks an absent structure, and text as string', () => {
    expect(typeOf({ replies: '' }, { replies: { kind: 'Listing', data: { children: [] } } })).toBe("{ replies: Listing<never> | ''; }");
    expect(typeOf({ selftext: '' })).toBe('{ selftext: string; }');
    expect(typeOf({ selftext: '' }, { selftext: 'x' })).toBe('{ selftext: string; }');
  });

  it('merge in any order to the same snapshot', () => {
    const a = infer({ x: 1, y: 't3_a' }, new Map());
    const b = infer({ x: 'a', z: null }, new Map());
    expect(canonical(merge(a, b))).toEqual(canonical(merge(b, a)));
  });
});

describe('types of shapes', () => {
  it('write the json envelope as JsonResponse, or JsonAck without data', () => {
    expect(typeOf({ json: { errors: [], data: { id: 'x' } } })).toBe('JsonResponse<{ id: string; }>');
    expect(typeOf({ json: { errors: [] } })).toBe('JsonAck');
    expect(typeOf({ json: { errors: [], data: { id: 'x' } } }, { json: { errors: [] } })).toBe('JsonResponse<{ id: string; }> | JsonAck');
  });

  it('write {} alone as {}, and next to other shapes as an object with no field', () => {
    expect(typeOf({})).toBe('{}');
    expect(typeOf({}, { json: { errors: null } })).toBe('{ json: { errors: unknown; }; } | { [field: string]: never }');
  });

  it('write empty bodies and quoted field names', () => {
    expect(typeText(['empty'], names)).toBe("''");
    expect(typeOf({ '3rd_party': true })).toBe('{ "3rd_party": boolean; }');
  });
});
