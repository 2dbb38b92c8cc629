/**
 * Cassettes end to end: record against a local server (the emulator, standing in for the platform),
 * then replay with that server closed: the same results, no connection at all, and not one of the
 * credentials the instance knew in the file.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Snoopath, { ResponseError, type SnoopathOptions, type Tokens } from '../../../lib/index.js';
import { cassette, CassetteError } from '../../../lib/testing.js';
import { authorizeRedirect, start, type Emulator } from '../setup.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'snoopath-cassette-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const USER_AGENT = 'node:cassette-test:1.0 (by /u/tester)';

/** Every token the instance was handed, through its token store. */
function tokenLog() {
  const seen: string[] = [];
  const tokenStore = { get: () => undefined, set: (t: Tokens) => void seen.push(...[t.accessToken, t.refreshToken].filter((x): x is string => typeof x === 'string')) };
  return { seen, tokenStore };
}

/** What the bot under test does: reads, pages, writes, and meets a 404. */
async function bot(reddit: Snoopath) {
  const me = await reddit('/api/v1/me').get();
  const page = await reddit('/r/$subreddit/top').listing({ $subreddit: 'aww', limit: 3, t: 'day' });
  const next = await page.next();
  const vote = await reddit('/api/vote').post({ id: page.children[0]!.data.name, dir: 1 });
  const missing = await reddit('/user/$username/about').get({ $username: 'nobody_at_all' }).catch((e: unknown) => e);
  return { me, names: [...page.allChildren, ...next.allChildren].map((t) => t.data.name), vote, missing: missing instanceof ResponseError ? [missing.name, missing.status] : missing };
}

/** Counts connections to a port once the server that had it is gone: a replay must make none. */
async function watchPort(port: number): Promise<{ connections: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createServer((socket) => {
    n++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { connections: () => n, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const options = (emu: Emulator, extra: Partial<SnoopathOptions>): SnoopathOptions =>
  ({ userAgent: USER_AGENT, apiServerUri: emu.url, authServerUri: emu.url, throttle: 0, ...extra }) as SnoopathOptions;

/** Every form a secret can take in a file: as is, percent- and form-encoded, JSON-escaped, and in Basic credentials. */
const forms = (secret: string) => [secret, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1)];

describe('record, then replay with the server closed', () => {
  it('the same results, zero connections, and no credential in the file', async () => {
    const emu = await start({ accounts: [{ name: 'cassette_user', password: 'p&ss w0rd+/=?#' }], apps: [{ type: 'script', id: 'cassette-app', secret: 'sEcReT:with/odd+chars' }] });
    const file = join(dir, 'bot.json');
    const { seen, tokenStore } = tokenLog();
    const recording = await cassette(file, { mode: 'record' });
    expect(recording.mode).toBe('record');
    const oauth = { type: 'script' as const, key: 'cassette-app', secret: 'sEcReT:with/odd+chars', username: 'cassette_user', password: 'p&ss w0rd+/=?#' };
    const live = new Snoopath(options(emu, { oauth, fetch: recording.fetch, tokenStore }));
    const recorded = await bot(live);
    await live.deauth();
    await recording.save();

    const text = readFileSync(file, 'utf8');
    const known = [oauth.secret, oauth.password, ...seen, btoa(`${oauth.key}:${encodeURIComponent(oauth.secret)}`)];
    expect(seen.length).toBeGreaterThan(0);
    for (const secret of known) for (const form of forms(secret)) expect({ form, found: text.includes(form) }).toEqual({ form, found: false });
    // Readable: the labels say what was there.
    expect(text).toContain('"password": "REDACTED_PASSWORD"');
    expect(text).toContain('"authorization": "Basic cassette-app:REDACTED_CLIENT_SECRET"');
    expect(text).toContain('"authorization": "bearer REDACTED_ACCESS_TOKEN"');

    const port = Number(new URL(emu.url).port);
    await emu.close();
    const watch = await watchPort(port);
    try {
      const replaying = await cassette(file, { mode: 'replay' });
      expect(replaying.mode).toBe('replay');
      const dummy = { ...oauth, key: 'dummy-id', secret: 'dummy-secret', username: 'someone', password: 'dummy-password' };
      const offline = new Snoopath(options(emu, { oauth: dummy, fetch: replaying.fetch }));
      expect(await bot(offline)).toEqual(recorded);
      await offline.deauth();
      await replaying.save();
      expect(watch.connections()).toBe(0);
    } finally {
      await watch.close();
    }
  });

  it('auto: records when the file is missing, replays once it exists; identical requests replay in the order recorded', async () => {
    const emu = await start();
    const file = join(dir, 'nested', 'auto.json');
    const newest = (reddit: Snoopath) => reddit('/r/$subreddit/new').get({ $subreddit: 'snoopath', limit: 1 }).then((l: any) => l.data.children[0].data.title as string);
    const first = await cassette(file);
    expect(first.mode).toBe('record');
    const live = new Snoopath(options(emu, { oauth: { type: 'script', ...emu.apps.script }, fetch: first.fetch }));
    emu.addItems({ kind: 'post', subreddit: 'snoopath', title: 'first' });
    const before = await newest(live);
    emu.addItems({ kind: 'post', subreddit: 'snoopath', title: 'second' });
    const after = await newest(live);
    await first.save();
    expect([before, after]).toEqual(['first', 'second']);

    const again = await cassette(file);
    expect(again.mode).toBe('replay');
    const offline = new Snoopath(options(emu, { oauth: { type: 'script', ...emu.apps.script }, fetch: again.fetch }));
    expect([await newest(offline), await newest(offline)]).toEqual(['first', 'second']);
  });

  it('a refresh-token app: token requests are replayed too, so dummy credentials do', async () => {
    const emu = await start();
    const file = join(dir, 'explicit.json');
    const { seen, tokenStore } = tokenLog();
    const tape = await cassette(file, { mode: 'record' });
    const oauth = { type: 'explicit' as const, ...emu.apps.web, duration: 'permanent' as const, scope: ['identity', 'read'] };
    const live = new Snoopath(options(emu, { oauth, fetch: tape.fetch, tokenStore }));
    const refresh = await live.auth(new URL(await authorizeRedirect(live.getAuthUrl('s1'))).searchParams.get('code')!);
    const name = (await live('/api/v1/me').get()).name;
    emu.expireTokens();
    expect((await live('/api/v1/me').get()).name).toBe(name); // renewed with the refresh token (rotated)
    await tape.save();
    const text = readFileSync(file, 'utf8');
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const secret of [emu.apps.web.secret, refresh!, ...seen]) for (const form of forms(secret)) expect(text.includes(form)).toBe(false);
    expect(text).toContain('"refresh_token": "REDACTED_REFRESH_TOKEN"');
    expect(text).toContain('"refresh_token": "REDACTED_REFRESH_TOKEN_2"');

    const replay = await cassette(file, { mode: 'replay' });
    const offline = new Snoopath(options(emu, { oauth: { ...oauth, key: 'x', secret: 'y' }, fetch: replay.fetch }));
    await offline.auth('any-code');
    expect((await offline('/api/v1/me').get()).name).toBe(name);
    expect((await offline('/api/v1/me').get()).name).toBe(name);
    expect(replay.unused()).toEqual([]);
  });
});

describe('uploads', () => {
  it('a media upload (lease, multipart to the storage host) records as a summary and replays', async () => {
    const emu = await start();
    const file = join(dir, 'upload.json');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const tape = await cassette(file, { mode: 'record' });
    const live = new Snoopath(options(emu, { oauth: { type: 'script', ...emu.apps.script }, fetch: tape.fetch }));
    const asset = await live.uploadMedia(png, { name: 'cat.png' });
    await tape.save();
    const upload = JSON.parse(readFileSync(file, 'utf8')).interactions.find((i: { request: { url: string } }) => i.request.url.startsWith(emu.storage.url));
    expect(upload.request).toMatchObject({ method: 'POST', bytes: { size: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(upload.response).toMatchObject({ status: 201, text: expect.stringContaining('<PostResponse>') });
    await emu.close();

    const replay = await cassette(file, { mode: 'replay' });
    const offline = new Snoopath(options(emu, { oauth: { type: 'script', ...emu.apps.script, password: 'x' }, fetch: replay.fetch }));
    expect(await offline.uploadMedia(png, { name: 'cat.png' })).toEqual(asset);
    expect(replay.unused()).toEqual([]);
  });
});

describe('replay matching and its errors', () => {
  let file: string;
  let emu: Emulator;
  beforeAll(async () => {
    emu = await start();
    file = join(dir, 'matching.json');
    const tape = await cassette(file, { mode: 'record' });
    const live = new Snoopath(options(emu, { oauth: { type: 'script', ...emu.apps.script }, fetch: tape.fetch }));
    await live('/r/$subreddit/top').get({ $subreddit: 'aww', limit: 2, t: 'week' });
    await live('/api/vote').post({ id: 't3_abc', dir: 1 }).catch(() => undefined);
    await tape.save();
  });

  const offline = async (opts: { allowUnused?: boolean } = {}) => {
    const tape = await cassette(file, { mode: 'replay', ...opts });
    return { tape, reddit: new Snoopath(options(emu, { oauth: { type: 'script', ...emu.apps.script, password: 'other' }, fetch: tape.fetch, retryAttempts: 60, retryDelay: 5000 })) };
  };

  it('query order, raw_json and api_type do not break a match', async () => {
    const { reddit } = await offline();
    const page = (await reddit('/r/aww/top?raw_json=1').get({ t: 'week', limit: 2 })) as { data: { children: unknown[] } };
    expect(page.data.children).toHaveLength(2);
  });

  it('an unrecorded request rejects at once, naming its method and path and the closest recorded request', async () => {
    const { reddit, tape } = await offline();
    const started = Date.now();
    const error = await reddit('/r/$subreddit/top').get({ $subreddit: 'aww', limit: 5, t: 'week' }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000); // no retry: 60 attempts 5 s apart would take minutes
    expect(error).toBeInstanceOf(CassetteError);
    expect((error as CassetteError).message).toMatch(/has no recorded answer for GET \/r\/aww\/top\?.*limit=5.*The closest recorded request is GET \/r\/aww\/top\?.*limit=2.* \(it differs in query \(recorded limit=2, sent limit=5\)\)/);
    expect(error).toMatchObject({ request: expect.stringMatching(/^GET \/r\/aww\/top\?/), closest: expect.stringMatching(/^GET \/r\/aww\/top\?/) });
    await expect(tape.save()).rejects.toThrow(/2 recorded request\(s\) were never asked for: GET \/r\/aww\/top\?.*, POST \/api\/vote/);
  });

  it('a request recorded once is replayed once; allowUnused lets save() pass', async () => {
    const { reddit, tape } = await offline({ allowUnused: true });
    await reddit('/r/$subreddit/top').get({ $subreddit: 'aww', limit: 2, t: 'week' });
    await expect(reddit('/r/$subreddit/top').get({ $subreddit: 'aww', limit: 2, t: 'week' })).rejects.toThrow(/recorded 1 time\(s\) and each was replayed already/);
    expect(tape.unused()).toEqual(['POST /api/vote']);
    await tape.save();
  });

  it('replay of a missing file says how to record it', async () => {
    await expect(cassette(join(dir, 'none.json'), { mode: 'replay' })).rejects.toThrow(/does not exist: record it first/);
  });
});
