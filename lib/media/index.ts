/**
 * Media posts: lease, upload, submit, result. Loaded on the first `uploadMedia()` or
 * `submitMedia()` (a chunk of its own in browser bundles); every decision lives in a pure module
 * next to this one, and this file only runs the steps in order.
 */
import type { MediaHost } from './host.js';
import { requestLease } from './lease.js';
import { checkSize, checkType, resolveLimits } from './limits.js';
import { checkSubmitOptions, checkUploadOptions } from './options.js';
import { readInput, type ReadFile } from './read.js';
import { ResultListener } from './result/listener.js';
import { lookForPost } from './result/look.js';
import { unsafeUrl, waitForPost } from './result/wait.js';
import { describeInput, inputKind, isAsset, isBlob } from './source.js';
import { answerError, callOptions, step } from './steps.js';
import { galleryAnswer, planPost, submitRequest, subredditName, type PlannedFile } from './submit.js';
import type { MediaAsset, MediaInput, MediaLimits, MediaPost, MediaPostInput, MediaRequestOptions, MediaSource, NamedMedia, PendingMediaPost, SubmitMediaOptions, UploadMediaOptions } from './types.js';
import { uploadFile } from './upload.js';
import { postUrl } from './urls.js';

/** A file read and checked, ready to upload; or one uploaded before. */
type Ready = (ReadFile & { name: string; type: string }) | { asset: MediaAsset };

/** Gallery items are uploaded this many at a time. */
const UPLOADS_AT_ONCE = 3;
const DEFAULT_TIMEOUT = 60_000;

const isNamed = (source: MediaSource): source is NamedMedia =>
  typeof source === 'object' && source !== null && 'file' in source && !isBlob(source) && !isAsset(source);

/** Read and check one file: type, then size, before any request. */
async function prepare(host: MediaHost, plan: PlannedFile, limits: MediaLimits, signal: AbortSignal | undefined): Promise<Ready> {
  const { source, what, expected } = plan;
  if (isAsset(source)) {
    checkSize(source.size, checkType(source.type, expected, limits, what), what);
    return { asset: source };
  }
  const named = isNamed(source) ? source : undefined;
  const input = (named ? named.file : source) as MediaInput;
  const meta = describeInput(input, { name: plan.name ?? named?.name, type: plan.type ?? named?.type }, what);
  const limit = checkType(meta.type, expected, limits, what);
  const node = inputKind(input, what) === 'path' ? await host.mediaNode?.() : undefined;
  return { ...meta, ...(await readInput(input, meta.type, limit, what, signal, node?.openPath)) };
}

async function upload(host: MediaHost, ready: Ready, options: MediaRequestOptions): Promise<MediaAsset> {
  if ('asset' in ready) return ready.asset;
  const { blob, name, type, changed } = ready;
  const lease = await requestLease(host, ready, options);
  const url = await uploadFile(host, lease, { blob, name, changed }, options);
  return { assetId: lease.assetId, url, websocketUrl: lease.websocketUrl, name, type, size: blob.size };
}

/** `reddit.uploadMedia(file, options)`. */
export async function uploadMedia(host: MediaHost, file: MediaInput | NamedMedia, given?: UploadMediaOptions): Promise<MediaAsset> {
  const options = checkUploadOptions(given);
  const limits = resolveLimits(options.limits);
  const plan: PlannedFile = { source: file, name: options.name, type: options.type, expected: 'any', what: 'file' };
  return upload(host, await prepare(host, plan, limits, options.signal), options);
}

/** Run `task` over `items`, at most `limit` at a time, results in order; the first failure rejects and starts no more. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      results[i] = await task(items[i] as T).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The WebSocket to hear results with: the one given, the runtime's, else (Node 20) undici's; undefined when there is none. */
async function webSocketClass(host: MediaHost, options: SubmitMediaOptions): Promise<typeof WebSocket | undefined> {
  const given = options.WebSocket ?? (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (typeof given === 'function') return given;
  try {
    return (await host.mediaNode?.())?.undiciWebSocket?.();
  } catch {
    return undefined;
  }
}

/** `reddit.submitMedia(post, options)`. */
export async function submitMedia(host: MediaHost, post: MediaPostInput, given?: SubmitMediaOptions): Promise<MediaPost | PendingMediaPost> {
  const options = checkSubmitOptions(given);
  const limits = resolveLimits(options.limits);
  const plans = planPost(post, limits);
  // A gallery's answer says where it is; other posts are waited for unless told not to.
  const wait = post.kind !== 'gallery' && options.waitForResult !== false;
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const { signal } = options;
  // Every file is read and checked before the first request.
  const ready: Ready[] = [];
  for (const plan of plans) ready.push(await prepare(host, plan, limits, signal));
  const assets = await mapLimit(ready, UPLOADS_AT_ONCE, (file) => upload(host, file, options));
  const assetIds = assets.map((a) => a.assetId);
  const main = assets[0]!;

  const WebSocketClass = wait ? await webSocketClass(host, options) : undefined;
  const listener = WebSocketClass ? new ResultListener(WebSocketClass, signal) : undefined;
  const openTimeout = options.requestTimeout ?? host.options.requestTimeout;
  /** Open a socket without failing the post: the listener keeps what went wrong for the messages. */
  const listen = async (url: string) => {
    await listener!.connect(url, openTimeout).catch(() => undefined);
    signal?.throwIfAborted();
  };
  try {
    // Opened before the submit, as the platform's own clients do, so the message cannot be missed.
    if (listener && main.websocketUrl) await listen(main.websocketUrl);
    const request = submitRequest(post, assets);
    const since = Date.now();
    const body = await step('submit', () => host.request('post', request.path, request.args, { ...callOptions(options), bodyType: request.bodyType }));
    if (post.kind === 'gallery') {
      const { url, id, name } = galleryAnswer(body);
      if (!url) throw answerError('submit', 'the gallery answer has no json.data.url: the post may still have been created.', { status: 200, method: 'POST', url: `${host.options.apiServerUri}${request.path}`, body, attempts: 1 });
      const safe = postUrl(url);
      if (!safe) throw unsafeUrl(url, 'submit');
      return { url: safe, id, name, assetIds, websocketUrls: assets.flatMap((a) => (a.websocketUrl ? [a.websocketUrl] : [])) };
    }
    // The submit answer may name the websocket too (the platform's does): listen there as well,
    // and try the lease's again if it would not open before the post existed.
    const answered = (body as { json?: { data?: { websocket_url?: unknown } } } | null)?.json?.data?.websocket_url;
    const websocketUrls = [...new Set([main.websocketUrl, typeof answered === 'string' && answered ? answered : undefined].filter((u): u is string => !!u))];
    if (!wait) return { assetIds, websocketUrls };
    if (listener) for (const url of websocketUrls) await listen(url);
    const wanted = { sr: subredditName(post.sr), title: post.title, since, files: assets.map((a) => a.url) };
    const found = await waitForPost({ listener, look: lookForPost(host, wanted, body, callOptions(options)), timeout, signal });
    return { url: found.url, id: found.id, name: found.name, assetIds, websocketUrls };
  } finally {
    listener?.close();
  }
}
