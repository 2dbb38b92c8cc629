import type { Thing } from '../types/things.js';

/**
 * What `reddit.info(fullnames)` returns: an async iterable of the things, in the order the
 * fullnames were given (each fullname once), 100 a request through `/api/info`.
 */
export interface InfoThings<T = Thing> extends AsyncGenerator<T, void, undefined> {
  /**
   * The fullnames the platform did not return, in the order given: unknown ones, and ones this
   * account may not see. Filled batch by batch, before that batch's things are yielded; complete
   * when the iteration ends. A deleted thing is not missing: it comes back with `author:
   * '[deleted]'`; a removed one carries `removed_by_category`.
   */
  readonly missing: string[];
}
