/**
 * Every part of the library that loads lazily, and why: the one list of snoopath's lazy chunks (in
 * browser bundles each is a file of its own; in Node a chunk under dist/chunks). Importing snoopath
 * loads the entry only; a part below is loaded the first time an instance needs it, once per process.
 *
 * Only the core and the client (the top of the house) import this module. A lower module that needs
 * a lazy part takes its loader as a parameter (the Redactor, the emitter, the token manager, the
 * grants, the pacer, the default fetch), so nothing it loads imports it back.
 */

/**
 * A module import that is tried again after a failure instead of keeping it: a load refused once
 * (a test runner between two tests, a file system hiccup) must not fail every later call.
 */
export function retrying<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * What every call needs, as one part (lib/core/first-call.ts): every instance starts loading it when
 * constructed, so its first call finds it ready, or nearly.
 */
const firstCall = retrying(() => import('./first-call.js'));

export const chunks = {
  /**
   * The way of a call (lib/core/send-call.ts): scope check, request building, the send through the
   * transport (ky, its hooks, retries, redirects), reading, decoding; listing pages. ky feature-tests
   * the runtime's Request when imported, which in Node loads the whole built-in fetch: most of what a
   * cold import used to cost.
   */
  call: () => firstCall().then((m) => m.call),
  /** Pacing (the app's budget, its gate, the registry), made by an instance's first send: an instance that never sends costs no budget. */
  pacer: () => firstCall().then((m) => m.pacer),
  /** The words of failures (ResponseError, TimeoutError and NetworkError messages): loaded by the first send that fails or is refused. */
  failures: retrying(() => import('../transport/failures/words.js')),
  /** The per-account limits (RATELIMIT cooldowns, the morechildren lock): loaded by the first call that meets one. */
  actions: retrying(() => import('../limiter/account/actions.js')),
  /** The endpoint catalog: only narrowed scopes (oauth.scope other than '*', checkScopes) need it. */
  catalog: retrying(() => import('../endpoints/lookup.js')),
  /** Per-call options are checked by the first call that passes any. */
  callOptions: retrying(() => import('../options/call-options.js')),
  /** The walker that cleans secrets out of errors and payloads: loaded before anything can fail. */
  redactDeep: () => firstCall().then((m) => m.redactDeep),
  /** The wording and the sinks of log lines: most instances never log a line. */
  logWriter: retrying(() => import('../log/write.js')),
  /** HTML entity decoding (and the entities package): opt-in (`decodeHtmlEntities`). */
  decode: retrying(() => import('../decode/entities.js')),
  /** openid-client and the platform's grant quirks: loaded by the first token or revoke request. */
  grants: retrying(() => import('../auth/openid.js')),
  /** The words of failed token requests and of tokens that cannot be renewed: loaded by the first such failure. */
  authFailures: retrying(() => import('../auth/failures.js')),
  /** tokenStore reads and writes: only instances that have a store. */
  tokenStore: retrying(() => import('../auth/store.js')),
  /** The modhash of cookie mode (browsers only). */
  modhash: retrying(() => import('../auth/cookies.js')),
  /** auth(), refresh(), deauth(): the login flows. */
  flows: retrying(() => import('../auth/flows.js')),
  /** The Node transport over undici (its keep-alive pools): loaded when the first instance is made, so importing snoopath stays cheap. */
  undici: retrying(() => import('../transport/undici/fetch.js')),
  /** undici's agents (direct, or through the proxy option). */
  undiciAgents: retrying(() => import('../transport/undici/agent.js')),
  /** The connections opened ahead of an instance's first call (Node's default transport): with undici's connector. */
  undiciWarm: retrying(() => import('../transport/undici/warm.js')),
  /** Workflows, each loaded by its first use: comment trees, streams, media posts. */
  tree: retrying(() => import('../tree/expand.js')),
  stream: retrying(() => import('../stream/run.js')),
  media: retrying(() => import('../media/index.js')),
  /** The Node-only parts of media posts (files on disk, undici's WebSocket for Node 20): an empty module in browser builds. */
  mediaNode: retrying(() => import('../media/node/index.js')),
  /** reddit.info(): fullnames in batches of 100, in the order given, the missing ones reported. */
  info: retrying(() => import('../info/run.js')),
};
