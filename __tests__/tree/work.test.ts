/** The work queue (lib/tree/work.ts): what the expander asks for next. */
import { describe, expect, it } from '@jest/globals';
import { flat } from '../../lib/tree/answer.js';
import { Forest, type Stub } from '../../lib/tree/forest.js';
import { Work } from '../../lib/tree/work.js';
import { c, LINK, more } from './things.js';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

function setup(comments: Parameters<typeof flat>[0], reach = { threshold: 0, depth: Infinity }) {
  const forest = new Forest(LINK, (stub) => work.add(stub));
  const work = new Work(forest, reach);
  forest.place(flat(comments, LINK));
  return { forest, work };
}

describe('batches', () => {
  it('take up to 100 ids, oldest first, across stubs, and say which stub each came from', () => {
    const { work } = setup([c('p', LINK, [more('p', ids('p', 60))]), c('q', LINK, [more('q', ids('q', 70))]), more(LINK, ids('r', 30))]);
    expect(work.ids).toBe(160);
    const first = work.nextBatch()!;
    expect(first.ids).toEqual([...ids('p', 60), ...ids('q', 40)]);
    expect([...first.stubs.values()].map((v) => v.length)).toEqual([60, 40]);
    const second = work.nextBatch()!;
    expect(second.ids).toEqual([...ids('q', 70).slice(40), ...ids('r', 30)]);
    expect(work.nextBatch()).toBeUndefined();
    expect(work.pending()).toBe(0);
  });

  it('skip ids already in the tree and ids listed twice', () => {
    const { forest, work } = setup([more(LINK, ['a', 'b', 'c']), more(LINK, ['b', 'd'])]);
    forest.place([c('a')]);
    expect(work.pending()).toBe(4);
    expect(work.nextBatch()!.ids).toEqual(['b', 'c', 'd']);
  });

  it('never ask again ids of a request that brought nothing new', () => {
    const { forest, work } = setup([more(LINK, ['a', 'b'])]);
    const batch = work.nextBatch()!;
    forest.place([more(LINK, ['a', 'b'])], batch.stubs.keys());
    work.answered(batch);
    expect(work.nextBatch()).toBeUndefined();
  });

  it('an answer that brings something, but none of the ids asked, ends them too', () => {
    const { forest, work } = setup([more(LINK, ['a', 'b'])]);
    const batch = work.nextBatch()!;
    // A comment nobody asked for, and the same ids listed again: once more would be for ever.
    forest.place([c('junk'), more(LINK, ['a', 'b'])], batch.stubs.keys());
    work.answered(batch);
    expect(work.nextBatch()).toBeUndefined();
  });

  it('an answer that brings some of the ids asked keeps the rest alive for the stub that lists them again', () => {
    const { forest, work } = setup([more(LINK, ['a', 'b', 'c'])]);
    const batch = work.nextBatch()!;
    forest.place([c('a'), more(LINK, ['b', 'c'])], batch.stubs.keys());
    for (const [stub, asked] of batch.stubs) forest.settle(stub, asked);
    work.answered(batch);
    expect(work.nextBatch()!.ids).toEqual(['b', 'c']);
  });
});

describe('threads and reach', () => {
  it('queue "continue this thread" stubs one by one, and skip those closed meanwhile', () => {
    const { forest, work } = setup([c('a', LINK, [more('a', [])]), c('b', LINK, [more('b', [])])]);
    expect(work.threads).toBe(2);
    const a = work.nextThread()!;
    expect(a.owner).toBe('t1_a');
    const b: Stub = work.nextThread()!;
    forest.settle(b, []);
    expect(work.nextThread()).toBeUndefined();
  });

  it('threshold leaves stubs with a smaller count; depth leaves deeper stubs', () => {
    const tree = () => [c('a', LINK, [c('a1', 'a', [more('a1', ['x'], 3)]), more('a', ['y'], 1)]), more(LINK, ['z'], 10)];
    expect(setup(tree(), { threshold: 2, depth: Infinity }).work.pending()).toBe(2);
    expect(setup(tree(), { threshold: 0, depth: 1 }).work.pending()).toBe(2);
    expect(setup(tree(), { threshold: 0, depth: 0 }).work.pending()).toBe(1);
  });

  it('a childless stub of the link itself is left as it is', () => {
    expect(setup([more(LINK, [])]).work.threads).toBe(0);
  });
});
