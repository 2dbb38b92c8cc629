/** The expander (lib/tree/expand.ts, work.ts) against a stand-in of the platform: no sockets. */
import { describe, expect, it } from '@jest/globals';
import { ArgumentError, ResponseError } from '../../lib/errors/classes.js';
import { TreeBoundError } from '../../lib/tree/bound-error.js';
import { tree } from '../../lib/tree/expand.js';
import { walk } from '../../lib/tree/walk.js';
import type { CommentTree, TreeBound } from '../../lib/types/tree.js';
import type { Send } from '../../lib/tree/expand.js';
import { model, platform, randomModel, type Model } from './platform.js';
import { answer, c, LINK, more, page } from './things.js';

const PAGE = '/comments/$article';
const ARGS = { $article: 'link' };

type Node = CommentTree['comments'][number];

/** The tree's comments, each with its parent, checked against the model: exact order, depth, once each. */
function expectWhole(result: CommentTree, m: Model, gone: Set<string> = new Set()) {
  const expected: string[] = [];
  const visit = (ids: string[]) => {
    for (const id of ids) {
      if (gone.has(id)) continue;
      expected.push(id);
      visit(m.children.get(id)!);
    }
  };
  visit(m.children.get('')!);
  const seen = [...walk(result.comments)];
  expect(seen.map((c) => c.data.id)).toEqual(expected);
  const depth = new Map<string, number>();
  for (const c of seen) {
    const parent = m.parent.get(c.data.id);
    expect(c.data.parent_id).toBe(parent ? `t1_${parent}` : LINK);
    depth.set(c.data.id, parent ? depth.get(parent)! + 1 : 0);
    expect(c.data.depth).toBe(depth.get(c.data.id));
  }
  expect(hasStub(result.comments)).toBe(false);
  expect(result.orphans).toEqual([]);
  expect(result.pending).toBe(0);
}

function hasStub(items: Node[]): boolean {
  return items.some((i) => i.kind === 'more' || (i.data.replies !== '' && hasStub(i.data.replies.data.children)));
}

/** The least requests that can fetch it all: the ids in stubs, 100 a request, plus one per "continue this thread". */
function minimum(log: ReturnType<typeof platform>['log']) {
  const ids = new Set(log.calls.filter((c) => c.path === '/api/morechildren').flatMap((c) => String(c.args.children).split(',')));
  const threads = log.calls.filter((c) => c.path.includes('_')).length;
  return { ids: ids.size, threads, least: Math.ceil(ids.size / 100) + threads };
}

describe('expanding a whole tree', () => {
  const shapes: Array<[string, Model, number]> = [
    ['10 comments, one stub', randomModel(10, 8, 3, 3), 6],
    ['600 flat comments', randomModel(600, 600, 0, 0), 20],
    ['1,000 comments, bushy', randomModel(1000, 50, 5, 8, 7), 20],
    ['1,000 comments, deep chains', randomModel(1000, 5, 1, 1000, 3), 20],
    ['2,000 comments, mixed', randomModel(2000, 200, 4, 30, 11), 50],
  ];
  it.each(shapes)('%s: every comment once, parents first, the platform order, close to the least requests', async (_, m, limit) => {
    const { send, log } = platform(m, { limit });
    const result = await tree(send, PAGE, ARGS);
    expectWhole(result, m);
    const { least } = minimum(log);
    expect(result.requests).toBe(log.calls.length - 1);
    expect(result.requests).toBeLessThanOrEqual(Math.max(least, Math.ceil(least * 1.1)));
    expect(log.maxMore).toBeLessThanOrEqual(1);
    expect(log.maxPages).toBeLessThanOrEqual(4);
  });

  it('asks /api/morechildren with link_id, up to 100 children, the sort, limit_children=false, api_type=json', async () => {
    const m = randomModel(700, 400, 3, 5);
    const { send, log } = platform(m);
    await tree(send, PAGE, { ...ARGS, sort: 'top' });
    const asks = log.calls.filter((c) => c.path === '/api/morechildren');
    expect(asks.length).toBeGreaterThan(3);
    for (const { args } of asks) {
      expect(args).toEqual({ link_id: LINK, children: expect.any(String), sort: 'top', limit_children: false, api_type: 'json' });
      expect(String(args.children).split(',').length).toBeLessThanOrEqual(100);
    }
    // Full batches, across stubs, all but the last.
    expect(asks.slice(0, -1).every(({ args }) => String(args.children).split(',').length === 100)).toBe(true);
    const pages = log.calls.filter((c) => c.path === '/comments/$article/_/$comment');
    for (const { args } of pages) expect(args).toEqual({ $article: 'link', $comment: expect.any(String), sort: 'top' });
  });

  it("follows the link's suggested sort when the call gives none", async () => {
    const { send, log } = platform(randomModel(60, 60, 0, 0), { link: { suggested_sort: 'new' } });
    await tree(send, PAGE, ARGS);
    expect(log.calls.at(-1)!.args.sort).toBe('new');
  });

  it('puts back answers that repeat things and give replies before their parents', async () => {
    const m = randomModel(800, 100, 4, 12, 5);
    const { send } = platform(m, { faults: { duplicate: true, childrenFirst: true } });
    expectWhole(await tree(send, PAGE, ARGS), m);
  });

  it('stubs that list replies of replies too: every comment once, in order, ids that arrived meanwhile never asked', async () => {
    const m = randomModel(1200, 150, 4, 9, 13);
    const { send, log } = platform(m, { faults: { nestedIds: true } });
    const result = await tree(send, PAGE, ARGS);
    expectWhole(result, m);
    const { ids, least } = minimum(log);
    expect(ids).toBeLessThan(1200 - 20);
    expect(result.requests).toBeLessThanOrEqual(Math.ceil(least * 1.1));
  });

  it('unpacks morechildren answers that nest replies instead of listing them flat', async () => {
    const m = randomModel(700, 300, 3, 5, 21);
    const { send } = platform(m);
    const nesting: typeof send = async (...a) => {
      const body = (await send(...a)) as { json?: { data: { things: Array<{ kind: string; data: any }> } } };
      if (!body.json) return body;
      // Each reply moved into its parent's replies, as a nested page would hold it.
      const things = body.json.data.things;
      const byName = new Map(things.map((t) => [t.data.name, t]));
      body.json.data.things = things.filter((t) => {
        const parent = byName.get(t.data.parent_id);
        if (!parent || t.kind !== 't1') return true;
        parent.data.replies ||= { kind: 'Listing', data: { children: [] } };
        parent.data.replies.data.children.push(t);
        return false;
      });
      return body;
    };
    expectWhole(await tree(nesting, PAGE, ARGS), m);
  });

  it('a reply whose parent never comes is handed back in orphans, once, and the tree is otherwise whole', async () => {
    const m = randomModel(600, 600, 0, 0);
    const { send } = platform(m, { limit: 20 });
    let injected = 0;
    const orphan = { kind: 't1', data: { id: 'orphan1', name: 't1_orphan1', parent_id: 't1_ghost', link_id: LINK, depth: 0, replies: '' } };
    const withOrphan: typeof send = async (...a) => {
      const body = (await send(...a)) as { json?: { data: { things: unknown[] } } };
      // The same stray reply in two answers: it must still come back once.
      if (body.json && injected < 2) {
        injected++;
        body.json.data.things.push(structuredClone(orphan));
      }
      return body;
    };
    const result = await tree(withOrphan, PAGE, ARGS);
    expect(injected).toBe(2);
    expect(result.orphans.map((c) => c.data.name)).toEqual(['t1_orphan1']);
    expectWhole({ ...result, orphans: [] }, m);
  });

  it('asks again for ids an answer given in part lists in a new stub', async () => {
    const m = randomModel(500, 300, 3, 6, 9);
    const { send, log } = platform(m, { faults: { truncate: 30 } });
    expectWhole(await tree(send, PAGE, ARGS), m);
    expect(log.calls.length).toBeGreaterThan(10);
  });

  it('a stub whose ids were all deleted returns nothing and leaves no trace', async () => {
    const m = model([['a', undefined], ['b', undefined], ['c', undefined], ['d', undefined], ['e', 'a']]);
    const gone = new Set(['c', 'd']);
    const { send, log } = platform(m, { limit: 3, faults: { deleted: gone } });
    const result = await tree(send, PAGE, ARGS);
    expectWhole(result, m, gone);
    expect(log.calls.map((c) => c.args.children).filter(Boolean)).toEqual(['c,d']);
  });
});

describe('stopping early', () => {
  const m = randomModel(1500, 400, 3, 10, 4);
  /** Every comment of the model is in the tree, or stands behind a stub still in it: nothing was lost. */
  function expectCovered(result: CommentTree) {
    const placed = new Map<string, Node>();
    const listed = new Set<string>();
    const threads = new Set<string>();
    const scan = (items: Node[], owner: string) => {
      for (const item of items) {
        if (item.kind === 'more') {
          item.data.children.forEach((id) => listed.add(id));
          if (!item.data.children.length) threads.add(owner);
        } else {
          expect(placed.has(item.data.id)).toBe(false);
          placed.set(item.data.id, item);
          if (item.data.replies !== '') scan(item.data.replies.data.children, item.data.id);
        }
      }
    };
    scan(result.comments, '');
    for (const id of m.ids) {
      let at: string | undefined = id;
      let covered = false;
      while (at !== undefined && !covered) {
        covered = placed.has(at) || listed.has(at) || threads.has(m.parent.get(at) ?? '');
        at = m.parent.get(at);
      }
      expect([id, covered]).toEqual([id, true]);
    }
    return placed.size;
  }

  it('limit: that many requests, then the tree still holds the stubs it did not replace', async () => {
    const { send, log } = platform(m);
    const result = await tree(send, PAGE, ARGS, { limit: 3 });
    expect(result.requests).toBe(3);
    expect(log.calls).toHaveLength(4);
    expect(result.pending).toBeGreaterThan(0);
    expect(hasStub(result.comments)).toBe(true);
    const placed = expectCovered(result);
    expect(placed).toBeGreaterThan(20);
    expect(placed).toBeLessThan(1500);
    expect(await tree(platform(m).send, PAGE, ARGS, { limit: 0 })).toMatchObject({ requests: 0 });
  });

  it('from: a tree stopped by limit goes on where it stopped, and ends whole', async () => {
    const { send, log } = platform(m);
    let result = await tree(send, PAGE, ARGS, { limit: 7 });
    let steps = 1;
    while (result.pending > 0) {
      result = await tree(send, PAGE, ARGS, { limit: 7, from: result });
      steps++;
    }
    expectWhole(result, m);
    expect(log.calls.filter((c) => c.path === PAGE)).toHaveLength(1);
    expect(steps).toBe(Math.ceil((log.calls.length - 1) / 7));
  });

  it('threshold: stubs counting fewer comments stay as they are', async () => {
    const { send, log } = platform(m);
    const result = await tree(send, PAGE, ARGS, { threshold: 5 });
    expectCovered(result);
    const left = [...stubs(result.comments)];
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((s) => s.data.count < 5)).toBe(true);
    expect(log.calls.filter((c) => c.path.includes('_'))).toHaveLength(0);
  });

  it('depth: stubs deeper than it stay; comments deeper than it come only with the answers', async () => {
    const { send } = platform(m);
    const result = await tree(send, PAGE, ARGS, { depth: 2 });
    expectCovered(result);
    const left = [...stubs(result.comments)];
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((s) => (s.data.depth ?? 0) > 2)).toBe(true);
  });

  it('abort midway rejects with the signal\'s reason and sends nothing more', async () => {
    const { send, log } = platform(m);
    const controller = new AbortController();
    const reason = new Error('enough');
    const seen: number[] = [];
    const run = tree(send, PAGE, ARGS, {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.requests);
        if (p.requests >= 2) controller.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    const sent = log.calls.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(log.calls.length).toBe(sent);
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });

  it('a "continue this thread" page that answers 404 (the comment was removed) leaves nothing, and the rest goes on', async () => {
    const m = randomModel(300, 3, 1, 300, 2);
    const { send } = platform(m);
    let gone = '';
    const result = await tree((verb, path, args, options) => {
      if (path.includes('_') && !gone) {
        gone = String(args.$comment);
        return Promise.reject(new ResponseError('Not Found', { status: 404, method: 'GET', url: path, body: {}, errors: [], attempts: 1 }));
      }
      return send(verb, path, args, options);
    }, PAGE, ARGS);
    expect(gone).not.toBe('');
    const ids = [...walk(result.comments)].map((c) => c.data.id);
    expect(ids).toContain(gone);
    expect(ids.length).toBeLessThan(300);
    expect(hasStub(result.comments)).toBe(false);
    expect(result.pending).toBe(0);
  });

  it('a request that fails rejects the tree with its error', async () => {
    const { send } = platform(m);
    const boom = new Error('502 for good');
    let n = 0;
    await expect(tree((...a) => (++n === 3 ? Promise.reject(boom) : send(...a)), PAGE, ARGS)).rejects.toBe(boom);
  });
});

describe('options and answers', () => {
  it("the first page keeps the call's priority; the expansion's requests are 'low' unless the call names one", async () => {
    const m = randomModel(300, 60, 2, 8);
    const priorities = async (options: Parameters<typeof tree>[3]) => {
      const { send } = platform(m);
      const seen: Array<[string, unknown]> = [];
      await tree((verb, path, args, o) => (seen.push([path, o.priority]), send(verb, path, args, o)), PAGE, ARGS, options);
      return seen;
    };
    const plain = await priorities({});
    expect(plain.length).toBeGreaterThan(2);
    expect(plain[0]).toEqual([PAGE, undefined]);
    expect(plain.some(([path]) => path === '/api/morechildren')).toBe(true);
    expect(plain.some(([path]) => path.includes('$comment'))).toBe(true);
    for (const [, priority] of plain.slice(1)) expect(priority).toBe('low');
    for (const [, priority] of await priorities({ priority: 'high' })) expect(priority).toBe('high');
  });

  it('expand: false returns the first answer as it is', async () => {
    const m = randomModel(300, 100, 3, 6);
    const { send, log } = platform(m);
    const body = (await send('get', PAGE, ARGS, {})) as Array<{ data: { children: Node[] } }>;
    const result = await tree(async () => body, PAGE, ARGS, { expand: false });
    expect(result.comments).toBe(body[1]!.data.children);
    expect(result.submission).toBe(body[0]!.data.children[0]);
    expect(result).toMatchObject({ requests: 0, orphans: [] });
    expect(result.pending).toBeGreaterThan(0);
    expect(log.calls).toHaveLength(1);
  });

  it('onProgress hears requests, comments and pending after every answer', async () => {
    const m = randomModel(900, 500, 2, 4);
    const { send } = platform(m);
    const seen: Array<{ requests: number; comments: number; pending: number }> = [];
    const result = await tree(send, PAGE, ARGS, { onProgress: (p) => seen.push(p) });
    expect(seen).toHaveLength(result.requests);
    expect(seen.map((p) => p.requests)).toEqual(seen.map((p) => p.requests).sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual({ requests: result.requests, comments: 900, pending: 0 });
  });

  it('bad options and pages that are not comment pages reject with ArgumentError', async () => {
    const { send } = platform(randomModel(5, 5, 0, 0));
    for (const options of [{ limit: -1 }, { threshold: Number.NaN }, { depth: '3' as unknown as number }]) {
      await expect(tree(send, PAGE, ARGS, options)).rejects.toThrow(ArgumentError);
    }
    await expect(tree(async () => ({ kind: 'Listing', data: { children: [] } }), '/r/x/hot', {})).rejects.toThrow(/tree\(\) needs a page/);
  });
});

function* stubs(items: Node[]): Generator<Extract<Node, { kind: 'more' }>> {
  for (const item of items) {
    if (item.kind === 'more') yield item;
    else if (item.data.replies !== '') yield* stubs(item.data.replies.data.children);
  }
}

describe('answers that never end', () => {
  /** A send that gives up after `most` requests, so a loop fails the test instead of running for ever. */
  function counted(answer: Send, most = 5000) {
    const log = { calls: 0 };
    const send: Send = async (...a) => {
      if (++log.calls > most) throw new Error(`more than ${most} requests`);
      return answer(...a);
    };
    return { send, log };
  }

  it('the same `more` ids listed again with a new comment in every answer: asked once, that branch ends', async () => {
    let n = 0;
    const { send, log } = counted(async (_verb, path) =>
      path === '/api/morechildren' ? answer([c(`junk${n++}`), more(LINK, ['x', 'y'])]) : page([c('a'), more(LINK, ['x', 'y'])], { num_comments: 3 }));
    const result = await tree(send, PAGE, ARGS);
    expect(log.calls).toBe(2);
    expect(result.requests).toBe(1);
    expect(result.pending).toBe(0);
  });

  it('new work made up in every answer: the bound stops it, with tree_bound and TreeBoundError holding the tree so far', async () => {
    let n = 0;
    // Each answer gives one of the ids asked and lists two new ones: always progress, never an end.
    const { send, log } = counted(async (_verb, path, args) => {
      if (path !== '/api/morechildren') return page([c('a'), more(LINK, ['f0', 'f1'])], { num_comments: 10 });
      const [first] = String(args.children).split(',');
      return answer([c(first!), more(LINK, [`f${(n += 2)}`, `f${n + 1}`])]);
    });
    const bounds: TreeBound[] = [];
    const error = await tree(send, PAGE, ARGS, {}, (b) => bounds.push(b)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TreeBoundError);
    const bound = error as TreeBoundError;
    // 100 + twice the 10 comments announced.
    expect(bound).toMatchObject({ code: 'TREE_REQUEST_BOUND', requests: 120, bound: 120 });
    expect(bound.message).toMatch(/tree\(\) stopped after 120 requests, its bound/);
    expect(log.calls).toBe(121);
    expect(bounds).toEqual([{ path: PAGE, requests: 120, bound: 120, comments: 121, pending: bound.tree.pending }]);
    expect(bound.tree.pending).toBeGreaterThan(0);
    expect([...walk(bound.tree.comments)]).toHaveLength(121);
    // The tree rides on the error without being printed with it.
    expect(Object.keys(bound)).not.toContain('tree');
  });

  it('the bound counts what the first page shows when the link announces less', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `k${i}`);
    let n = 0;
    const { send } = counted(async (_verb, path) =>
      path === '/api/morechildren' ? answer([c(`m${n++}`), more(LINK, [`m${n}`])]) : page([c('a'), more(LINK, ids)], { num_comments: 0 }));
    const error = (await tree(send, PAGE, ARGS).catch((e: unknown) => e)) as TreeBoundError;
    // 1 comment and 300 ids found: 100 + 2 * 301.
    expect(error.bound).toBe(702);
  });

  it('limit below the bound stops as before, without an error', async () => {
    let n = 0;
    const { send } = counted(async (_verb, path, args) => {
      if (path !== '/api/morechildren') return page([c('a'), more(LINK, ['f0', 'f1'])], { num_comments: 10 });
      return answer([c(String(args.children).split(',')[0]!), more(LINK, [`f${(n += 2)}`, `f${n + 1}`])]);
    });
    const result = await tree(send, PAGE, ARGS, { limit: 50 });
    expect(result.requests).toBe(50);
    expect(result.pending).toBeGreaterThan(0);
  });
});
