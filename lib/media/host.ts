import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import type { OpenPath } from './read.js';

/** A send to another host than the platform's API (the media storage host). */
export interface ElsewhereRequest {
  method: string;
  url: string;
  /** The body, made afresh for every send (a retry re-reads its source instead of keeping a copy). */
  body: () => BodyInit;
  retryAttempts?: number | undefined;
  retryDelay?: number | undefined;
  requestTimeout?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * What media posts need of an instance (the core gives them this, not itself): API calls, and
 * sends to the storage host, which carry no credentials, follow no redirect and spend none of the
 * platform's budget.
 */
export interface MediaHost {
  readonly options: { readonly apiServerUri: string; readonly requestTimeout: number };
  /** An API call: built, paced, authorized, retried, read; errors cleaned of secrets. */
  request(verb: 'get' | 'post', path: string, args?: Args, call?: CallOptions): Promise<unknown>;
  /**
   * Send to another host without credentials (no Authorization, `credentials: 'omit'`, redirects
   * not followed), retried like an idempotent request; resolves to the answer's text and the sends
   * it took, rejects with the transport's errors.
   */
  sendElsewhere(request: ElsewhereRequest): Promise<{ text: string; sends: number }>;
  /** The Node-only parts (lib/media/node/), loaded on first need; empty in the browser builds. */
  mediaNode?(): Promise<Partial<MediaNode>>;
}

/** What media posts need that only Node (and Deno and Bun, on the Node build) has. */
export interface MediaNode {
  /** A file on disk as a Blob, and a check of whether it changed since. */
  openPath: OpenPath;
  /** undici's WebSocket, for a Node without a global one (Node 20). */
  undiciWebSocket(): typeof WebSocket | undefined;
}
