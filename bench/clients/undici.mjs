// The fastest raw client: undici's request over a keep-alive Agent, with a bearer token and the same
// query a client would send; the body read whole as JSON. The floor snoopath's Node transport sits on.
import { Agent, request } from 'undici';

export const name = 'undici';

export async function create(ctx) {
  const { url, creds, userAgent } = ctx;
  const dispatcher = new Agent();
  let headers;
  const get = async (path) => {
    const res = await request(`${url}${path}`, { dispatcher, headers });
    if (res.statusCode !== 200) throw new Error(`undici: ${res.statusCode}`);
    return res.body.json();
  };
  return {
    async auth() {
      const res = await request(`${url}/api/v1/access_token`, {
        dispatcher,
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${creds.key}:${creds.secret}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': userAgent,
        },
        body: new URLSearchParams({ grant_type: 'password', username: creds.username, password: creds.password }).toString(),
      });
      const { access_token: token } = await res.body.json();
      if (!token) throw new Error('undici: no token');
      headers = { authorization: `bearer ${token}`, 'user-agent': userAgent };
    },
    getMe: () => get('/api/v1/me?api_type=json'),
    /** Walks a whole listing, following `after`; resolves to the number of items seen. */
    async walk(subreddit) {
      let after = null;
      let count = 0;
      do {
        const { data } = await get(`/r/${subreddit}/hot?limit=100&api_type=json${after ? `&after=${after}&count=${count}` : ''}`);
        count += data.children.length;
        after = data.after;
      } while (after);
      return count;
    },
  };
}
