import type { FaultSpec } from './limits.js';

/** How the media storage host serves (`EmulatorOptions.storage`). */
export interface StorageOptions {
  /**
   * Serve the storage host over HTTPS (the certificate is `Emulator.ca`). Its leases then name it
   * `//host:port`, as the platform names its own (`//` means https); over plain http they name it
   * `http://host:port`, which clients accept on loopback only. Default: as `https`.
   */
  https?: boolean;
  /**
   * What the result websockets do: `answer` (the result, then close), `refuse` (every handshake
   * answered 403, as the platform refused some clients in 2023), `silent` (open, never a word) or
   * `close` (open, then closed at once without a result). Default `answer`; also `emu.storage.setWebsockets()`.
   */
  websockets?: WebsocketMode;
}

/** What the storage host's result websockets do (`StorageOptions.websockets`). */
export type WebsocketMode = 'answer' | 'refuse' | 'silent' | 'close';

/** One request to the storage host, as it saw it and what it answered. */
export interface StorageUpload {
  method: string;
  path: string;
  /** Lower-case names, as received: uploads must carry no `authorization` and no `cookie`. */
  headers: Record<string, string>;
  /** Names of the form fields, in the order they came (`file` last when the client is right). */
  fields: string[];
  /** The lease's key, when the upload named one. */
  key?: string;
  /** The file part, when there was one. */
  file?: { name: string; type: string; size: number; sha256: string };
  status: number;
  /** The storage host's error code (`EntityTooLarge`, `AccessDenied`, ...) when it refused; `injected` for a websocket an injected fault refused or silenced. */
  error?: string;
}

/** A media post created through the emulator. */
export interface EmulatorMediaPost {
  id: string;
  name: string;
  kind: 'image' | 'video' | 'videogif' | 'gallery';
  sr: string;
  title: string;
  author: string;
  /** The post's URL (what the websocket reports as `redirect`). */
  permalink: string;
  /** The uploaded file's URL (image and video posts). */
  url?: string;
  videoPosterUrl?: string;
  items?: Array<{ mediaId: string; caption: string; outboundUrl: string }>;
  /** Every other field the submit carried (nsfw, spoiler, flair_id, ...), as text. */
  fields: Record<string, string>;
  /** Whether processing failed (a file named `fail...`): the websocket then says `failed`. */
  failed: boolean;
}

/** The storage host the emulator's upload leases point at: another port, so it is another origin. */
export interface EmulatorStorage {
  /** Its origin, e.g. `http://127.0.0.1:40124` (`https:` with `storage.https`). */
  url: string;
  /** Every request it received, oldest first. */
  uploads: StorageUpload[];
  /** Makes the next matching requests to the storage host fail (its own queue, apart from `fault()`). */
  fault(spec: FaultSpec): void;
  clearFaults(): void;
  /** What the result websockets do from now on (see `StorageOptions.websockets`). */
  setWebsockets(mode: WebsocketMode): void;
}
