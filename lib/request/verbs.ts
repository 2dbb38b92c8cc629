/** HTTP verbs a call object offers (plus `listing`, a GET). */
export type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** Verbs whose parameters travel in the query string (and that never carry a body). */
export const usesQuery = (verb: Verb): boolean => verb === 'get' || verb === 'head' || verb === 'options';
