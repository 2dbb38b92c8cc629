// The floor: plain fetch (undici) with a bearer token and the same query a client would send.
export const name = 'fetch';

export async function create(ctx) {
  const { url, creds, userAgent } = ctx;
  let headers;
  return {
    async auth() {
      const res = await fetch(`${url}/api/v1/access_token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${creds.key}:${creds.secret}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': userAgent,
        },
        body: new URLSearchParams({ grant_type: 'password', username: creds.username, password: creds.password }).toString(),
      });
      const { access_token: token } = await res.json();
      if (!token) throw new Error('fetch: no token');
      headers = { authorization: `bearer ${token}`, 'user-agent': userAgent };
    },
    async getMe() {
      const res = await fetch(`${url}/api/v1/me?api_type=json`, { headers });
      if (!res.ok) throw new Error(`fetch: ${res.status}`);
      return res.json();
    },
    /** Walks a whole listing, following `after`; resolves to the number of items seen. */
    async walk(subreddit) {
      let after = null;
      let count = 0;
      do {
        const q = `limit=100&api_type=json${after ? `&after=${after}&count=${count}` : ''}`;
        const res = await fetch(`${url}/r/${subreddit}/hot?${q}`, { headers });
        if (!res.ok) throw new Error(`fetch: ${res.status}`);
        const { data } = await res.json();
        count += data.children.length;
        after = data.after;
      } while (after);
      return count;
    },
  };
}
