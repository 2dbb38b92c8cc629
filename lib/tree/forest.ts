import type { CommentThing, Listing, MoreThing } from '../types/things.js';
import type { Raw } from './answer.js';
import { Waiting } from './waiting.js';

type Item = CommentThing | MoreThing;

/** A `more` stub in the tree, and what is left of it. */
export interface Stub {
  readonly thing: MoreThing;
  /** Fullname of the link or comment whose replies hold it. */
  readonly owner: string;
  /** Depth of the comments it stands for (0: top-level). */
  readonly depth: number;
  /** "Continue this thread": no ids; the owner's own page holds its replies. */
  readonly thread: boolean;
  /** Still in the tree. */
  open: boolean;
}

/** The stubs a request was for, and one of them by owner. */
interface Covered {
  stubs: ReadonlySet<Stub>;
  byOwner: Map<string, Stub>;
}

const fullname = (data: any): string => (typeof data.name === 'string' && data.name.startsWith('t1_') ? data.name : `t1_${data.id}`);

/** `items` into `list` before index `at`, without spreading a large array into arguments. */
function insert(list: Item[], at: number, items: Item[]): void {
  const tail = list.splice(at);
  for (const item of items) list.push(item);
  for (const item of tail) list.push(item);
}

/**
 * A comment tree being put together from answers, in the platform's shape. Things are placed by
 * `parent_id`: a comment whose parent is not placed yet waits until it is; a comment already placed
 * is dropped; a stub's comments take the stub's place, in the order the answer gives them; depth is
 * counted from the top, whatever the answer said. Pure: no I/O, no clock.
 */
export class Forest {
  /** Top-level comments (and stubs), as `tree()` returns them. */
  readonly roots: Item[] = [];
  /** Comments dropped because they were already placed. */
  duplicates = 0;
  readonly #placed = new Map<string, CommentThing>();
  readonly #waiting = new Waiting();
  /** Answers placed so far. */
  #answers = 0;
  readonly #stubOf = new Map<string, Stub>();
  readonly #open = new Set<Stub>();
  /** Owners that already have (or had) a "continue this thread" stub: one page each is enough. */
  readonly #threads = new Set<string>();
  /** Placed items not yet in their owner's replies: owner -> slot (the stub they go before) -> items. */
  readonly #groups = new Map<string, Map<Stub | undefined, Item[]>>();

  /** `link`: the link's fullname (`t3_...`); `onStub` hears of every stub placed. */
  constructor(readonly link: string, private readonly onStub: (stub: Stub) => void = () => {}) {}

  /** Number of comments placed. */
  get size(): number {
    return this.#placed.size;
  }

  /** Whether the comment with this id (base 36, no prefix) is placed. */
  has(id: string): boolean {
    return this.#placed.has(`t1_${id}`);
  }

  /**
   * Splice one answer's things (flat, in the platform's order) into the tree. `covering`: the stubs
   * the request was for; their owners' new replies (and the stubs an answer given in part lists the
   * rest in) take their place.
   */
  place(things: readonly Raw[], covering: Iterable<Stub> = []): void {
    const covered: Covered = { stubs: new Set(covering), byOwner: new Map() };
    for (const stub of covered.stubs) covered.byOwner.set(stub.owner, stub);
    const answer = ++this.#answers;
    // Waiters of this answer are placed right after their parent, as the answer orders them. Those of
    // earlier answers come after this answer's own things: when it repeats them (an answer holds a
    // comment's replies), its copies, in its order, win. A stack of lists instead of recursion, since
    // a chain of waiters can be thousands long.
    const late: Raw[] = [];
    const frames: Array<{ list: readonly Raw[]; at: number }> = [{ list: things, at: 0 }];
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      if (frame.at >= frame.list.length) {
        frames.pop();
        if (!frames.length && late.length) frames.push({ list: late.splice(0), at: 0 });
        continue;
      }
      const released = this.#offer(frame.list[frame.at++]!, covered, answer);
      if (!released) continue;
      const now: Raw[] = [];
      for (const [raw, from] of released) (from === answer ? now : late).push(raw);
      if (now.length) frames.push({ list: now, at: 0 });
    }
    for (const [owner, slots] of this.#groups) {
      const list = this.#replies(owner, true)!;
      for (const [slot, items] of slots) {
        let at = slot ? list.indexOf(slot.thing) : -1;
        // Without a slot, new replies go before the owner's first stub: stubs stay last, as the platform puts them.
        if (at < 0) at = list.findIndex((item) => item.kind === 'more');
        insert(list, at < 0 ? list.length : at, items);
      }
    }
    this.#groups.clear();
  }

  /**
   * A request for `stub` was answered: `asked` (its ids in that request) are done, found or not (an
   * id asked and not returned was deleted). The stub leaves the tree once nothing is left of it.
   */
  settle(stub: Stub, asked: readonly string[]): void {
    if (!stub.open) return;
    const done = new Set(asked);
    const data = stub.thing.data;
    const left: string[] = [];
    for (const id of data.children) {
      if (!done.has(id) && !this.has(id)) left.push(id);
      else if (this.#stubOf.get(id) === stub) this.#stubOf.delete(id);
    }
    data.count = Math.max(left.length, (Number(data.count) || 0) - (data.children.length - left.length));
    data.children = left;
    if (stub.thread || left.length === 0) this.#remove(stub);
  }

  /** Drop from the stubs still open the ids placed meanwhile; remove those left empty. */
  tidy(): void {
    for (const stub of this.#open) if (!stub.thread) this.settle(stub, []);
  }

  /** Comments still waiting for a parent that never came. */
  orphans(): CommentThing[] {
    return this.#waiting.orphans((name) => this.#placed.has(name));
  }

  /** Place one thing, or park it until its parent is placed. Returns the things that were waiting for it. */
  #offer(raw: Raw, covering: Covered, answer: number): Array<[Raw, number]> | undefined {
    const data = raw?.data;
    if (!data || typeof data !== 'object' || (raw.kind !== 't1' && raw.kind !== 'more')) return undefined;
    const owner = typeof data.parent_id === 'string' ? data.parent_id : this.link;
    const parent = this.#placed.get(owner);
    if (!parent && owner !== this.link) return void this.#waiting.park(owner, raw, answer);
    const depth = parent ? (parent.data.depth ?? 0) + 1 : 0;
    if (raw.kind === 't1') {
      const name = fullname(data);
      if (this.#placed.has(name)) {
        this.duplicates++;
        return undefined;
      }
      const thing = raw as CommentThing;
      data.depth = depth;
      data.replies = '';
      this.#placed.set(name, thing);
      this.#group(owner, this.#slot(data.id, owner, covering, true), thing);
      return this.#waiting.release(name);
    }
    const given: unknown[] = Array.isArray(data.children) ? data.children : [];
    const ids = given.filter((id): id is string => typeof id === 'string' && id !== '' && !this.has(id));
    if (given.length === 0) {
      if (this.#threads.has(owner)) return undefined;
      this.#threads.add(owner);
      this.#stub(raw as MoreThing, owner, depth, [], this.#slot(undefined, owner, covering, false));
      return undefined;
    }
    // The rest of an answer given in part comes back in the place of the stub that listed it; when
    // it lists ids of several stubs of this request, each part goes to its own stub's place.
    const parts = new Map<Stub | undefined, string[]>();
    for (const id of ids) {
      const slot = this.#slot(id, owner, covering, false);
      const part = parts.get(slot);
      if (part) part.push(id);
      else parts.set(slot, [id]);
    }
    const count = Number(data.count) || 0;
    for (const [slot, part] of parts) {
      const thing = (parts.size === 1 ? raw : { kind: 'more', data: { ...data, id: part[0], name: `t1_${part[0]}` } }) as MoreThing;
      thing.data.count = parts.size === 1 ? count : Math.max(part.length, Math.round((count * part.length) / ids.length));
      this.#stub(thing, owner, depth, part, slot);
    }
    return undefined;
  }

  #stub(thing: MoreThing, owner: string, depth: number, ids: string[], slot: Stub | undefined): void {
    Object.assign(thing.data, { children: ids, depth, parent_id: owner });
    const stub: Stub = { thing, owner, depth, thread: ids.length === 0, open: true };
    this.#group(owner, slot, thing);
    for (const id of ids) this.#stubOf.set(id, stub);
    this.#open.add(stub);
    this.onStub(stub);
  }

  /**
   * The stub a new reply of `owner` goes before: the one that listed it (for a stub, only one this
   * request was for: an id listed twice does not move a stub), else the request's stub of that owner.
   */
  #slot(id: string | undefined, owner: string, covering: Covered, comment: boolean): Stub | undefined {
    const listed = id === undefined ? undefined : this.#stubOf.get(id);
    if (listed?.open && listed.owner === owner && (comment || covering.stubs.has(listed))) return listed;
    const stub = covering.byOwner.get(owner);
    return stub?.open ? stub : undefined;
  }

  #group(owner: string, slot: Stub | undefined, item: Item): void {
    let slots = this.#groups.get(owner);
    if (!slots) this.#groups.set(owner, (slots = new Map()));
    const items = slots.get(slot);
    if (items) items.push(item);
    else slots.set(slot, [item]);
  }

  /** The list holding `owner`'s replies; with `create`, a comment without replies gets an empty Listing. */
  #replies(owner: string, create: boolean): Item[] | undefined {
    if (owner === this.link) return this.roots;
    const data = this.#placed.get(owner)?.data;
    if (!data) return undefined;
    if (!data.replies) {
      if (!create) return undefined;
      data.replies = { kind: 'Listing', data: { after: null, before: null, dist: null, modhash: null, children: [] } } satisfies Listing<Item>;
    }
    return data.replies.data.children;
  }

  #remove(stub: Stub): void {
    stub.open = false;
    this.#open.delete(stub);
    const list = this.#replies(stub.owner, false);
    const at = list ? list.indexOf(stub.thing) : -1;
    if (at < 0) return;
    list!.splice(at, 1);
    // The platform's shape: a comment without replies has `replies: ''`.
    if (list!.length === 0 && stub.owner !== this.link) this.#placed.get(stub.owner)!.data.replies = '';
  }
}
