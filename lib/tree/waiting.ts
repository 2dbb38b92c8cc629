import type { CommentThing } from '../types/things.js';
import type { Raw } from './answer.js';

/** Things whose parent is not in the tree yet, by the parent's fullname, with the number of the answer they came in. */
export class Waiting {
  readonly #byParent = new Map<string, Array<[Raw, number]>>();

  park(parent: string, raw: Raw, answer: number): void {
    const list = this.#byParent.get(parent);
    if (list) list.push([raw, answer]);
    else this.#byParent.set(parent, [[raw, answer]]);
  }

  /** The things waiting for `parent`, in arrival order, now that it is placed. */
  release(parent: string): Array<[Raw, number]> | undefined {
    const list = this.#byParent.get(parent);
    this.#byParent.delete(parent);
    return list;
  }

  /** Comments still waiting (each once, none that got placed after all): their parent never came. */
  orphans(placed: (name: string) => boolean): CommentThing[] {
    const out: CommentThing[] = [];
    const seen = new Set<string>();
    for (const list of this.#byParent.values()) {
      for (const [raw] of list) {
        if (raw.kind !== 't1') continue;
        const name = typeof raw.data.name === 'string' ? raw.data.name : `t1_${raw.data.id}`;
        if (!seen.has(name) && !placed(name)) out.push(raw as CommentThing);
        seen.add(name);
      }
    }
    return out;
  }
}
