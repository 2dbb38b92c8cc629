/**
 * A small stand-in of the platform's comment endpoints for the expander's unit tests, written apart
 * from the emulator: a page cut by a comment budget and a depth limit, `/api/morechildren` answering
 * flat lists, and knobs for the faults the platform is known for.
 */
import type { Args } from '../../lib/request/path.js';
import type { Send } from '../../lib/tree/expand.js';
import { LINK } from './things.js';

type Item = { kind: string; data: Record<string, unknown> };

export interface Model {
  /** Comment ids in creation order; `parent` of each (undefined: top-level). */
  ids: string[];
  parent: Map<string, string | undefined>;
  /** Direct replies of each id ('' for the link), in the platform's order. */
  children: Map<string, string[]>;
}

/** A tree built from (id, parent) pairs, in order. */
export function model(pairs: Array<[string, string | undefined]>): Model {
  const m: Model = { ids: [], parent: new Map(), children: new Map([['', []]]) };
  for (const [id, parent] of pairs) {
    m.ids.push(id);
    m.parent.set(id, parent);
    m.children.set(id, []);
    m.children.get(parent ?? '')!.push(id);
  }
  return m;
}

/** A random tree of `n` comments: `top` of them top-level, at most `branching` replies each, at most `depth` deep. */
export function randomModel(n: number, top: number, branching: number, depth: number, seed = 1): Model {
  let s = seed;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const open: Array<[string, number]> = [];
  const level = new Map<string, number>();
  const pairs: Array<[string, string | undefined]> = [];
  const kids = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const id = `c${k.toString(36)}`;
    let parent: string | undefined;
    if (k >= top && open.length) {
      const at = rand() < 0.5 ? open.length - 1 : Math.floor(rand() * open.length);
      parent = open[at]![0];
      kids.set(parent, (kids.get(parent) ?? 0) + 1);
      if (kids.get(parent)! >= branching) open.splice(at, 1);
    }
    const d = parent ? level.get(parent)! + 1 : 0;
    level.set(id, d);
    if (d < depth && branching > 0) open.push([id, d]);
    pairs.push([id, parent]);
  }
  return model(pairs);
}

export interface Faults {
  /** Repeat each thing of a morechildren answer this often (the platform sends duplicates). */
  duplicate?: boolean;
  /** Put the replies of each asked comment before it in morechildren answers. */
  childrenFirst?: boolean;
  /** Answer at most this many things per morechildren request; the rest of the asked ids come back as a new stub. */
  truncate?: number;
  /** Ids gone from the platform: listed in stubs, never returned. */
  deleted?: Set<string>;
  /** Stubs list every comment they stand for, replies of replies too (each after its parent). */
  nestedIds?: boolean;
}

export interface Log {
  calls: Array<{ path: string; args: Args }>;
  /** Most requests of each kind in flight at once. */
  maxMore: number;
  maxPages: number;
}

const listing = (children: Item[]) => ({ kind: 'Listing', data: { after: null, before: null, children } });

/** A `send` answering from `m`: pages of at most `limit` comments, `depth` levels; morechildren `depth` levels per id. */
export function platform(m: Model, { limit = 20, depth = 4, faults = {} as Faults, link = {} as Record<string, unknown>, latency = 0 } = {}) {
  const log: Log = { calls: [], maxMore: 0, maxPages: 0 };
  const gone = faults.deleted ?? new Set<string>();
  const visible = (ids: string[]) => ids.filter((id) => !gone.has(id));
  const comment = (id: string, depthSaid: number, replies: unknown = ''): Item => ({
    kind: 't1', data: { id, name: `t1_${id}`, parent_id: m.parent.get(id) ? `t1_${m.parent.get(id)}` : LINK, depth: depthSaid, replies, body: id },
  });
  const stub = (parent: string, ids: string[], depthSaid: number): Item => ({
    kind: 'more', data: { id: ids[0] ?? '_', name: `t1_${ids[0] ?? '_'}`, parent_id: parent, depth: depthSaid, count: ids.length, children: ids },
  });
  const size = (id: string): number => (gone.has(id) ? 0 : 1 + m.children.get(id)!.reduce((n, k) => n + size(k), 0));

  /** Nested replies of `ids` (siblings under `owner`), cut by the budget and the depth. */
  function nest(ids: string[], owner: string, level: number, budget: { left: number }): Item[] {
    const out: Item[] = [];
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (budget.left <= 0) {
        const rest = ids.slice(k);
        const listed = faults.nestedIds ? rest.flatMap(function all(i: string): string[] { return [i, ...m.children.get(i)!.flatMap(all)]; }) : rest;
        out.push({ ...stub(owner, listed, level), data: { ...stub(owner, listed, level).data, count: rest.reduce((n, i) => n + size(i), 0) } });
        break;
      }
      if (gone.has(id)) continue;
      budget.left--;
      const kids = visible(m.children.get(id)!);
      const replies = !kids.length ? '' : level + 1 >= depth ? listing([stub(`t1_${id}`, [], level + 1)]) : listing(nest(m.children.get(id)!, `t1_${id}`, level + 1, budget));
      out.push(comment(id, level, replies));
    }
    return out;
  }

  function flatMore(ids: string[]): Item[] {
    const out: Item[] = [];
    const visit = (id: string, rel: number) => {
      if (gone.has(id)) return;
      out.push(comment(id, rel));
      const kids = visible(m.children.get(id)!);
      if (!kids.length) return;
      if (rel + 1 >= depth) out.push(stub(`t1_${id}`, [], rel + 1));
      else for (const k of kids) visit(k, rel + 1);
    };
    for (const id of ids) {
      const from = out.length;
      visit(id, 0);
      if (faults.childrenFirst && out.length > from + 1) out.push(...out.splice(from, 1));
    }
    return out;
  }

  let more = 0;
  let pages = 0;
  const send: Send = async (verb, path, args) => {
    log.calls.push({ path, args: { ...args } });
    if (latency) await new Promise((r) => setTimeout(r, latency));
    if (path === '/api/morechildren') {
      more++;
      log.maxMore = Math.max(log.maxMore, more);
      await new Promise((r) => setTimeout(r, 1));
      more--;
      const asked = String(args.children).split(',').filter((id) => m.parent.has(id));
      let things = flatMore(asked);
      if (faults.truncate !== undefined && things.length > faults.truncate) {
        // As the platform does: what does not fit is listed in new stubs, each under its parent
        // (an asked id under its own parent; a reply cut off under the comment it answers).
        const kept = things.slice(0, faults.truncate);
        const got = new Set(kept.map((t) => String(t.data.name)));
        const byParent = new Map<string, string[]>();
        const extra: Item[] = [];
        for (const t of things.slice(faults.truncate)) {
          const p = String(t.data.parent_id);
          if (t.kind === 'more') {
            if (got.has(p)) extra.push(t);
          } else if (got.has(p) || asked.includes(String(t.data.id))) {
            byParent.set(p, [...(byParent.get(p) ?? []), String(t.data.id)]);
          }
        }
        things = [...kept, ...extra, ...[...byParent].map(([p, ids]) => stub(p, ids, 0))];
      }
      if (faults.duplicate) things = things.flatMap((t) => [t, structuredClone(t)]);
      return { json: { errors: [], data: { things } } };
    }
    pages++;
    log.maxPages = Math.max(log.maxPages, pages);
    await new Promise((r) => setTimeout(r, 1));
    pages--;
    const linkThing = { kind: 't3', data: { id: 'link', name: LINK, title: 'a link', num_comments: m.ids.length, ...link } };
    if (path === '/comments/$article/_/$comment') {
      const id = String(args.$comment);
      return [listing([linkThing]), listing(gone.has(id) ? [] : nest([id], m.parent.get(id) ? `t1_${m.parent.get(id)}` : LINK, 0, { left: limit }))];
    }
    return [listing([linkThing]), listing(nest(m.children.get('')!, LINK, 0, { left: limit }))];
  };
  return { send, log };
}
