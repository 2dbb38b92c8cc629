import type { Comment, Tree } from './comments.js';
import type { Thing, View } from './things.js';
import { listing, renderComment, renderMore } from './things.js';

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

/** The second listing of `/comments/{article}`: nested replies with `more` stubs. */
export function renderTree(tree: Tree, rootIds: readonly string[], parent: string, opts: TreeOptions, view: View, store: { size(t: Tree, ids: readonly string[]): number }): Thing {
  let budget = opts.limit;
  const level = (ids: readonly string[], parentName: string, rel: number): Thing[] => {
    const out: Thing[] = [];
    const list = sorted(tree, ids, opts.sort);
    for (let k = 0; k < list.length; k++) {
      const c = list[k] as Comment;
      if (budget <= 0) {
        const rest = list.slice(k).map((x) => x.id);
        out.push(renderMore(parentName, c.depth, rest, store.size(tree, rest)));
        break;
      }
      budget--;
      let replies: unknown = '';
      if (c.children.length > 0) {
        replies = rel + 1 >= opts.depth
          ? listing([renderMore(`t1_${c.id}`, c.depth + 1, [], 0)])
          : listing(level(c.children, `t1_${c.id}`, rel + 1));
      }
      out.push(renderComment(c, view, replies));
    }
    return out;
  };
  return listing(level(rootIds, parent, 0));
}

/** `/api/morechildren`: the asked comments and (unless `limitChildren`) their replies, flat. */
export function flatChildren(tree: Tree, ids: readonly string[], depth: number, limitChildren: boolean, sort: string, view: View): Thing[] {
  const out: Thing[] = [];
  const asked = sorted(tree, ids, sort);
  const visit = (c: Comment, rel: number) => {
    out.push(renderComment(c, view));
    if (limitChildren || c.children.length === 0) return;
    if (rel + 1 >= depth) {
      out.push(renderMore(`t1_${c.id}`, c.depth + 1, [], 0));
      return;
    }
    for (const child of sorted(tree, c.children, sort)) visit(child, rel + 1);
  };
  for (const c of asked) visit(c, 0);
  return out;
}
