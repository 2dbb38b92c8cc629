/** The cassette shell with an upstream fetch of the test's own: no server, no socket. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inspect } from 'node:util';
import { join } from 'node:path';
import { cassette, CassetteError } from '../../lib/testing.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'snoopath-tape-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pretend platform: answers by path; counts what it was asked. */
function upstream(answers: Record<string, () => Response | Promise<Response>>) {
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push(`${request.method} ${new URL(request.url).pathname}`);
    const answer = answers[new URL(request.url).pathname];
    if (!answer) return new Response('{"message": "Not Found", "error": 404}', { status: 404, headers: { 'content-type': 'application/json' } });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

const json = (value: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', ...headers } });

describe('recording', () => {
  it('a credential first seen in a later answer is kept out of earlier entries too', async () => {
    const file = join(dir, 'late.json');
    const { fetch } = upstream({ '/echo': () => json({ ok: true }), '/api/v1/access_token': () => json({ access_token: 'late-token-123456', expires_in: 3600 }) });
    const tape = await cassette(file, { mode: 'record', fetch });
    await tape.fetch('https://x.test/echo?note=late-token-123456');
    await tape.fetch('https://x.test/api/v1/access_token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) });
    await tape.save();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('late-token-123456');
    expect(text).toContain('"url": "https://x.test/echo?note=REDACTED_ACCESS_TOKEN"');
    // Only its owner reads it.
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('secrets() and the secrets option keep values of the test\'s own out', async () => {
    const file = join(dir, 'own.json');
    const { fetch } = upstream({ '/a': () => json({ said: 'my webhook key is hook-9876543' }) });
    const tape = await cassette(file, { mode: 'record', fetch, secrets: ['hook-9876543'] });
    tape.secrets('other-secret-11', undefined, null);
    const replayed = await cassette(join(dir, 'late.json'), { mode: 'replay', secrets: ['hook-9876543'] });
    for (const t of [tape, replayed]) expect(`${inspect(t, { showHidden: true, depth: 10 })} ${JSON.stringify(t)}`).not.toMatch(/hook-9876543|other-secret-11/);
    await tape.fetch('https://x.test/a', { method: 'POST', body: 'other-secret-11', headers: { 'content-type': 'text/plain' } });
    await tape.save();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/hook-9876543|other-secret-11/);
    expect(text).toContain('"said": "my webhook key is REDACTED_SECRET"');
  });

  it('a failed connection is recorded and replayed as fetch fails; an aborted request is not kept; save waits for requests in flight', async () => {
    const file = join(dir, 'failures.json');
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = upstream({
      '/down': () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })),
      '/slow': () => slow.then(() => json({ late: true })),
      '/aborted': () => Promise.reject(new DOMException('aborted', 'AbortError')),
    });
    const tape = await cassette(file, { mode: 'record', fetch });
    await expect(tape.fetch('https://x.test/down')).rejects.toThrow('fetch failed');
    const controller = new AbortController();
    controller.abort();
    await expect(tape.fetch('https://x.test/aborted', { signal: controller.signal })).rejects.toThrow();
    const pending = tape.fetch('https://x.test/slow');
    const saved = tape.save();
    release();
    await Promise.all([pending, saved]);
    const recorded = JSON.parse(readFileSync(file, 'utf8')).interactions;
    expect(recorded.map((i: { request: { url: string } }) => i.request.url)).toEqual(['https://x.test/down', 'https://x.test/slow']);
    expect(recorded[0].error).toEqual({ message: 'fetch failed', code: 'ECONNREFUSED' });

    const replay = await cassette(file, { mode: 'replay' });
    const failure = await replay.fetch('https://x.test/down').catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'TypeError', message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
    expect(await (await replay.fetch('https://x.test/slow')).json()).toEqual({ late: true });
  });
});

describe('replaying', () => {
  it('never calls the upstream fetch; serves status, headers and body; rate-limit headers only when asked', async () => {
    const file = join(dir, 'serve.json');
    const live = upstream({ '/r/aww/hot': () => json({ kind: 'Listing' }, { 'x-ratelimit-remaining': '598.0', 'x-ratelimit-reset': '300', 'x-custom': 'kept' }) });
    const tape = await cassette(file, { mode: 'record', fetch: live.fetch });
    await tape.fetch('https://x.test/r/aww/hot');
    await tape.save();
    expect(live.asked).toEqual(['GET /r/aww/hot']);

    const offline = upstream({});
    for (const replayRateLimits of [false, true]) {
      const replay = await cassette(file, { mode: 'replay', fetch: offline.fetch, replayRateLimits });
      const res = await replay.fetch(new Request('https://elsewhere.test/r/aww/hot'));
      expect([res.status, res.headers.get('x-custom'), res.headers.get('x-ratelimit-remaining'), await res.json()]).toEqual([200, 'kept', replayRateLimits ? '598.0' : null, { kind: 'Listing' }]);
    }
    expect(offline.asked).toEqual([]);
  });

  it('an aborted signal rejects with its reason, using nothing up', async () => {
    const file = join(dir, 'serve.json');
    const replay = await cassette(file, { mode: 'replay' });
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(replay.fetch('https://x.test/r/aww/hot', { signal: controller.signal })).rejects.toThrow('stop');
    expect(replay.unused()).toEqual(['GET /r/aww/hot']);
  });

  it('bad files and bad options are CassetteErrors that say what to do', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    await expect(cassette(bad)).rejects.toThrow(CassetteError);
    await expect(cassette(bad)).rejects.toThrow(/is not a snoopath cassette of format 1.*record it again/);
    await expect(cassette(bad, { mode: 'rewind' as 'record' })).rejects.toThrow(/mode must be 'record', 'replay' or 'auto', got "rewind"/);
    await expect(cassette('')).rejects.toThrow(/the first argument is the file/);
  });
});
