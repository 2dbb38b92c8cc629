/** The emulator storage host's multipart reader: fields and files, whatever the chunking. */
import { describe, expect, it } from '@jest/globals';
import { boundaryOf, MultipartReader, type PartHeader } from '../../../lib/emulator/media/multipart.js';

/** Everything the reader reports, in order. */
function readAll(boundary: string, body: Buffer, splitAt: number[]): { events: unknown[]; done: boolean } {
  const events: unknown[] = [];
  let file: Buffer[] = [];
  const reader = new MultipartReader(boundary, {
    field: (name, value) => events.push(['field', name, value]),
    fileStart: (header: PartHeader) => { file = []; events.push(['file', header]); },
    fileData: (chunk) => file.push(Buffer.from(chunk)),
    fileEnd: () => events.push(['data', Buffer.concat(file).toString('latin1')]),
  });
  let from = 0;
  for (const at of [...splitAt, body.length]) {
    reader.write(body.subarray(from, at));
    from = at;
  }
  return { events, done: reader.done };
}

describe('the multipart reader', () => {
  const boundary = '----formdata-test-42';
  // File content that contains almost-boundaries and CRLFs, to be sure only the real one ends it.
  const content = `a\r\n--${boundary.slice(0, -1)}x\r\n\r\n--\r\nb`;
  const body = Buffer.from([
    `preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nrte_images/x\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="policy"\r\n\r\nline one\r\nline two\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="my %22cat%22.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`,
    `--${boundary}--\r\nepilogue`,
  ].join(''), 'latin1');
  const expected = [
    ['field', 'key', 'rte_images/x'],
    ['field', 'policy', 'line one\r\nline two'],
    ['file', { name: 'file', filename: 'my %22cat%22.png', contentType: 'image/png' }],
    ['data', content],
  ];

  it('reads fields and the file in one chunk', () => {
    expect(readAll(boundary, body, [])).toEqual({ events: expected, done: true });
  });

  it('reads the same whatever the chunking (every split point)', () => {
    for (let at = 1; at < body.length; at++) expect(readAll(boundary, body, [at])).toEqual({ events: expected, done: true });
  });

  it('reads it byte by byte', () => {
    expect(readAll(boundary, body, Array.from({ length: body.length - 1 }, (_, i) => i + 1))).toEqual({ events: expected, done: true });
  });

  it('an unfinished body is not done; a broken one throws', () => {
    expect(readAll(boundary, body.subarray(0, 200), []).done).toBe(false);
    expect(() => readAll(boundary, Buffer.from(`--${boundary}\r\nX-No-Disposition: 1\r\n\r\nv\r\n--${boundary}--`), [])).toThrow('a part has no Content-Disposition name');
    expect(() => readAll(boundary, Buffer.from(`--${boundary}xx`), [])).toThrow('neither CRLF nor --');
  });

  it.each([
    ['multipart/form-data; boundary=----abc', '----abc'],
    ['multipart/form-data; boundary="quoted value"', 'quoted value'],
    ['Multipart/Form-Data; charset=utf-8; boundary=x;', 'x'],
    ['application/x-www-form-urlencoded', undefined],
    [undefined, undefined],
  ])('boundary of %p', (type, expected) => {
    expect(boundaryOf(type)).toBe(expected);
  });
});
