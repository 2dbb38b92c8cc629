import { BodyTooLarge, LightResponse } from './light-response.js';

/**
 * An answer's text, read up to `max` decoded bytes: past them the read stops at once (the body is
 * cancelled, so the connection closes) and rejects with BodyTooLarge. The Node transport's answers
 * decode and count as they stream (lib/transport/undici/decode.ts); any other fetch's body is read
 * as a stream with a running count (the runtime has decoded it already), so neither a compression
 * bomb nor an endless chunked body is ever held past the limit.
 */
export async function readLimited(response: Response, max: number): Promise<string> {
  if (response instanceof LightResponse) return response.textWithin(max);
  const body = response.body;
  // No stream to count (a mock's answer): nothing arrives from a socket.
  if (!body) return response.text();
  const reader = body.getReader();
  const utf8 = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + utf8.decode();
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      throw new BodyTooLarge(max);
    }
    text += utf8.decode(value, { stream: true });
  }
}
