import type { Comment, Tree } from '../things/comments.js';
import type { Thing, View } from '../things/things.js';
import { listing, renderComment, renderMore } from '../things/things.js';

export interface TreeOptions {
  /** Most comments to render; the rest become `more` stubs. */
  limit: number;
  /** Deepest level rendered, relative to the roots; deeper replies become "continue this thread". */
  depth: number;
  sort: string;
}

function sorted(tree: Tree, ids: readonly string[], sort: string): Comment[] {
  const list = ids.map((id) => tree.byId.get(id)).filter((c): c is Comment => c !== undefined);
  if (sort === 'new') return list.sort((a, b) => b.created - a.created);
  if (sort === 'old') return list.sort((a, b) => a.created - b.created);
  if (sort === 'top' || sort === 'confidence' || sort === 'best') return list.sort((a, b) => b.score - a.score);
  return list;
}

/** A comment with its depth counted from `base` (a subtree page starts at 0, as the platform's do). */
function render(c: Comment, view: View, base: number, replies: unknown = ''): Thing {
  const thing = renderComment(c, view, replies);
  thing.data.depth = c.depth - base;
  return thing;
}

/**
 * The second listing of `/comments/{article}`: nested replies cut by a comment budget (the rest of a
 * level becomes a `more` stub listing their ids, deleted ones too, as the platform's stale lists do)
 * and by depth ("continue this thread"). `base`: depth of the roots, for a subtree page.
 */
export function renderTree(tree: Tree, rootIds: readonly string[], parent: string, opts: TreeOptions, view: View, store: { size(t: Tree, ids: readonly string[]): number }, base = 0): Thing {
  let budget = opts.limit;
  const level = (ids: readonly string[], parentName: string, rel: number): Thing[] => {
    const out: Thing[] = [];
    const list = sorted(tree, ids, opts.sort);
    for (let k = 0; k < list.length; k++) {
      const c = list[k] as Comment;
      if (budget <= 0) {
        const rest = list.slice(k).map((x) => x.id);
        out.push(renderMore(parentName, c.depth - base, rest, store.size(tree, rest)));
        break;
      }
      if (c.deleted) continue;
      budget--;
      let replies: unknown = '';
      if (c.size > 1) {
        replies = rel + 1 >= opts.depth
          ? listing([renderMore(`t1_${c.id}`, c.depth + 1 - base, [], 0)])
          : listing(level(c.children, `t1_${c.id}`, rel + 1));
      }
      out.push(render(c, view, base, replies));
    }
    return out;
  };
  return listing(level(rootIds, parent, 0));
}

/** The platform answers at most this many comments per `/api/morechildren` request, whatever was asked. */
export const MORECHILDREN_MAX = 100;

/**
 * `/api/morechildren`: the asked comments and (unless `limitChildren`) their replies, flat, parents
 * first; deleted ones never. As on the platform, at most `max` comments: what did not fit comes back
 * as `more` stubs, one per parent, listing the ids left (asked ones and replies alike), so a client
 * must ask again for them.
 */
export function flatChildren(tree: Tree, ids: readonly string[], depth: number, limitChildren: boolean, sort: string, view: View, max = MORECHILDREN_MAX): Thing[] {
  const out: Thing[] = [];
  const asked = sorted(tree, ids, sort);
  // A stack, not recursion: `depth` bounds it, but a wide tree is walked without deep frames either way.
  const stack: Array<[Comment, number]> = asked.reverse().map((c) => [c, 0]);
  let budget = max;
  while (stack.length && budget > 0) {
    const [c, rel] = stack.pop()!;
    if (c.deleted) continue;
    budget--;
    out.push(render(c, view, 0));
    if (limitChildren || c.size <= 1) continue;
    if (rel + 1 >= depth) {
      out.push(renderMore(`t1_${c.id}`, c.depth + 1, [], 0));
      continue;
    }
    const children = sorted(tree, c.children, sort);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, rel + 1]);
  }
  return stack.length ? [...out, ...leftovers(tree, stack.reverse().map(([c]) => c))] : out;
}

/** What did not fit, as one `more` stub per parent (in the order they would have come), deleted ones listed too. */
function leftovers(tree: Tree, rest: readonly Comment[]): Thing[] {
  const byParent = new Map<string, Comment[]>();
  for (const c of rest) {
    const list = byParent.get(c.parent);
    if (list) list.push(c);
    else byParent.set(c.parent, [c]);
  }
  return [...byParent].map(([parent, list]) => {
    const count = list.reduce((n, c) => n + (tree.byId.get(c.id)?.size ?? 0), 0);
    return renderMore(parent, (list[0] as Comment).depth, list.map((c) => c.id), count);
  });
}
