/** The pure splice of answers into a comment tree (lib/tree/forest.ts and answer.ts), table by table. */
import { describe, expect, it } from '@jest/globals';
import { flat, pageOf, stubWork, thingsOf } from '../../lib/tree/answer.js';
import { Forest, type Stub } from '../../lib/tree/forest.js';
import { ArgumentError } from '../../lib/errors/classes.js';
import { answer, c, LINK, more, outline, page } from './things.js';

/** A forest holding `comments` (a first page), and the stubs it reported, by their first id or owner. */
function grow(comments: Parameters<typeof flat>[0]) {
  const stubs: Stub[] = [];
  const forest = new Forest(LINK, (stub) => stubs.push(stub));
  forest.place(flat(comments, LINK));
  const stub = (key: string) => stubs.find((s) => (s.thread ? `thread:${s.owner}` : s.thing.data.children[0]) === key && s.open)!;
  return { forest, stubs, stub };
}

describe('the first page', () => {
  it('is rebuilt in its own order, depth counted from the top whatever the page said, stubs reported', () => {
    const { forest, stubs } = grow([
      c('a', LINK, [c('a1', 'a', [c('a11', 'a1', [], 7)], 9), more('a', ['a2', 'a3'], 5, 3)], 4),
      c('b', LINK, [c('b1', 'b', [more('b1', [])])]),
      more(LINK, ['c', 'd'], 12),
    ]);
    expect(outline(forest.roots)).toEqual([['a', [['a1', ['a11']], 'more:a2,a3']], ['b', [['b1', ['thread']]]], 'more:c,d']);
    expect(forest.size).toBe(5);
    expect(stubs.map((s) => [s.owner, s.depth, s.thread])).toEqual([['t1_a', 1, false], ['t1_b1', 2, true], [LINK, 0, false]]);
    expect(stubs.map((s) => s.thing.data.depth)).toEqual([1, 2, 0]);
  });

  it('drops a comment the page holds twice, keeping the first', () => {
    const { forest } = grow([c('a'), c('b', LINK, [c('a', 'b')]), c('a')]);
    expect(outline(forest.roots)).toEqual(['a', 'b']);
    expect(forest.duplicates).toBe(2);
  });

  it('pageOf takes a comments page apart and refuses anything else with ArgumentError', () => {
    expect(pageOf(page([c('a')]), '/comments/x').comments).toHaveLength(1);
    for (const body of [{}, [], [page([])[1], page([])[1]], 'text', null]) {
      expect(() => pageOf(body, '/r/x/hot')).toThrow(ArgumentError);
    }
    expect(() => pageOf({}, '/r/x/hot')).toThrow(/tree\(\) needs a page that answers a link and its comments.*\/r\/x\/hot/);
  });

  it('stubWork counts one per id and one per "continue this thread"', () => {
    expect(stubWork(page([c('a', LINK, [more('a', [])]), more(LINK, ['b', 'c', 'd'])])[1]!.data.children)).toBe(4);
    expect(thingsOf({ json: { errors: [] } })).toEqual([]);
  });
});

describe('a morechildren answer', () => {
  it("takes the stub's place: after the replies before it, before those after it, in the answer's order", () => {
    const { forest, stub } = grow([c('p', LINK, [c('x', 'p'), more('p', ['a', 'b', 'c']), c('y', 'p')])]);
    const s = stub('a');
    forest.place(thingsOf(answer([c('b', 'p'), c('a', 'p'), c('a1', 'a'), c('c', 'p')])));
    forest.settle(s, ['a', 'b', 'c']);
    expect(outline(forest.roots)).toEqual([['p', ['x', 'b', ['a', ['a1']], 'c', 'y']]]);
    expect(s.open).toBe(false);
  });

  it('splices several stubs of one batch, each in its own place, each parent in its own order', () => {
    const { forest, stub } = grow([c('p', LINK, [more('p', ['p1', 'p2'])]), c('q', LINK, [more('q', ['q1'])]), more(LINK, ['r'])]);
    const [sp, sq, sr] = [stub('p1'), stub('q1'), stub('r')];
    forest.place(thingsOf(answer([c('q1', 'q'), c('p2', 'p'), c('r', LINK), c('p1', 'p'), c('r1', 'r')])));
    for (const [s, ids] of [[sp, ['p1', 'p2']], [sq, ['q1']], [sr, ['r']]] as const) forest.settle(s, ids);
    expect(outline(forest.roots)).toEqual([['p', ['p2', 'p1']], ['q', ['q1']], ['r', ['r1']]]);
  });

  it('drops duplicates: a comment already in the tree, or twice in one answer', () => {
    const { forest, stub } = grow([c('x'), more(LINK, ['a', 'b'])]);
    forest.place(thingsOf(answer([c('a'), c('x'), c('a'), c('b'), c('a1', 'a'), c('a1', 'a')])));
    forest.settle(stub('a'), ['a', 'b']);
    expect(outline(forest.roots)).toEqual(['x', ['a', ['a1']], 'b']);
    expect(forest.duplicates).toBe(3);
  });

  it('keeps a reply that comes before its parent until the parent is placed, in this answer or a later one', () => {
    const { forest, stub } = grow([more(LINK, ['a', 'b', 'c'], 6)]);
    const s = stub('a');
    // a2's parent a1 comes later in this answer; b1's parent b only in the next one.
    forest.place(thingsOf(answer([c('a2', 'a1'), c('a'), c('b1', 'b'), c('a1', 'a')])));
    forest.settle(s, ['a']);
    expect(outline(forest.roots)).toEqual([['a', [['a1', ['a2']]]], 'more:b,c']);
    expect(forest.orphans().map((o) => o.data.id)).toEqual(['b1']);
    forest.place(thingsOf(answer([c('b'), c('c')])));
    forest.settle(s, ['b', 'c']);
    expect(outline(forest.roots)).toEqual([['a', [['a1', ['a2']]]], ['b', ['b1']], 'c']);
    expect(forest.orphans()).toEqual([]);
  });

  it("a reply that waited since an earlier answer comes after the parent's replies in this one, and its copy there wins", () => {
    // A stub may list nested ids: c2 (a reply of p) asked before p itself.
    const { forest, stub } = grow([more(LINK, ['c2', 'p', 'c3'])]);
    const s = stub('c2');
    forest.place(thingsOf(answer([c('c2', 'p'), c('c3', 'p')])), [s]);
    forest.settle(s, ['c2']);
    forest.place(thingsOf(answer([c('p'), c('c1', 'p'), c('c2', 'p')])), [s]);
    forest.settle(s, ['p', 'c3']);
    expect(outline(forest.roots)).toEqual([['p', ['c1', 'c2', 'c3']]]);
    expect(forest.duplicates).toBe(1);
  });

  it('leaves out for good a reply whose parent never comes: orphans() lists it, once', () => {
    const { forest, stub } = grow([more(LINK, ['a'])]);
    forest.place(thingsOf(answer([c('z1', 'z'), c('z2', 'z1'), c('z1', 'z'), c('a')])));
    forest.settle(stub('a'), ['a']);
    forest.tidy();
    expect(outline(forest.roots)).toEqual(['a']);
    expect(forest.orphans().map((o) => o.data.id)).toEqual(['z1', 'z2']);
  });

  it('a stub whose ids were all deleted returns nothing: it goes, and an empty replies becomes ""', () => {
    const { forest, stub } = grow([c('p', LINK, [more('p', ['gone1', 'gone2'], 0)]), c('q')]);
    forest.place(thingsOf(answer([])));
    forest.settle(stub('gone1'), ['gone1', 'gone2']);
    expect(outline(forest.roots)).toEqual(['p', 'q']);
    expect((forest.roots[0] as { data: { replies: unknown } }).data.replies).toBe('');
  });

  it('a stub asked in part keeps its place and the ids not asked yet; later answers come after the earlier ones', () => {
    const ids = Array.from({ length: 150 }, (_, i) => `k${i}`);
    const { forest, stub } = grow([c('x'), more(LINK, ids, 400), c('y')]);
    const s = stub('k0');
    forest.place(thingsOf(answer(ids.slice(0, 100).map((id) => c(id)))));
    forest.settle(s, ids.slice(0, 100));
    expect(s.open).toBe(true);
    expect(s.thing.data).toMatchObject({ children: ids.slice(100), count: 300 });
    expect(outline(forest.roots)).toEqual(['x', ...ids.slice(0, 100), `more:${ids.slice(100).join(',')}`, 'y']);
    forest.place(thingsOf(answer(ids.slice(100).map((id) => c(id)))));
    forest.settle(s, ids.slice(100));
    expect(outline(forest.roots)).toEqual(['x', ...ids, 'y']);
  });

  it('an answer given in part, the rest in a new stub, puts that stub where the old one was', () => {
    const { forest, stubs, stub } = grow([c('p', LINK, [more('p', ['a', 'b', 'c', 'd'])])]);
    const old = stub('a');
    forest.place(thingsOf(answer([c('a', 'p'), c('b', 'p'), more('p', ['c', 'd'], 2)])), [old]);
    forest.settle(old, ['a', 'b', 'c', 'd']);
    expect(outline(forest.roots)).toEqual([['p', ['a', 'b', 'more:c,d']]]);
    const next = stubs.at(-1)!;
    expect(next).not.toBe(old);
    expect(next).toMatchObject({ owner: 't1_p', depth: 1, open: true });
    forest.place(thingsOf(answer([c('c', 'p'), c('d', 'p')])), [next]);
    forest.settle(next, ['c', 'd']);
    expect(outline(forest.roots)).toEqual([['p', ['a', 'b', 'c', 'd']]]);
  });

  it('the rest of an answer given in part, listing ids of two stubs of one parent, is split: each part in its own place', () => {
    const { forest, stubs, stub } = grow([more(LINK, ['a', 'b']), c('x'), more(LINK, ['y', 'z'])]);
    const [first, second] = [stub('a'), stub('y')];
    forest.place(thingsOf(answer([c('a'), c('y'), more(LINK, ['b', 'z'], 9)])), [first, second]);
    forest.settle(first, ['a', 'b']);
    forest.settle(second, ['y', 'z']);
    expect(outline(forest.roots)).toEqual(['a', 'more:b', 'x', 'y', 'more:z']);
    expect(stubs.slice(2).map((s) => s.thing.data)).toEqual([
      expect.objectContaining({ id: 'b', name: 't1_b', children: ['b'], count: 5 }),
      expect.objectContaining({ id: 'z', name: 't1_z', children: ['z'], count: 5 }),
    ]);
  });

  it('stubs inside an answer are placed and reported; ids already in the tree are dropped from them', () => {
    const { forest, stubs, stub } = grow([c('x'), more(LINK, ['a'])]);
    forest.place(thingsOf(answer([c('a'), c('a1', 'a', [], 0), more('a1', []), more('a', ['x', 'a2']), more('a', ['x'])])));
    forest.settle(stub('a'), ['a']);
    expect(outline(forest.roots)).toEqual(['x', ['a', [['a1', ['thread']], 'more:a2']]]);
    expect(stubs.slice(1).map((s) => [s.owner, s.depth, s.thread, s.thing.data.children])).toEqual([['t1_a1', 2, true, []], ['t1_a', 1, false, ['a2']]]);
  });
});

describe('a "continue this thread" page', () => {
  it("puts the comment's replies in the stub's place, depth counted from the tree, not the page", () => {
    const { forest, stub } = grow([c('a', LINK, [c('b', 'a', [more('b', [], 0)])])]);
    const s = stub('thread:t1_b');
    // The subtree page restarts depth at 0 and repeats b itself.
    const sub = page([c('b', 'a', [c('b1', 'b', [c('b11', 'b1', [], 2)], 1), c('b2', 'b', [], 1)], 0)]);
    forest.place(flat(pageOf(sub, '/comments/link/_/b').comments, LINK), [s]);
    forest.settle(s, []);
    expect(outline(forest.roots)).toEqual([['a', [['b', [['b1', ['b11']], 'b2']]]]]);
    expect(forest.duplicates).toBe(1);
  });

  it('an empty page removes the stub; a second stub for the same comment is ignored', () => {
    const { forest, stubs, stub } = grow([c('a', LINK, [more('a', [])])]);
    const s = stub('thread:t1_a');
    forest.place(thingsOf(answer([more('a', [])])));
    expect(stubs).toHaveLength(1);
    forest.place(flat(page([])[1]!.data.children, LINK), [s]);
    forest.settle(s, []);
    expect(outline(forest.roots)).toEqual(['a']);
  });
});

describe('tidy', () => {
  it('drops from open stubs the ids that arrived by another way, and removes stubs left empty', () => {
    const { forest, stub } = grow([more(LINK, ['a']), more(LINK, ['b', 'a1']), more(LINK, ['a1'])]);
    forest.place(thingsOf(answer([c('a'), c('a1', 'a')])));
    forest.settle(stub('a'), ['a']);
    // An id listed by two stubs does not move the second one.
    expect(outline(forest.roots)).toEqual([['a', ['a1']], 'more:b,a1', 'more:a1']);
    forest.tidy();
    expect(outline(forest.roots)).toEqual([['a', ['a1']], 'more:b']);
  });
});
