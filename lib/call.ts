import type { Core } from './core.js';
import type { Verb } from './request/build.js';
import type { Args } from './request/path.js';
import type { CallOptions, CallObject } from './types/call.js';
import type { ListingSlice } from './types/listing.js';
import type { ItemStream, StreamOptions } from './types/stream.js';

/**
 * What `reddit(path)` returns. Methods live on the prototype, so a call object is two fields; the
 * Promise of each verb rejects (never throws) on bad arguments too.
 */
export class Call implements CallObject {
  constructor(
    readonly core: Core,
    readonly path: string,
  ) {}

  #send(verb: Verb, args?: Args, options?: CallOptions): Promise<any> {
    return this.core.request(verb, this.path, args, options);
  }

  get(args?: Args, options?: CallOptions) { return this.#send('get', args, options); }
  post(args?: Args, options?: CallOptions) { return this.#send('post', args, options); }
  put(args?: Args, options?: CallOptions) { return this.#send('put', args, options); }
  patch(args?: Args, options?: CallOptions) { return this.#send('patch', args, options); }
  delete(args?: Args, options?: CallOptions) { return this.#send('delete', args, options); }
  head(args?: Args, options?: CallOptions) { return this.#send('head', args, options); }
  options(args?: Args, options?: CallOptions) { return this.#send('options', args, options); }
  listing(args?: Args, options?: CallOptions): Promise<ListingSlice<any>> {
    return this.core.listing(this.path, args, options);
  }
  stream(args?: Args, options?: StreamOptions): ItemStream<any> {
    // The stream's machinery is a chunk of its own, loaded by the first next().
    const stream: any = (async function* (call: Call) {
      yield* (await import('./stream/run.js')).run(call, args, options, stream);
    })(this);
    return stream;
  }

  toString(): string {
    return `[snoopath call ${this.path}]`;
  }
}
