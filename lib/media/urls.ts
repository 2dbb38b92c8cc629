import { isLoopbackOrigin } from '../options/server-uri.js';

/**
 * Where to upload, from the lease's `action`. A protocol-relative `//host` means https, as on the
 * platform, whatever the API's own scheme (a plain-http loopback API, an emulator, does not make it
 * http: the file would cross in clear). Plain http is allowed only when given, and only for a
 * loopback host, like every other URL of the client. Returns undefined for anything else.
 */
export function uploadUrl(action: string): string | undefined {
  let url: URL;
  try {
    url = new URL(action.startsWith('//') ? `https:${action}` : action);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackOrigin(url.origin))) return url.href.replace(/\/$/, '');
  return undefined;
}

/** A result websocket may be `wss:` anywhere, `ws:` only on loopback. */
export function websocketUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'wss:' || (parsed.protocol === 'ws:' && isLoopbackOrigin(`http://${parsed.host}`))) return parsed.href;
  } catch {
    // not a URL: refused below
  }
  return undefined;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REPLACEMENT = '\uFFFD';

/**
 * The character a numeric reference names, or U+FFFD for one XML does not allow (past U+10FFFF,
 * a surrogate, a control character): a malformed answer must not throw a raw RangeError.
 */
function xmlChar(code: number): string {
  const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
  return allowed ? String.fromCodePoint(code) : REPLACEMENT;
}

/** The text of the first `<tag>` in an XML answer, entities decoded (a reference to no allowed character as U+FFFD). */
export function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match?.[1]
    ?.replace(/&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([\da-f]+));/gi, (all, name?: string, dec?: string, hex?: string) =>
      name ? (XML_ENTITIES[name.toLowerCase()] ?? all) : xmlChar(dec ? Number(dec) : parseInt(hex as string, 16)))
    .trim();
}

/**
 * The uploaded file's URL: the storage host's `<Location>`, else `action/key` (how the platform's
 * own clients build it). Undefined when neither is there.
 */
export function fileUrl(xml: string, upload: string, fields: ReadonlyArray<{ name: string; value: string }>): string | undefined {
  const location = xmlText(xml, 'Location');
  // A Location holding a malformed reference is not the file's: the lease's key is.
  if (location && /^https?:\/\//i.test(location) && !location.includes(REPLACEMENT)) return location;
  const key = fields.find((f) => f.name === 'key')?.value;
  return key ? `${upload}/${key}` : undefined;
}

/** `Code: Message` of a storage host's XML error (`<Error><Code>EntityTooLarge</Code>...`), when it has one. */
export function storageError(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  const code = xmlText(body, 'Code');
  const message = xmlText(body, 'Message');
  return code ? `${code}${message ? `: ${message}` : ''}` : undefined;
}

/**
 * A post's URL as it may be handed to the application, which may navigate to it (a page may
 * `location.assign` it): https, or http on a loopback host. Anything else (`javascript:`, `data:`,
 * plain http elsewhere) is undefined.
 */
export function postUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackOrigin(parsed.origin))) return parsed.href;
  } catch {
    // not a URL: refused
  }
  return undefined;
}

/** A post's id and fullname from its URL (`/r/pics/comments/abc123/a_cat/`). */
export function postIdentity(url: string): { id?: string; name?: string } {
  const id = /\/comments\/([a-z0-9]+)/i.exec(url)?.[1];
  return id ? { id, name: `t3_${id}` } : {};
}

/** A URL fit for an error message: no query or fragment (a websocket URL carries a token there). */
export function bareUrl(url: string): string {
  return url.replace(/[?#].*$/s, '');
}
