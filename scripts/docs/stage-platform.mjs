// The stage's network (installed as the global fetch by scripts/docs/stage-run.mjs): requests to the
// platform's hosts go to the stage's emulator, with the docs' placeholder post ids made the stage's
// thread; loopback is reachable as it is; nothing else. It also watches what a block writes to the
// platform: a block that answers a comment it wrote itself loops on its own output (a bot replying to
// its own replies, for ever, is a spam chain on the platform), and no example writes more than
// WRITE_CAP times: either ends the run at once, with the reason.
import { PLACEHOLDER_POSTS, PLATFORM_HOSTS } from './stage.mjs';

export const WRITE_CAP = 100;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;
const TOKEN_PATHS = new Set(['/api/v1/access_token', '/api/v1/revoke_token']);

/** `abc123`, `t3_abc123` and lists of them, made the thread's id. @param {string} value @param {string} id */
const realId = (value, id) => value.split(',').map((v) => (PLACEHOLDER_POSTS.includes(v) ? id : PLACEHOLDER_POSTS.some((p) => v === `t3_${p}`) ? `t3_${id}` : v)).join(',');
/** @param {URLSearchParams} params @param {string} id */
const realParams = (params, id) => new URLSearchParams([...params].map(([k, v]) => [k, realId(v, id)]));

/**
 * A media lease names the storage host protocol-relative (`//host/`), meaning the API's scheme: https
 * on the platform, which the stage plays over plain http. Its storage host is plain http on loopback too.
 * @param {Response} response
 */
async function plainStorage(response) {
  const lease = await response.json();
  if (typeof lease?.args?.action === 'string' && lease.args.action.startsWith('//')) lease.args.action = `http:${lease.args.action}`;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(JSON.stringify(lease), { status: response.status, statusText: response.statusText, headers });
}

/**
 * @param {{ url: string, posts: Array<{ id: string }> }} emulator the stage's emulator; its first post is the placeholders' thread
 * @param {typeof fetch} realFetch
 * @param {(why: string) => never} fail ends the run
 * @returns {typeof fetch}
 */
export function platformFetch(emulator, realFetch, fail) {
  const thread = emulator.posts[0].id;
  /** Comments the block wrote (their fullnames, from the platform's answers). */
  const own = new Set();
  let writes = 0;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (LOOPBACK.test(url.hostname)) return realFetch(request);
    if (!PLATFORM_HOSTS.includes(url.host)) throw new TypeError(`docs stage: ${url.host} is not reachable from a docs example (only the platform's hosts, served by the emulator, and loopback)`);
    const path = url.pathname.split('/').map((segment) => realId(segment, thread)).join('/');
    const query = realParams(url.searchParams, thread).toString();
    const headers = new Headers(request.headers);
    let body;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      body = await request.text();
      if (/^application\/x-www-form-urlencoded/.test(headers.get('content-type') ?? '')) body = realParams(new URLSearchParams(body), thread).toString();
      headers.delete('content-length');
      if (!TOKEN_PATHS.has(path) && ++writes > WRITE_CAP) fail(`the block wrote to the platform more than ${WRITE_CAP} times (${request.method} ${path}): an example that keeps writing is a spam run on the platform`);
      const parent = new URLSearchParams(body).get('thing_id');
      if (path === '/api/comment' && own.has(parent)) fail(`the block answered ${parent}, a comment it wrote itself: it loops on its own output (its replies come back through its stream, and it answers them for ever). Leave out the account's own items`);
    }
    const response = await realFetch(`${emulator.url}${path}${query ? `?${query}` : ''}`, { method: request.method, headers, body, signal: request.signal, redirect: request.redirect });
    if (path === '/api/comment' && response.ok) {
      const answer = await response.clone().json().catch(() => undefined);
      for (const thing of answer?.json?.data?.things ?? []) if (thing?.data?.name) own.add(thing.data.name);
    }
    return path === '/api/media/asset.json' && response.ok ? plainStorage(response) : response;
  };
}
