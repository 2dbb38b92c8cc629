/** Public types of media posts: `reddit.uploadMedia()` and `reddit.submitMedia()`. */

/**
 * A file to upload: bytes (`Uint8Array`, `Buffer`, `ArrayBuffer`), a `Blob` or `File`, a
 * `ReadableStream` of bytes (read once, into memory, before anything is sent), or in Node a path
 * (a string or a `file:` URL, read from disk on each send).
 */
export type MediaInput = Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array> | string | URL;

/** A file with the name and type the platform needs, for inputs that carry neither (bytes, streams). */
export interface NamedMedia {
  file: MediaInput;
  /** File name sent to the platform (`cat.png`); default: the File's or the path's name. */
  name?: string;
  /** MIME type (`image/png`); default: the File's type, else from the name's extension. */
  type?: string;
}

/** What `uploadMedia()` resolves to: a file on the platform's storage host, ready to be posted. */
export interface MediaAsset {
  /** The platform's id of the upload (a gallery item's `media_id`). */
  assetId: string;
  /** Where the file now lives (the `url` of an image post). */
  url: string;
  /** Where the platform reports when the media is processed. */
  websocketUrl?: string | undefined;
  name: string;
  type: string;
  size: number;
}

/** Something a media post can carry: an input, an input with its name and type, or a file already uploaded. */
export type MediaSource = MediaInput | NamedMedia | MediaAsset;

/**
 * Limits checked before any request (the platform's, as of 2026). Each can be raised or lowered per
 * call with `options.limits`.
 */
export interface MediaLimits {
  /** Largest image in bytes (not a GIF). Default 20 MiB. */
  image: number;
  /** Largest GIF (`image/gif`) in bytes. Default 100 MiB. */
  gif: number;
  /** Largest video (`video` and `videogif` posts) in bytes. Default 1 GiB. */
  video: number;
  /** Fewest items of a gallery. Default 2. */
  galleryMin: number;
  /** Most items of a gallery. Default 20. */
  galleryMax: number;
  /** Image types accepted. Default `image/png`, `image/jpeg`, `image/gif`. */
  imageTypes: readonly string[];
  /** Video types accepted. Default `video/mp4`, `video/quicktime`. */
  videoTypes: readonly string[];
}

/** Options of every request a media post makes (each overrides the instance's value). */
export interface MediaRequestOptions {
  /** Aborting ends whatever step is running (reading, upload, submit, waiting) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Sends again after a failure; the upload is retried on 5xx and network failures. */
  retryAttempts?: number;
  retryDelay?: number;
  /** Limit of one send in ms: raise it for large videos, whose upload takes longer than the default 20 s. */
  requestTimeout?: number;
  /** Override some limits (sizes in bytes, types, gallery size). */
  limits?: Partial<MediaLimits>;
}

/** Options of `uploadMedia()`. */
export interface UploadMediaOptions extends MediaRequestOptions {
  /** File name (`cat.png`); default: the File's or the path's name; else derived from `type`. */
  name?: string;
  /** MIME type (`image/png`); default: the File's type, else from the name's extension. */
  type?: string;
}

/** The platform's optional submit fields, passed through as given. */
export interface SubmitFields {
  /** Subreddit name, without `r/`. */
  sr: string;
  title: string;
  nsfw?: boolean;
  spoiler?: boolean;
  /** Send replies to the author's inbox. */
  sendreplies?: boolean;
  flair_id?: string;
  flair_text?: string;
  resubmit?: boolean;
  discussion_type?: string;
  collection_id?: string;
  event_start?: string;
  event_end?: string;
  event_tz?: string;
  /** Any other field of the platform's submit endpoint, passed through as is. */
  extra?: Record<string, string | number | boolean>;
}

/** An image post. */
export interface ImagePost extends SubmitFields {
  kind: 'image';
  file: MediaSource;
  /** Name of `file` when it carries none (bytes, streams). */
  name?: string;
  /** Type of `file` when it carries none. */
  type?: string;
}

/** A video post; `videogif` is a silent, looping video. */
export interface VideoPost extends SubmitFields {
  kind: 'video' | 'videogif';
  file: MediaSource;
  name?: string;
  type?: string;
  /** The image shown until the video is processed; default: a plain grey image. */
  poster?: MediaSource;
}

/** One image of a gallery. */
export interface GalleryItem {
  file: MediaInput | MediaAsset;
  name?: string;
  type?: string;
  caption?: string;
  /** A link shown with the image. */
  outboundUrl?: string;
}

/** A gallery post: 2 to 20 images. */
export interface GalleryPost extends SubmitFields {
  kind: 'gallery';
  files: GalleryItem[];
}

/** A media post, typed by `kind`. */
export type MediaPostInput = ImagePost | VideoPost | GalleryPost;

/** Options of `submitMedia()`. */
export interface SubmitMediaOptions extends MediaRequestOptions {
  /**
   * Wait for the post to exist and resolve to it (`url`, `id`, `name`). The platform says so on its
   * websocket; where websockets are missing, refused, closed or silent, the post is looked for among
   * the account's newest submissions (the `history` scope; see docs/media.md). Default `true`;
   * `false` resolves right after the submit, with the websocket URLs.
   */
  waitForResult?: boolean;
  /** How long to wait for the result, in ms (a whole number, at most 2^31-1). Default 60000 (videos can take longer). */
  timeout?: number;
  /**
   * A WebSocket class to use instead of the runtime's (browsers, Deno, Bun, Workers and Node 22+
   * have a global one; on Node 20 undici's is used).
   */
  WebSocket?: typeof WebSocket;
}

/** A media post that exists, and where. */
export interface MediaPost {
  /** The post's URL: always https (or http on a loopback host, an emulator), never another scheme. */
  url: string;
  /** The post's id (`abc123`) and fullname (`t3_abc123`), when the URL or answer tells them. */
  id?: string | undefined;
  name?: string | undefined;
  assetIds: string[];
  websocketUrls: string[];
}

/** A media post submitted without waiting for the result: the platform is still processing it. */
export interface PendingMediaPost {
  url?: undefined;
  assetIds: string[];
  /** Connect to one of these to learn the outcome (`{type: 'success', payload: {redirect}}` or `{type: 'failed'}`). */
  websocketUrls: string[];
}
