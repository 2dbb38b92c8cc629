/**
 * The storage host of the emulator's media leases, on a port of its own (another origin, as the
 * platform's storage is another host): multipart uploads checked like the platform's storage
 * checks them (fields of the lease in order, file last, type, size, a single auth mechanism),
 * answered in its XML; stored files served back; and the websockets that report media posts.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { answers, applyFault } from '../faults/faults.js';
import type { Ctx } from '../server/http.js';
import type { State } from '../state.js';
import type { LoggedRequest, StorageUpload } from '../types.js';
import { boundaryOf, MultipartReader } from './multipart.js';
import { STORAGE_LIMITS, type Lease } from './store.js';
import { acceptUpgrade, refuseUpgrade } from './websocket.js';

const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => XML_ESCAPES[c] as string);

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

type Problem = { status: number; code: string; message: string; extra?: Record<string, string | number> };

function answer(res: ServerResponse, entry: StorageUpload, status: number, body: string | Buffer = '', type = 'application/xml'): void {
  entry.status = status;
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, body ? { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) } : { 'Content-Length': 0 });
  res.end(body);
}

function refuse(res: ServerResponse, entry: StorageUpload, p: Problem): void {
  entry.error = p.code;
  const extra = Object.entries(p.extra ?? {}).map(([k, v]) => `<${k}>${v}</${k}>`).join('');
  answer(res, entry, p.status, `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${p.code}</Code><Message>${escapeXml(p.message)}</Message>${extra}<RequestId>EMULATOR</RequestId></Error>`);
}

const drain = (req: IncomingMessage) => new Promise<void>((resolve) => {
  if (req.readableEnded) return resolve();
  req.on('end', resolve).on('error', () => resolve()).on('close', resolve);
  req.resume();
});

/** Check the fields the upload carried against its lease: the same names and values, in the same order. */
function checkFields(lease: Lease | undefined, got: Array<[string, string]>, key: string | undefined): Problem | undefined {
  if (!lease) return { status: 403, code: 'AccessDenied', message: `Invalid according to Policy: Policy Condition failed: ["eq", "$key", ...] (no lease has the key ${key ?? '(none sent)'})` };
  const want = lease.fields.map((f) => `${f.name}=${f.value}`).join('\n');
  if (got.map(([n, v]) => `${n}=${v}`).join('\n') === want) return undefined;
  return { status: 403, code: 'AccessDenied', message: `Invalid according to Policy: the fields must be the lease's, in its order, before the file (expected ${lease.fields.map((f) => f.name).join(', ')}; got ${got.map(([n]) => n).join(', ')})` };
}

async function upload(state: State, req: IncomingMessage, res: ServerResponse, entry: StorageUpload): Promise<void> {
  const media = state.media;
  const boundary = boundaryOf(req.headers['content-type']);
  let problem: Problem | undefined = req.headers.authorization
    ? { status: 400, code: 'InvalidArgument', message: 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified' }
    : !boundary ? { status: 400, code: 'PreconditionFailed', message: 'Bucket POST must be of the enclosure-type multipart/form-data' }
    : undefined;
  const fail = (p: Problem) => void (problem ??= p);
  const fields: Array<[string, string]> = [];
  let lease: Lease | undefined;
  let file: { name: string; type: string; size: number; limit: number; md5: ReturnType<typeof createHash>; sha: ReturnType<typeof createHash>; kept: Buffer[] | undefined; done: boolean } | undefined;
  const reader = boundary ? new MultipartReader(boundary, {
    field(name, value) {
      entry.fields.push(name);
      if (file) fail({ status: 400, code: 'InvalidArgument', message: `The file must be the last field; ${name} came after it.` });
      fields.push([name, value]);
    },
    fileStart({ name, filename, contentType }) {
      entry.fields.push(name);
      if (file) return fail({ status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' });
      const key = fields.find(([n]) => n === 'key')?.[1];
      entry.key = key;
      lease = key ? media.leaseByKey(key) : undefined;
      if (name !== 'file') fail({ status: 400, code: 'InvalidArgument', message: `The file field must be named "file", got "${name}".` });
      const fieldProblem = checkFields(lease, fields, key);
      if (fieldProblem) fail(fieldProblem);
      const type = lease?.mimetype ?? 'application/octet-stream';
      if (lease && contentType && contentType !== type) fail({ status: 400, code: 'InvalidArgument', message: `The file is ${contentType}, but the lease is for ${type}.` });
      file = { name: filename ?? '', type, size: 0, limit: STORAGE_LIMITS[type] ?? 0, md5: createHash('md5'), sha: createHash('sha256'), kept: [], done: false };
    },
    fileData(chunk) {
      const f = file!;
      f.size += chunk.length;
      f.md5.update(chunk);
      f.sha.update(chunk);
      if (f.size > f.limit) {
        fail({ status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size', extra: { ProposedSize: f.size, MaxSizeAllowed: f.limit } });
        f.kept = undefined;
      } else f.kept?.push(Buffer.from(chunk));
    },
    fileEnd() {
      file!.done = true;
    },
  }) : undefined;

  await new Promise<void>((resolve) => {
    req.on('data', (chunk: Buffer) => {
      if (!reader || problem) return;
      try {
        reader.write(chunk);
      } catch (error) {
        fail({ status: 400, code: 'MalformedPOSTRequest', message: `The body of your POST request is not well-formed multipart/form-data (${(error as Error).message}).` });
      }
    });
    req.on('end', resolve).on('error', () => resolve()).on('close', resolve);
  });
  if (!problem && reader && !reader.done) fail({ status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data (it ended before its closing boundary).' });
  if (!problem && !file?.done) fail({ status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' });
  if (file) entry.file = { name: file.name, type: file.type, size: file.size, sha256: file.sha.digest('hex') };
  if (problem) return refuse(res, entry, problem);
  const stored = lease as Lease;
  const f = file!;
  media.store(stored, f.type, f.size, f.kept && Buffer.concat(f.kept));
  // The lease asks for success_action_status 201 (and the fields were checked against it): the XML answer.
  const location = `${media.storageUrl}/${encodeURIComponent(stored.key)}`;
  answer(res, entry, 201, `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${escapeXml(location)}</Location><Bucket>emulator-media</Bucket><Key>${escapeXml(stored.key)}</Key><ETag>"${f.md5.digest('hex')}"</ETag></PostResponse>`);
}

/** One request to the storage host. */
export async function storageRequest(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://storage');
  const method = (req.method ?? 'GET').toUpperCase();
  const entry: StorageUpload = { method, path: url.pathname, headers: headerRecord(req), fields: [], status: 0 };
  state.media.uploads.push(entry);
  // Any origin, never with credentials: a browser sending cookies here is refused by its own CORS check.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'ETag, Location');
  const fault = state.media.faults.take(method, url.pathname);
  if (fault?.delay) await new Promise<void>((resolve) => state.later(fault.delay as number, resolve));
  if (state.closed) return;
  if (fault && answers(fault)) {
    if (!fault.hang && !fault.reset) await drain(req);
    const logged = { status: 0 } as LoggedRequest;
    applyFault({ req, res, method, route: url.pathname, query: {}, params: {}, body: '', raw: false, entry: logged } as Ctx, fault);
    entry.status = logged.status;
    return;
  }
  if (method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    return answer(res, entry, 204);
  }
  if (method === 'POST' && url.pathname === '/') return upload(state, req, res, entry);
  await drain(req);
  if (method === 'GET' || method === 'HEAD') {
    const stored = state.media.files.get(decodeURIComponent(url.pathname.slice(1)));
    if (stored?.bytes) return answer(res, entry, 200, method === 'HEAD' ? '' : stored.bytes, stored.type);
    return refuse(res, entry, { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' });
  }
  refuse(res, entry, { status: 405, code: 'MethodNotAllowed', message: 'The specified method is not allowed against this resource.' });
}

/**
 * A websocket to `/ws/{asset_id}?m={token}`: it says the asset's result once there is one, then
 * closes; or, as `storage.websockets` says, is refused, stays silent, or closes without a word.
 */
export function storageUpgrade(state: State, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const url = new URL(req.url ?? '/', 'http://storage');
  const entry: StorageUpload = { method: 'GET', path: url.pathname, headers: headerRecord(req), fields: [], status: 0 };
  state.media.uploads.push(entry);
  const assetId = /^\/ws\/([^/]+)$/.exec(url.pathname)?.[1];
  const lease = assetId ? state.media.leases.get(assetId) : undefined;
  const mode = state.media.websockets;
  if (!lease || url.searchParams.get('m') !== lease.token || mode === 'refuse') {
    entry.status = lease ? 403 : 404;
    return refuseUpgrade(socket, entry.status, lease ? 'Forbidden' : 'Not Found');
  }
  const refused = state.faults.use('websocketRefused');
  if (refused) {
    entry.status = refused.status ?? 403;
    entry.error = 'injected';
    return refuseUpgrade(socket, entry.status, 'Refused');
  }
  const connection = acceptUpgrade(req, socket, head);
  entry.status = connection ? 101 : 400;
  if (!connection) return;
  // Accepted, and then nothing ever comes (emu.inject('websocketSilent')): the socket stays open until close().
  if (state.faults.use('websocketSilent')) return void (entry.error = 'injected');
  // A socket that never says a word (until the emulator closes), or one closed at once without a result.
  if (mode === 'silent') return;
  if (mode === 'close') return connection.close(1011);
  const stop = state.media.listen(lease.assetId, (message) => {
    connection.sendText(message);
    connection.close(1000);
  });
  connection.onClose(stop);
}
