import { describe, expect, it } from '@jest/globals';
import { ArgumentError } from '../../lib/errors/classes.js';
import { INFO_BATCH, inOrder, nextBatch } from '../../lib/info/batches.js';

const names = (n: number, kind = 't3') => Array.from({ length: n }, (_, i) => `${kind}_${i.toString(36)}`);
const thing = (name: string) => ({ kind: name.slice(0, 2), data: { name, id: name.slice(3) } });

describe('nextBatch: the fullnames of the next request', () => {
  it('takes 100 at a time, in the order given: 250 make batches of 100, 100 and 50', () => {
    const source = names(250)[Symbol.iterator]();
    const seen = new Set<string>();
    const sizes = [];
    for (let batch = nextBatch(source, seen); batch.length; batch = nextBatch(source, seen)) sizes.push(batch.length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(INFO_BATCH).toBe(100);
  });

  it('asks for each fullname once, whatever its case, keeping the first place', () => {
    const batch = nextBatch(['t3_a', 't1_b', 'T3_A', 't3_a', 't1_c', 't1_b'][Symbol.iterator](), new Set());
    expect(batch).toEqual(['t3_a', 't1_b', 't1_c']);
  });

  it('a repeated name across batches is asked once too', () => {
    const source = [...names(100), 't3_0', 't3_zz'][Symbol.iterator]();
    const seen = new Set<string>();
    expect(nextBatch(source, seen)).toHaveLength(100);
    expect(nextBatch(source, seen)).toEqual(['t3_zz']);
  });

  it.each([['t3'], ['t7_abc'], ['abc'], ['t3_'], ['t3_ab-c'], [' t3_abc'], ['t3_abc,t1_d'], [42], [null]])('refuses %p with an ArgumentError naming what it takes', (bad) => {
    const error = (() => {
      try {
        nextBatch(['t3_ok', bad][Symbol.iterator](), new Set());
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toMatch(/fullnames such as "t3_abc123"/);
  });
});

describe('inOrder: an answer put back in the order asked', () => {
  it('keeps the order asked whatever order the platform answered in, and lists what it left out', () => {
    const batch = ['t3_a', 't1_b', 't5_c', 't3_d', 't1_e'];
    const answer = [thing('t1_e'), thing('t5_c'), thing('t3_a')];
    const { things, missing } = inOrder(batch, answer);
    expect(things.map((t) => t.data.name)).toEqual(['t3_a', 't5_c', 't1_e']);
    expect(missing).toEqual(['t1_b', 't3_d']);
  });

  it('matches names whatever their case, and things that carry only kind and id', () => {
    const { things, missing } = inOrder(['T3_ABC', 't1_x'], [{ kind: 't1', data: { id: 'x' } }, thing('t3_abc')]);
    expect(things.map((t) => t.kind)).toEqual(['t3', 't1']);
    expect(missing).toEqual([]);
  });

  it('ignores what was not asked for, and children without a name', () => {
    const { things, missing } = inOrder(['t3_a'], [thing('t3_zzz'), { kind: 't3', data: {} }, null, 'text']);
    expect(things).toEqual([]);
    expect(missing).toEqual(['t3_a']);
  });
});
