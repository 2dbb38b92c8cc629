import type { CallObject } from './call.js';

/**
 * The call object for a path. Known endpoints get typed arguments and results (see typings/);
 * any other path gets the loose {@link CallObject}.
 */
export type CallFor<P extends string> = P extends string ? CallObject : never;
