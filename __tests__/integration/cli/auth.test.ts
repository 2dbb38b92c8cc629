/**
 * `snoopath auth` against the emulator, in process: the emulator approves authorize requests at
 * once, so "the browser" is a fetch of the printed URL that follows the redirect to the command's
 * loopback server, as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, createServer, type Server } from 'node:net';
import { main, type MainIo } from '../../../lib/cli/main.js';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());

const SECRETS = ['script-app-secret', 'web-app-secret', 'demo_password'];

interface Run {
  status: number;
  out: string[];
  err: string;
  /** The authorize URL the command printed (the code flow). */
  url?: string;
  /** What "the browser" was shown by the redirect server. */
  page?: { status: number; text: string };
}

/** Runs the command; `browser` is what the person does with the printed URL (nothing, by default). */
async function run(argv: string[], env: Record<string, string>, browser?: (url: string) => string | undefined, io: Partial<MainIo> = {}, servers = ['--auth-server', emu.url, '--api-server', emu.url]): Promise<Run> {
  const result: Run = { status: -1, out: [], err: '' };
  let visit: Promise<void> | undefined;
  const err = (text: string) => {
    result.err += `${text}\n`;
    const url = /^ {2}(http\S+)$/m.exec(text)?.[1];
    if (url && !result.url) {
      result.url = url;
      const target = browser?.(url);
      if (target) {
        visit = fetch(target).then(async (res) => void (result.page = { status: res.status, text: await res.text() }));
      }
    }
  };
  result.status = await main(['auth', ...argv, ...servers], {
    out: (text) => void result.out.push(text),
    err,
    env,
    ask: async () => undefined,
    ...io,
  });
  await visit;
  // Never a secret, in any line the person sees.
  for (const secret of SECRETS) expect(result.out.join('\n') + result.err).not.toContain(secret);
  return result;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const web = { SNOOPATH_CLIENT_ID: 'web-app-id', SNOOPATH_CLIENT_SECRET: 'web-app-secret' };
const script = { SNOOPATH_CLIENT_ID: 'script-app-id', SNOOPATH_CLIENT_SECRET: 'script-app-secret', SNOOPATH_USERNAME: 'demo_user', SNOOPATH_PASSWORD: 'demo_password' };
const approve = (url: string) => url;

describe('snoopath auth (code flow)', () => {
  it('prints the authorize URL, takes the redirect, and prints a refresh token that works', async () => {
    const r = await run(['--port', '0', '--scope', 'identity,read'], web, approve);
    expect(r.status).toBe(0);
    const url = new URL(r.url!);
    expect(url.origin + url.pathname).toBe(`${emu.url}/api/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'web-app-id', response_type: 'code', duration: 'permanent', scope: 'identity read' });
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/localhost:\d+$/);
    expect(r.err).toContain(`Redirect server listening on ${url.searchParams.get('redirect_uri')}`);
    expect(r.err).toContain('Approved by u/demo_user');
    expect(r.page).toEqual({ status: 200, text: expect.stringContaining('Access approved') });
    expect(r.out).toHaveLength(1);
    // The token is real: a refresh grant with it succeeds.
    const res = await fetch(`${emu.url}/api/v1/access_token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('web-app-id:web-app-secret')}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: r.out[0]! }),
    });
    expect(await res.json()).toMatchObject({ access_token: expect.any(String), scope: 'identity read' });
  });

  it('--open hands the URL to the browser opener; --json prints the result as JSON', async () => {
    const opened: string[] = [];
    let visit: Promise<Response> | undefined;
    const open = async (url: string) => {
      opened.push(url);
      visit = fetch(url);
      return true;
    };
    const r = await run(['--port', '0', '--open', '--json'], web, undefined, { open });
    await visit;
    expect(r.status).toBe(0);
    expect(opened).toEqual([r.url]);
    expect(r.err).toContain('Opened in your browser');
    expect(JSON.parse(r.out[0]!)).toEqual({ refresh_token: expect.any(String), username: 'demo_user', scope: '*' });
  });

  it('a temporary grant prints the access token instead', async () => {
    const r = await run(['--port', '0', '--duration', 'temporary', '--scope', 'read'], web, approve);
    expect(r.status).toBe(0);
    expect(r.err).toContain('no refresh token');
    expect(r.err).not.toContain('u/demo_user'); // no identity scope: the account is not asked for
    const listing = await fetch(`${emu.url}/r/aww/hot?limit=1`, { headers: { authorization: `bearer ${r.out[0]}` } });
    expect(listing.status).toBe(200);
  });

  it('a failing /api/v1/me after the exchange does not lose the token', async () => {
    emu.fault({ path: '/api/v1/me', status: 500, times: 3 });
    const r = await run(['--port', '0'], web, approve);
    emu.clearFaults();
    expect(r.status).toBe(0);
    expect(r.err).toContain('Approved. The refresh token follows');
    expect(r.out).toEqual([expect.stringMatching(/^\S+$/)]);
  });

  it('the person declining ends with an error, on the page and in the terminal', async () => {
    const r = await run(['--port', '0'], web, (url) => `${url}&deny=1`);
    expect(r.status).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toContain('declined');
    expect(r.page).toEqual({ status: 400, text: expect.stringContaining('declined') });
  });

  it('a request to the redirect URI that is not the answer (another state, none, a forged refusal) is answered 400, and the command keeps waiting', async () => {
    const strays: Array<{ status: number; text: string }> = [];
    let visit: Promise<unknown> | undefined;
    const open = async (url: string) => {
      const back = new URL(url).searchParams.get('redirect_uri')!;
      visit = (async () => {
        for (const stray of [`${back}?code=forged&state=forged`, `${back}?error=access_denied`, `${back}?error=access_denied&state=stale`, `${back}?code=forged`]) {
          const res = await fetch(stray);
          strays.push({ status: res.status, text: await res.text() });
        }
        return fetch(url); // then the person approves
      })();
      return true;
    };
    const r = await run(['--port', '0', '--open', '--timeout', '20'], web, undefined, { open });
    await visit;
    expect(strays.map((s) => s.status)).toEqual([400, 400, 400, 400]);
    expect(strays[1]!.text).toContain('keeps waiting');
    expect(r.status).toBe(0);
    expect(r.out).toEqual([expect.stringMatching(/^\S+$/)]);
    expect(r.err.match(/Ignored a request to the redirect URI/g)).toHaveLength(4);
    expect(r.err).not.toContain('declined');
  });

  it('a request with an invalid Host header gets an answer, and the command keeps waiting', async () => {
    let visit: Promise<unknown> | undefined;
    const raw = (port: string, host: string) => new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET /?code=x&state=y HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
      let answer = '';
      socket.on('data', (chunk) => void (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    const answers: string[] = [];
    const open = async (url: string) => {
      const { port } = new URL(new URL(url).searchParams.get('redirect_uri')!);
      visit = (async () => {
        for (const host of ['[', 'a b', '%', '[::1']) answers.push((await raw(port, host)).split('\r\n')[0]!);
        return fetch(url);
      })();
      return true;
    };
    const r = await run(['--port', '0', '--open', '--timeout', '20'], web, undefined, { open });
    await visit;
    expect(answers).toHaveLength(4);
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(r.status).toBe(0);
  });

  it('gives up after --timeout when nobody approves', async () => {
    const r = await run(['--port', '0', '--timeout', '1'], web);
    expect(r.status).toBe(1);
    expect(r.err).toContain('No approval arrived within 1 s');
  });

  it('a port in use is named, with the way out', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const r = await run(['--redirect-uri', `http://127.0.0.1:${port}/cb`], web);
      expect(r.status).toBe(1);
      expect(r.err).toContain(`cannot listen on 127.0.0.1:${port}: the port is in use`);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('asks for a missing secret (hidden), and says what to set when nobody can answer', async () => {
    const asked: Array<[string, boolean]> = [];
    const ask = async (question: string, hidden: boolean) => {
      asked.push([question, hidden]);
      return 'web-app-secret';
    };
    const ok = await run(['--port', '0', '--client-id', 'web-app-id'], {}, approve, { ask });
    expect(ok.status).toBe(0);
    expect(asked).toEqual([['Client secret of the app: ', true]]);
    const missing = await run(['--port', '0', '--client-id', 'web-app-id'], {});
    expect(missing.status).toBe(1);
    expect(missing.err).toContain('set SNOOPATH_CLIENT_SECRET');
  });
});

describe('snoopath auth --script', () => {
  it('checks the credentials: the password grant, then /api/v1/me; the token is revoked after', async () => {
    emu.clearLog();
    const r = await run(['--script'], script);
    expect(r).toMatchObject({ status: 0, out: ['u/demo_user'] });
    expect(r.err).toContain('Credentials OK');
    expect(emu.requests.map((q) => `${q.path} ${q.status}`)).toEqual(['/api/v1/access_token 200', '/api/v1/me 200', '/api/v1/revoke_token 204']);
    expect(emu.requests[0]!.headers['user-agent']).toBe('cli:snoopath-auth:3.0.0');
  });

  it('a wrong password fails with the reason in the command\'s terms, never the password', async () => {
    const r = await run(['--script', '--json'], { ...script, SNOOPATH_PASSWORD: 'not-the-password' });
    expect(r.status).toBe(1);
    expect(r.err).toContain('invalid_grant');
    expect(r.err).toContain('SNOOPATH_PASSWORD');
    expect(r.err).not.toMatch(/oauth\.|\bcode or refresh token|codes are single use/);
    expect(r.err).not.toContain('not-the-password');
  });

  it('a wrong secret names SNOOPATH_CLIENT_SECRET; a web app\'s credentials say that --script is for script apps', async () => {
    const secret = await run(['--script'], { ...script, SNOOPATH_CLIENT_SECRET: 'not-the-secret' });
    expect(secret.status).toBe(1);
    expect(secret.err).toMatch(/invalid_client\): check SNOOPATH_CLIENT_ID and SNOOPATH_CLIENT_SECRET/);
    const webApp = await run(['--script'], { ...script, ...web });
    expect(webApp.status).toBe(1);
    expect(webApp.err).toContain('--script checks the credentials of script apps');
    expect(secret.err + webApp.err).not.toMatch(/oauth\.|authServerUri/);
  });

  it('a server that does not answer is named by its flag: --auth-server for the token request, --api-server for API calls', async () => {
    const closed = await closedPort();
    const auth = await run(['--script'], script, undefined, {}, ['--auth-server', `http://127.0.0.1:${closed}`, '--api-server', emu.url]);
    expect(auth.status).toBe(1);
    expect(auth.err).toContain(`POST http://127.0.0.1:${closed}/api/v1/access_token failed (ECONNREFUSED). Token requests go to --auth-server (given as http://127.0.0.1:${closed}): check it, and the network.`);
    const api = await run(['--script'], script, undefined, {}, ['--auth-server', emu.url, '--api-server', `http://127.0.0.1:${closed}`]);
    expect(api.status).toBe(1);
    expect(api.err).toContain(`GET http://127.0.0.1:${closed}/api/v1/me failed (ECONNREFUSED). API calls go to --api-server (given as http://127.0.0.1:${closed}): check it, and the network.`);
    // The library's retry lines come to stderr in the command's terms too.
    expect(api.err).toMatch(/^snoopath: Retry 1 in 1 s: GET \S+\/api\/v1\/me failed \(ECONNREFUSED\): check the network, or --api-server\/--auth-server\.$/m);
    expect(auth.err + api.err).not.toMatch(/apiServerUri|authServerUri/);
  });

  it('a bad --auth-server value is named by its flag', async () => {
    const r = await run(['--script'], script, undefined, {}, ['--auth-server', 'http://example.org', '--api-server', emu.url]);
    expect(r.status).toBe(1);
    expect(r.err).toMatch(/^snoopath auth: --auth-server uses plain http for "example.org"/m);
  });

  it('flags work too, with a note that they stay in the shell history', async () => {
    const r = await run(['--script', '--json', '--client-id', 'script-app-id', '--client-secret', 'script-app-secret', '--username', 'demo_user', '--password', 'demo_password'], {});
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out[0]!)).toEqual({ ok: true, username: 'demo_user', scope: '*' });
    expect(r.err).toContain('--client-secret stays in your shell history');
    expect(r.err).toContain('--password stays in your shell history');
  });
});

describe('snoopath', () => {
  it('usage, version and unknown commands', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
    expect(await main(['--version'], io)).toBe(0);
    expect(await main(['--help'], io)).toBe(0);
    expect(await main(['auth', '--help'], io)).toBe(0);
    expect(out[0]).toBe('3.0.0');
    expect(out[1]).toContain('Usage: snoopath <command>');
    expect(out[2]).toContain('SNOOPATH_CLIENT_SECRET');
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(await main([], io)).toBe(2);
    expect(await main(['auth', '--port'], io)).toBe(2);
    expect(err.join('\n')).toContain('unknown command "frobnicate"');
  });
});
