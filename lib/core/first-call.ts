/**
 * What every call needs, loaded as one part (lib/core/chunks.ts): request building, the transport
 * (with ky), pacing, the walker that cleans failures of secrets, and listing slices. One chunk is
 * one file for a cold process to read and one request for a page before its first call, and it
 * compresses better than the six it replaces. The Node transport over undici stays a part of its
 * own: Deno, Bun and Workers never load it.
 */
export * as build from '../request/build.js';
export * as bodyTypes from '../endpoints/body-type.js';
export * as transport from '../transport/http.js';
export * as pacer from '../limiter/pacer.js';
export * as redactDeep from '../redact/deep.js';
export * as listing from '../listing/slice.js';
