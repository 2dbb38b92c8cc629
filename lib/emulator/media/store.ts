import { randomBytes } from 'node:crypto';
import type { Config } from '../defaults.js';
import { Faults } from '../faults/faults.js';
import type { EmulatorMediaPost, StorageUpload, WebsocketMode } from '../types.js';

const MiB = 1024 * 1024;

/** What the storage host takes, and how large (the platform's limits). */
export const STORAGE_LIMITS: Readonly<Record<string, number>> = {
  'image/png': 20 * MiB, 'image/jpeg': 20 * MiB, 'image/webp': 20 * MiB, 'image/gif': 100 * MiB,
  'video/mp4': 1024 * MiB, 'video/quicktime': 1024 * MiB,
};

/** Files up to this size are kept, so the storage host can serve them back; larger ones are only counted. */
const KEEP_BYTES = 32 * MiB;

/** An upload lease: the fields the upload must carry, in order. */
export interface Lease {
  assetId: string;
  filepath: string;
  mimetype: string;
  key: string;
  /** The websocket URL's `m` parameter: only the lease holder can listen. */
  token: string;
  fields: Array<{ name: string; value: string }>;
}

export interface StoredFile {
  lease: Lease;
  type: string;
  size: number;
  bytes?: Buffer | undefined;
}

type Message = { type: 'success'; payload: { redirect: string } } | { type: 'failed'; payload: { message: string } };

/** The emulator's media state: leases, stored files, media posts and the results waiting for their websocket. */
export class MediaStore {
  /** Origin of the storage host, set once it listens. */
  storageUrl = '';
  /** What the result websockets do. */
  websockets: WebsocketMode;
  readonly leases = new Map<string, Lease>();
  readonly files = new Map<string, StoredFile>();
  readonly uploads: StorageUpload[] = [];
  readonly posts: EmulatorMediaPost[] = [];
  readonly faults: Faults;
  readonly #results = new Map<string, Message>();
  readonly #listeners = new Map<string, Set<(message: string) => void>>();
  #next = 0;

  constructor(readonly cfg: Config) {
    this.faults = new Faults(cfg.chaos, cfg.seed + 1);
    this.websockets = cfg.websockets;
  }

  id(): string {
    return `${(++this.#next).toString(36)}${randomBytes(6).toString('hex')}`;
  }

  lease(filepath: string, mimetype: string): Lease {
    const assetId = this.id();
    const folder = mimetype.startsWith('video/') ? 'rte_videos' : 'rte_images';
    const key = `${folder}/${assetId}`;
    const now = new Date(this.cfg.now()).toISOString().replace(/[-:]|\.\d+/g, '');
    const fields = [
      ['acl', 'private'], ['key', key], ['X-Amz-Credential', `EMULATOR/${now.slice(0, 8)}/us-east-1/s3/aws4_request`],
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'], ['X-Amz-Date', now], ['success_action_status', '201'], ['content-type', mimetype],
      ['x-amz-storage-class', 'STANDARD'], ['x-amz-meta-ext', filepath.split('.').pop() ?? ''],
      ['policy', Buffer.from(JSON.stringify({ key, 'content-type': mimetype })).toString('base64')],
      ['X-Amz-Signature', randomBytes(32).toString('hex')], ['x-amz-security-token', randomBytes(24).toString('base64')],
    ].map(([name, value]) => ({ name: name as string, value: value as string }));
    const lease: Lease = { assetId, filepath, mimetype, key, token: randomBytes(12).toString('base64url'), fields };
    this.leases.set(assetId, lease);
    return lease;
  }

  leaseByKey(key: string): Lease | undefined {
    return this.leases.get(key.slice(key.indexOf('/') + 1));
  }

  websocketUrl(lease: Lease): string {
    return `${this.storageUrl.replace(/^http/, 'ws')}/ws/${lease.assetId}?m=${lease.token}`;
  }

  /** The file a URL on the storage host points at (`/key` or the Location form `/rte_images%2Fid`). */
  fileAt(url: string): StoredFile | undefined {
    try {
      const parsed = new URL(url);
      if (parsed.host !== new URL(this.storageUrl).host) return undefined;
      return this.files.get(decodeURIComponent(parsed.pathname.slice(1)));
    } catch {
      return undefined;
    }
  }

  store(lease: Lease, type: string, size: number, bytes: Buffer | undefined): void {
    this.files.set(lease.key, { lease, type, size, bytes: size <= KEEP_BYTES ? bytes : undefined });
  }

  /** Report a result on the asset's websocket: to listeners now, and to whoever connects later. */
  publish(assetId: string, message: Message): void {
    this.#results.set(assetId, message);
    const text = JSON.stringify(message);
    for (const listener of this.#listeners.get(assetId) ?? []) listener(text);
    this.#listeners.delete(assetId);
  }

  /** Listen for an asset's result; called at once when it is known already. Returns the way to stop listening. */
  listen(assetId: string, listener: (message: string) => void): () => void {
    const known = this.#results.get(assetId);
    if (known) {
      listener(JSON.stringify(known));
      return () => {};
    }
    const set = this.#listeners.get(assetId) ?? new Set();
    set.add(listener);
    this.#listeners.set(assetId, set);
    return () => set.delete(listener);
  }
}
