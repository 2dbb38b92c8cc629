/**
 * What every call needs, loaded as one part (lib/core/chunks.ts): a call's way (send-call.ts, with
 * request building, the body types, listing slices), the transport (with ky), pacing, and the walker
 * that cleans failures of secrets. One chunk is one file for a cold process to read and one request
 * for a page before its first call, and it compresses better than the six it replaces. The Node transport over undici stays a part of its
 * own: Deno, Bun and Workers never load it.
 */
export * as call from './send-call.js';
export * as pacer from '../limiter/pacer.js';
export * as redactDeep from '../redact/deep.js';
