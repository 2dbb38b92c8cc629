/**
 * `snoopath api` against the emulator, in process: a GET, a POST with fields, --paginate over three
 * pages, --stream, the credentials (variables, token file), and an exit status per kind of failure,
 * with no secret ever printed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiMain, type ApiIo } from '../../../lib/cli/api/command.js';
import { main } from '../../../lib/cli/main.js';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';

let emu: Emulator;
let home: string;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false, moreChildrenDelay: 0 });
  home = mkdtempSync(join(tmpdir(), 'snoopath-api-home-'));
});
afterAll(async () => {
  await emu.close();
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  status: number;
  out: string[];
  err: string;
}

/** Every value the output must never show. */
const secrets = new Set(['script-app-secret', 'web-app-secret', 'demo_password']);

/** `snoopath api ...` through the command's entry point; a HOME of its own, so no token file of the machine is read. */
async function api(argv: string[], env: Record<string, string> = {}, io: Partial<ApiIo> = {}): Promise<Run> {
  const run: Run = { status: -1, out: [], err: '' };
  const streams = { out: (text: string) => void run.out.push(text), err: (text: string) => void (run.err += `${text}\n`), env: { HOME: home, ...env } };
  run.status = io.signal || io.extra ? await apiMain(argv, { ...streams, ...io }) : await main(['api', ...argv], streams);
  const printed = `${run.out.join('\n')}\n${run.err}`;
  for (const secret of secrets) expect(printed).not.toContain(secret);
  return run;
}

const onEmulator = () => `--emulator=${emu.url}`;

describe('calls', () => {
  it('a GET prints the answer as indented JSON', async () => {
    const run = await api([onEmulator(), '/api/v1/me']);
    expect(run.status).toBe(0);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(/^\{\n {2}"name": "demo_user",/);
    expect(JSON.parse(run.out[0]!)).toMatchObject({ name: 'demo_user', link_karma: 1234 });
  });

  it('a POST with fields sends them as a form; $name fields fill the path', async () => {
    const post = emu.addItems({ kind: 'post', subreddit: 'snoopath' })[0]!;
    emu.clearLog();
    const run = await api([onEmulator(), 'POST', '/api/comment', '-f', `thing_id=${post}`, '-f', 'text=hello & welcome']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.out[0]!).json.data.things[0].data).toMatchObject({ body: 'hello & welcome', parent_id: post, author: 'demo_user' });
    const sent = emu.requests.find((r) => r.path === '/api/comment')!;
    // raw_json=1 by default (the library puts it in the query of every verb): text as people wrote it.
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ thing_id: post, text: 'hello & welcome', api_type: 'json' });
    expect(sent.query).toMatchObject({ raw_json: '1' });

    const about = await api([onEmulator(), '/r/$subreddit/about', '-f', '$subreddit=programming', '--raw']);
    expect(about.out).toHaveLength(1);
    expect(about.out[0]).not.toContain('\n');
    expect(JSON.parse(about.out[0]!).data.display_name).toBe('programming');
  });

  it('-F sends true, false, null and numbers as such with --json-body', async () => {
    emu.clearLog();
    const run = await api([onEmulator(), 'patch', '/api/v1/me/prefs', '-F', 'over_18=false', '-F', 'min_comment_score=-3', '-f', 'lang=en', '--json-body']);
    expect(run.status).toBe(6); // the emulator has no prefs endpoint: 404
    const patch = emu.requests.find((r) => r.method === 'PATCH')!;
    expect(JSON.parse(patch.body)).toEqual({ over_18: false, min_comment_score: -3, lang: 'en' });
    expect(patch.query).toEqual({ api_type: 'json', raw_json: '1' });
  });

  it('--paginate walks a listing over three pages, one item per line', async () => {
    emu.clearLog();
    const run = await api([onEmulator(), '/r/$subreddit/new', '-f', '$subreddit=programming', '-f', 'limit=100', '--paginate']);
    expect(run.status).toBe(0);
    const items = run.out.map((line) => JSON.parse(line) as { kind: string; data: { name: string } });
    expect(items).toHaveLength(250);
    expect(new Set(items.map((i) => i.data.name)).size).toBe(250);
    expect(items.every((i) => i.kind === 't3')).toBe(true);
    expect(run.out.every((line) => !line.includes('\n'))).toBe(true);
    expect(emu.requests.filter((r) => r.path === '/r/programming/new').map((r) => r.query.after ?? null)).toEqual([null, items[99]!.data.name, items[199]!.data.name]);
  });

  it('--stream prints what is there, then new items as they come, until stopped', async () => {
    const stop = new AbortController();
    const lines: string[] = [];
    const seen = new Promise<void>((resolve) => {
      const out = (text: string) => {
        lines.push(text);
        if (lines.length === 3) emu.addItems({ kind: 'comment', subreddit: 'aww', body: 'fresh' });
        if (text.includes('"body":"fresh"')) resolve();
      };
      void api([onEmulator(), '/r/$subreddit/comments', '-f', '$subreddit=aww', '--stream'], {}, { out, signal: stop.signal }).then((run) => lines.push(`exit ${run.status}`));
    });
    emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    await seen;
    stop.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.at(-1)).toBe('exit 0');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l).kind)).toEqual(['t1', 't1', 't1', 't1']);
  }, 20_000);
});

describe('credentials', () => {
  const servers = () => ['--api-server', emu.url, '--auth-server', emu.url];

  it('SNOOPATH_* variables: a script app\'s account', async () => {
    const env = { SNOOPATH_CLIENT_ID: 'script-app-id', SNOOPATH_CLIENT_SECRET: 'script-app-secret', SNOOPATH_USERNAME: 'other_user', SNOOPATH_PASSWORD: 'other_password' };
    secrets.add('other_password');
    const run = await api([...servers(), '/api/v1/me'], env);
    expect([run.status, JSON.parse(run.out[0]!).name]).toEqual([0, 'other_user']);
  });

  it('the token file snoopath auth --json writes, named or at its default place; a loose mode is pointed out', async () => {
    const { key, secret, redirectUri } = emu.apps.web;
    const authorize = await fetch(`${emu.url}/api/v1/authorize?client_id=${key}&response_type=code&state=s&redirect_uri=${encodeURIComponent(redirectUri)}&duration=permanent&scope=identity`, { redirect: 'manual' });
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const answer = await fetch(`${emu.url}/api/v1/access_token`, { method: 'POST', headers: { authorization: `Basic ${btoa(`${key}:${secret}`)}` }, body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }) });
    const { refresh_token: refresh } = (await answer.json()) as { refresh_token: string };
    secrets.add(refresh);
    const dir = join(home, '.config', 'snoopath');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'token.json');
    writeFileSync(file, JSON.stringify({ refresh_token: refresh, username: 'demo_user', scope: ['identity'], client_id: key }), { mode: 0o600 });
    const env = { SNOOPATH_CLIENT_SECRET: secret };
    const byDefault = await api([...servers(), '/api/v1/me'], env);
    expect([byDefault.status, JSON.parse(byDefault.out[0]!).name, byDefault.err]).toEqual([0, 'demo_user', '']);
    // The emulator rotates refresh tokens (as the platform may): the new one, and the access token, are written back.
    const written = JSON.parse(readFileSync(file, 'utf8')) as { refresh_token: string; access_token: string; expires_at: number; username: string };
    expect(written).toMatchObject({ username: 'demo_user', client_id: key, expires_at: expect.any(Number) });
    expect(written.refresh_token).not.toBe(refresh);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    secrets.add(written.refresh_token).add(written.access_token);

    chmodSync(file, 0o644);
    emu.clearLog();
    const named = await api([...servers(), '/api/v1/me', '--token-file', file], { SNOOPATH_CLIENT_SECRET: secret, HOME: '/nonexistent' });
    expect(named.status).toBe(0);
    expect(named.err).toContain(`can be read by other users of this machine; chmod 600 ${file}`);
    // The access token written back is still good: no token request this time.
    expect(emu.requests.map((r) => r.path)).toEqual(['/api/v1/me']);
    rmSync(file);
  });

  it('none at all: exit 3, naming what to set', async () => {
    const run = await api(['/api/v1/me'], { HOME: mkdtempSync(join(home, 'empty-')) });
    expect(run.status).toBe(3);
    expect(run.err).toMatch(/no credentials: set SNOOPATH_CLIENT_ID .*--emulator/);
  });
});

describe('failures: stderr with the platform\'s words, an exit status per kind', () => {
  it.each([
    ['not found', 6, ['/user/$username/about', '-f', '$username=nobody_here'], /GET \/user\/nobody_here\/about answered 404 \(the platform says: Not Found\)/],
    ['refused', 5, ['POST', '/api/vote', '-f', 'id=t3_x', '-f', 'dir=7'], /answered 400 \(the platform says: that is not a valid option; INVALID_OPTION; Bad Request\)/],
    ['bad usage', 2, ['GET'], /GET needs a PATH after it/],
    ['bad usage: a field without =', 2, ['/api/v1/me', '-f', 'limit'], /-f needs key=value, got "limit"/],
    ['bad usage: --paginate of a POST', 2, ['POST', '/r/aww/new', '--paginate'], /--paginate reads a listing: it needs GET/],
  ])('%s: exit %s', async (_, status, argv, words) => {
    const run = await api([onEmulator(), ...(argv as string[])]);
    expect(run.status).toBe(status);
    expect(run.err).toMatch(words as RegExp);
    expect(run.out).toEqual([]);
  });

  it('rate limited: exit 7; server errors: exit 8; unreachable: exit 9; a refused grant: exit 4', async () => {
    emu.inject('ratelimitError', { wait: 600 });
    const limited = await api([onEmulator(), 'POST', '/api/comment', '-f', 'thing_id=t3_x', '-f', 'text=hi']);
    expect([limited.status, limited.err]).toEqual([7, expect.stringMatching(/RATELIMIT: you are doing that too much. try again in 10 minutes./)]);

    emu.inject('serverError', { times: 3, path: '/api/v1/me' });
    const down = await api([onEmulator(), '/api/v1/me'], {}, { extra: { retryDelay: 5 } });
    expect([down.status, down.err]).toEqual([8, expect.stringMatching(/answered 503/)]);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await api([`--emulator=http://127.0.0.1:${port}`, '/api/v1/me'], {}, { extra: { retryDelay: 5 } });
    expect([unreachable.status, unreachable.err]).toEqual([9, expect.stringMatching(/ECONNREFUSED/)]);

    const env = { SNOOPATH_CLIENT_ID: 'script-app-id', SNOOPATH_CLIENT_SECRET: 'script-app-secret', SNOOPATH_USERNAME: 'demo_user', SNOOPATH_PASSWORD: 'wrong-password' };
    secrets.add('wrong-password');
    const refused = await api(['--api-server', emu.url, '--auth-server', emu.url, '/api/v1/me'], env);
    expect([refused.status, refused.err]).toEqual([4, expect.stringMatching(/invalid_grant/)]);
  });

  it('--help prints the usage on stdout, exit 0', async () => {
    const run = await api(['--help']);
    expect(run.status).toBe(0);
    expect(run.out[0]).toMatch(/^Usage: snoopath api \[METHOD\] PATH/);
    expect(run.out[0]).toMatch(/Exit status: 0 done/);
  });
});
