import { chunks } from '../core/chunks.js';
import type { Core } from '../core/core.js';
import type { Verb } from '../request/verbs.js';
import type { Args } from '../request/path.js';
import type { CallOptions, CallObject } from '../types/call.js';
import type { ListingSlice } from '../types/listing.js';
import type { CommentTree, TreeOptions } from '../types/tree.js';
import type { ItemStream, StreamOptions } from '../types/stream.js';

/**
 * What `reddit(path)` returns. Methods live on the prototype, so a call object is two fields; the
 * Promise of each verb rejects (never throws) on bad arguments too. The instance's engine is a
 * private field: inspection, JSON, enumeration and structuredClone see the path alone.
 */
export class Call implements CallObject {
  readonly #core: Core;
  readonly path: string;

  constructor(core: Core, path: string) {
    this.#core = core;
    this.path = path;
  }

  #send(verb: Verb, args?: Args, options?: CallOptions): Promise<any> {
    return this.#core.call(verb, this.path, args, options);
  }

  get(args?: Args, options?: CallOptions) { return this.#send('get', args, options); }
  post(args?: Args, options?: CallOptions) { return this.#send('post', args, options); }
  put(args?: Args, options?: CallOptions) { return this.#send('put', args, options); }
  patch(args?: Args, options?: CallOptions) { return this.#send('patch', args, options); }
  delete(args?: Args, options?: CallOptions) { return this.#send('delete', args, options); }
  head(args?: Args, options?: CallOptions) { return this.#send('head', args, options); }
  options(args?: Args, options?: CallOptions) { return this.#send('options', args, options); }
  listing(args?: Args, options?: CallOptions): Promise<ListingSlice<any>> {
    return this.#core.listing(this.path, args, options);
  }

  /** A link and its whole comment tree, every stub expanded: the expander is loaded by the first tree (lib/core/chunks.ts). */
  async tree(args?: Args, options?: TreeOptions): Promise<CommentTree> {
    return (await chunks.tree()).tree((...a) => this.#core.call(...a), this.path, args, options, (bound) => this.#core.events.emit('tree_bound', bound));
  }
  stream(args?: Args, options?: StreamOptions): ItemStream<any> {
    // The stream's machinery is loaded by the first next() (lib/core/chunks.ts).
    const stream: any = (async function* (call: Call) {
      yield* (await chunks.stream()).run(call.path, call.#streamHost(), args, options, stream);
    })(this);
    return stream;
  }

  /** What a stream needs of the instance (lib/stream/own.ts): listings, its events, and its own account for skipOwn. */
  #streamHost() {
    const core = this.#core;
    const { oauth } = core.options;
    return {
      events: core.events, username: oauth?.type === 'script' ? oauth.username : undefined, oauth: oauth !== undefined,
      send: (...a: Parameters<Core['call']>) => core.call(...a),
      listing: (...a: Parameters<Core['listing']>) => core.listing(...a),
    };
  }

  toString(): string {
    return `[snoopath call ${this.path}]`;
  }
  /** Safe fields only: the path and the instance's app type, client id, user agent and API server. */
  toJSON(): { path: string; type: string; key?: string | undefined; userAgent: string; apiServerUri: string } {
    return { path: this.path, ...this.#core.describe() };
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Call ${JSON.stringify(this.toJSON())}`;
  }
}
