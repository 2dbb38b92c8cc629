// ky alone, on the platform's fetch, with the hooks a client needs (User-Agent, bearer token) and
// ky's own retry and timeout defaults: what snoopath would cost if it added nothing to ky.
import ky from 'ky';

export const name = 'ky';

export async function create(ctx) {
  const { url, creds, userAgent } = ctx;
  let token;
  const api = ky.create({
    prefix: url,
    hooks: {
      beforeRequest: [({ request }) => {
        request.headers.set('user-agent', userAgent);
        if (token) request.headers.set('authorization', `bearer ${token}`);
      }],
    },
  });
  return {
    async auth() {
      const answer = await ky.post(`${url}/api/v1/access_token`, {
        headers: { authorization: `Basic ${btoa(`${creds.key}:${creds.secret}`)}`, 'user-agent': userAgent },
        body: new URLSearchParams({ grant_type: 'password', username: creds.username, password: creds.password }),
      }).json();
      token = answer.access_token;
      if (!token) throw new Error('ky: no token');
    },
    getMe: () => api.get('api/v1/me', { searchParams: { api_type: 'json' } }).json(),
    async walk(subreddit) {
      let after = null;
      let count = 0;
      do {
        const { data } = await api.get(`r/${subreddit}/hot`, { searchParams: { limit: 100, api_type: 'json', ...(after ? { after, count } : {}) } }).json();
        count += data.children.length;
        after = data.after;
      } while (after);
      return count;
    },
  };
}
