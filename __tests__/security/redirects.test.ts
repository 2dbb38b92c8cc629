/**
 * Redirect traps: no credential ever follows a redirect to another origin, for API calls, token
 * and revoke requests alike; same-origin GET/HEAD redirects are followed (at most 5), others refused.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { ResponseError } from '../../lib/index.js';
import { client, failure, requestsTo, start, TOKEN_PATH, REVOKE_PATH } from '../integration/setup.js';
import { startTrap, type Trap } from '../support/trap.js';

const ME = '/api/v1/me';
const PASSWORD = 'demo_password';
const SECRET = 'script-app-secret';

let trap: Trap;
afterEach(async () => trap?.close());

/** A redirect fault: the next matching request answers `status` with Location `to`. */
const redirect = (path: string, status: number, to: string, extra: Record<string, unknown> = {}) => ({ path, status, headers: { location: to }, body: '', ...extra });

describe('a redirect to another origin is never followed', () => {
  it.each([301, 302, 303, 307, 308])('an API GET answered %i: ResponseError naming the origin, nothing sent there', async (status) => {
    const emu = await start();
    trap = await startTrap();
    const reddit = client(emu);
    await reddit.auth();
    const reported: ResponseError[] = [];
    reddit.on('response_error', (e) => reported.push(e));
    emu.fault(redirect(ME, status, `${trap.url}/steal`));
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(status);
    expect(error.message).toContain(trap.url);
    expect(error.message).toMatch(/another origin/);
    expect(trap.received).toHaveLength(0);
    expect(reported.map((e) => e.status)).toEqual([status]);
    // Refused at once: not retried, not followed.
    expect(requestsTo(emu, ME)).toHaveLength(1);
  });

  it('an API POST answered 307 to another origin: refused, the body goes nowhere else', async () => {
    const emu = await start();
    trap = await startTrap();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault(redirect('/api/comment', 307, `${trap.url}/steal`));
    const error = await failure(reddit('/api/comment').post({ thing_id: 't3_x', text: 'hello' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toContain(trap.url);
    expect(trap.received).toHaveLength(0);
    expect(requestsTo(emu, '/api/comment')).toHaveLength(1);
  });

  it.each([307, 308])('the password grant answered %i to another origin: no password, secret or Basic value reaches it', async (status) => {
    const emu = await start();
    trap = await startTrap();
    const reddit = client(emu);
    emu.fault(redirect(TOKEN_PATH, status, `${trap.url}${TOKEN_PATH}`));
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toContain(trap.url);
    expect(trap.received).toHaveLength(0);
    expect(JSON.stringify(error) + error.message + String(error.stack)).not.toContain(PASSWORD);
    expect(reddit.hasAccessToken()).toBe(false);
  });

  it('an application-only grant needed by a call, redirected elsewhere: the call rejects, nothing sent there', async () => {
    const emu = await start();
    trap = await startTrap();
    const reddit = client(emu, 'explicit');
    emu.fault(redirect(TOKEN_PATH, 302, `${trap.url}/login`));
    const error = await failure(reddit('/r/$subreddit/about').get({ $subreddit: 'aww' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(trap.received).toHaveLength(0);
  });

  it('a revoke request redirected elsewhere: refused, the token goes nowhere else', async () => {
    const emu = await start();
    trap = await startTrap();
    const reddit = client(emu);
    await reddit.auth();
    const token = reddit.getAccessToken()!;
    emu.fault(redirect(REVOKE_PATH, 307, `${trap.url}${REVOKE_PATH}`));
    const error = await failure(reddit.deauth());
    expect(error).toBeInstanceOf(ResponseError);
    expect(trap.received).toHaveLength(0);
    expect(error.message).not.toContain(token);
  });

  it('with a custom fetch that would follow redirects and keep every header, still nothing reaches the other host', async () => {
    const emu = await start();
    trap = await startTrap();
    const seen: Array<{ url: string; redirect: string | undefined; requestRedirect: string }> = [];
    // A naive proxy fetch: copies the request, init included, and lets fetch do the rest.
    const naive: typeof fetch = async (input, init) => {
      const request = input as Request;
      seen.push({ url: request.url, redirect: init?.redirect, requestRedirect: request.redirect });
      return fetch(new Request(request, init));
    };
    const reddit = client(emu, 'script', { fetch: naive });
    emu.fault(redirect(TOKEN_PATH, 307, `${trap.url}${TOKEN_PATH}`));
    await failure(reddit.auth());
    await reddit.auth();
    emu.fault(redirect(ME, 307, `${trap.url}/steal`));
    await failure(reddit(ME).get());
    emu.fault(redirect(REVOKE_PATH, 308, `${trap.url}/steal`));
    await failure(reddit.deauth());
    expect(trap.received).toHaveLength(0);
    // API, token and revoke requests alike: the custom fetch was told not to follow.
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const s of seen) expect(s).toMatchObject({ redirect: 'manual', requestRedirect: 'manual' });
    expect(seen.some((s) => s.url.endsWith(REVOKE_PATH))).toBe(true);
  });

  it('a custom fetch that follows a redirect anyway: the other origin\'s answer is refused', async () => {
    const emu = await start();
    trap = await startTrap();
    const reddit = client(emu, 'script', {
      fetch: async (input, init) => {
        const request = input as Request;
        if (new URL(request.url).pathname !== ME) return fetch(request, init);
        // As a fetch that ignores redirect: 'manual' would answer after following to another host.
        const answer = new Response(JSON.stringify({ name: 'trap' }), { status: 200, headers: { 'content-type': 'application/json' } });
        Object.defineProperty(answer, 'redirected', { value: true });
        Object.defineProperty(answer, 'url', { value: `${trap.url}/steal` });
        return answer;
      },
    });
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toContain(trap.url);
    expect(error.message).toMatch(/redirect: 'manual'/);
  });

  it('an opaque redirect (what a browser gives for redirect: "manual") rejects with a clear ResponseError', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', {
      fetch: async (input, init) => {
        const request = input as Request;
        if (new URL(request.url).pathname !== ME) return fetch(request, init);
        const opaque = Response.error();
        Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
        return opaque;
      },
    });
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/redirect/);
    expect(error.message).toMatch(/browser/);
  });
});

describe('same-origin redirects', () => {
  it('a GET follows a same-origin 302 with its credentials (the platform\'s 302 for an unknown subreddit is SUBREDDIT_NOT_FOUND instead)', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault(redirect('/r/aww/wiki/old', 302, `${ME}?q=aw`));
    await expect(reddit('/r/aww/wiki/old').get()).resolves.toMatchObject({ name: 'demo_user' });
    const hop = requestsTo(emu, ME);
    expect(hop).toHaveLength(1);
    expect(hop[0]!.headers.authorization).toMatch(/^bearer /);
    expect(hop[0]!.query.q).toBe('aw');
    await expect(reddit('/r/$subreddit/about').get({ $subreddit: 'aw' })).rejects.toMatchObject({ code: 'SUBREDDIT_NOT_FOUND' });
    expect(requestsTo(emu, '/subreddits/search')).toHaveLength(0);
  });

  it('a HEAD follows a same-origin redirect too', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault(redirect('/old-me', 301, `${emu.url}${ME}`, { method: 'HEAD' }));
    await expect(reddit('/old-me').head()).resolves.toBe('');
    expect(requestsTo(emu, ME, 'HEAD')).toHaveLength(1);
  });

  it('a POST redirected on the same origin is refused, sent once', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault(redirect('/api/vote', 307, '/api/vote2'));
    const error = await failure(reddit('/api/vote').post({ id: 't3_x', dir: 1 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toMatch(/only GET and HEAD/);
    expect(error.message).toContain('/api/vote2');
    expect(requestsTo(emu, '/api/vote')).toHaveLength(1);
    expect(requestsTo(emu, '/api/vote2')).toHaveLength(0);
  });

  it('follows at most 5 redirects: the 6th is refused', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault(redirect(ME, 302, ME, { times: 20 }));
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toMatch(/more than 5 times/);
    expect(requestsTo(emu, ME)).toHaveLength(6);
  });

  it('each hop is paced and authorized again with the current token', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    const old = reddit.getAccessToken();
    emu.fault(redirect('/moved', 302, ME));
    await expect(reddit('/moved').get()).resolves.toMatchObject({ name: 'demo_user' });
    const hop = requestsTo(emu, ME)[0]!;
    expect(hop.headers.authorization).toBe(`bearer ${old}`);
    expect(hop.headers['user-agent']).toMatch(/snoopath-integration/);
  });
});

it('the secret never appears in what the emulator recorded of a refused token redirect', async () => {
  const emu = await start();
  trap = await startTrap();
  const reddit = client(emu);
  emu.fault(redirect(TOKEN_PATH, 307, `${trap.url}${TOKEN_PATH}`));
  const error = await failure(reddit.auth());
  expect(trap.all()).not.toContain(SECRET);
  expect(String(error.body)).not.toContain(SECRET);
});
