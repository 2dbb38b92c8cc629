/**
 * reddit.info() on the wire (issue 23, item 7): 100 fullnames a request through /api/info, the
 * things in the order given whatever order the platform answers in, the missing ones reported.
 */
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ArgumentError, SnoopathError, type Thing } from '../../lib/index.js';
import { API, client, failure, mockNetwork, tokenOk } from './helpers.js';

mockNetwork();

type Named = Thing<{ name: string }>;
const names = (n: number) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `t1_c${i.toString(36)}` : `t3_p${i.toString(36)}`));
const thing = (name: string) => ({ kind: name.slice(0, 2), data: { name, id: name.slice(3), author: 'someone' } });
const listing = (children: unknown[]) => ({ kind: 'Listing', data: { after: null, before: null, dist: children.length, children } });

/** Answers /api/info as the platform does: in its own order (here reversed), leaving out `gone`. */
function platform(gone: Set<string>, asked: string[][], requests: number) {
  return nock(API).get('/api/info').query(true).times(requests).reply((uri) => {
    const ids = new URL(uri, API).searchParams.get('id')!.split(',');
    asked.push(ids);
    return [200, listing(ids.filter((id) => !gone.has(id)).reverse().map(thing))];
  });
}

describe('reddit.info(fullnames)', () => {
  it('250 fullnames: 3 requests (100, 100, 50), the things in the order given, the missing ones reported', async () => {
    tokenOk();
    const all = names(250);
    const gone = new Set([all[0]!, all[99]!, all[100]!, all[249]!, all[170]!]);
    const asked: string[][] = [];
    const scope = platform(gone, asked, 3);
    const things = client().info<Named>(all);
    const yielded: string[] = [];
    const missingWhenYielded: number[] = [];
    for await (const t of things) {
      yielded.push(t.data.name);
      missingWhenYielded.push(things.missing.length);
    }
    expect(asked.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect(asked.flat()).toEqual(all);
    expect(yielded).toEqual(all.filter((n) => !gone.has(n)));
    expect(things.missing).toEqual([all[0], all[99], all[100], all[170], all[249]]);
    // A batch's missing names are known before its things are yielded.
    expect(missingWhenYielded[0]).toBe(2);
    expect(missingWhenYielded.at(-1)).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  it('asks each fullname once; nothing at all is asked for an empty list', async () => {
    tokenOk();
    const asked: string[][] = [];
    const scope = nock(API).get('/api/info').query((q) => (asked.push(String(q.id).split(',')), true)).reply(200, listing([thing('t3_b'), thing('t3_a')]));
    const reddit = client();
    const things = reddit.info<Named>(['t3_a', 't3_b', 't3_a', 'T3_B']);
    const got = [];
    for await (const t of things) got.push(t.data.name);
    expect(got).toEqual(['t3_a', 't3_b']);
    expect(asked).toEqual([['t3_a', 't3_b']]);
    expect(scope.isDone()).toBe(true);
    const none = reddit.info([]);
    for await (const _ of none) throw new Error('nothing expected');
    expect(none.missing).toEqual([]);
  });

  it('a value that is not a fullname rejects with ArgumentError before its batch is sent', async () => {
    tokenOk();
    const asked: string[] = [];
    const scope = nock(API).get('/api/info').query((q) => (asked.push(String(q.id)), true)).reply(200, listing(names(100).map(thing)));
    const things = client().info([...names(100), 't3_ok', 'not a fullname']);
    const got: unknown[] = [];
    const error = await failure((async () => {
      for await (const t of things) got.push(t);
    })());
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toContain('"not a fullname"');
    expect(got).toHaveLength(100);
    expect(asked).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
    await expect(client().info('t3_abc' as never).next()).rejects.toBeInstanceOf(ArgumentError);
  });

  it('an answer that is not a listing rejects: nothing is reported missing', async () => {
    tokenOk();
    const scope = nock(API).get('/api/info').query(true).reply(200, '<html>maintenance</html>', { 'content-type': 'text/html' });
    const things = client().info(['t3_a']);
    const error = await failure(things.next());
    expect(error).toBeInstanceOf(SnoopathError);
    expect(error.message).toMatch(/not a listing/);
    expect(things.missing).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it('call options apply to each request, and are checked', async () => {
    tokenOk();
    const scope = nock(API).get('/api/info').query((q) => q.raw_json === undefined).reply(200, listing([thing('t3_a')]));
    const reddit = client();
    const found = [];
    for await (const t of reddit.info(['t3_a'], { rawJson: false })) found.push(t);
    expect(found).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
    await expect(reddit.info(['t3_a'], { retryAtempts: 1 } as never).next()).rejects.toMatchObject({ name: 'ConfigError', message: expect.stringMatching(/retryAttempts/) });
  });
});
