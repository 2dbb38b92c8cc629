import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../lib/errors/classes.js';
import { isNode } from '../../lib/runtime/detect.js';
import { defaultFetch, originsToWarm } from '../../lib/transport/default-fetch.js';
import { defaultFetch as browserFetch, originsToWarm as browserOrigins } from '../../lib/transport/default-fetch.browser.js';

const modules = { undici: () => import('../../lib/transport/undici/fetch.js'), agents: () => import('../../lib/transport/undici/agent.js') };

describe('which transport an instance gets by default', () => {
  it('in Node: the undici transport, one function shared by every instance without a proxy', () => {
    expect(isNode).toBe(true);
    expect(defaultFetch(modules)).toBe(defaultFetch(modules));
    expect(defaultFetch(modules, 'http://proxy.example:3128')).not.toBe(defaultFetch(modules));
  });

  it('the browser bundles: the runtime fetch, whatever the instance', async () => {
    const saved = globalThis.fetch;
    const seen: unknown[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      seen.push(input);
      return new Response('ok');
    }) as typeof fetch;
    try {
      expect(await (await browserFetch()('https://example.test/x')).text()).toBe('ok');
    } finally {
      globalThis.fetch = saved;
    }
    expect(seen).toEqual(['https://example.test/x']);
  });

  describe('when the transport cannot be loaded, the send rejects with a ConfigError (not a network failure, so not retried) and the next send loads again', () => {
    const missing = () => Object.assign(new Error("Cannot find module 'undici/lib/api/api-request.js'"), { code: 'MODULE_NOT_FOUND' });

    it('the transport module itself', async () => {
      let broken = true;
      const failing = { ...modules, undici: async () => (broken ? Promise.reject(missing()) : modules.undici()) };
      // A proxy gives an instance a transport of its own (the direct one is shared by the process).
      const send = defaultFetch(failing, 'http://127.0.0.1:9');
      const error = await send('http://127.0.0.1:9/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'fetch', message: expect.stringContaining('(undici) could not be loaded (MODULE_NOT_FOUND): install the project') });
      expect((error as Error).cause).toMatchObject({ code: 'MODULE_NOT_FOUND' });
      // Loaded this time: whatever the send does next, it is not the load failure.
      broken = false;
      const second = await send('http://127.0.0.1:9/x', { signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(second).not.toBeInstanceOf(ConfigError);
      expect(second).toMatchObject({ name: 'AbortError' });
    });

    it('undici, or the agent it makes', async () => {
      const { createUndiciFetch } = await modules.undici();
      const send = createUndiciFetch(() => Promise.reject(missing()));
      await expect(send('http://127.0.0.1:9/x')).rejects.toThrow(ConfigError);
      await expect(send('http://127.0.0.1:9/x')).rejects.toMatchObject({ option: 'fetch', cause: { code: 'MODULE_NOT_FOUND' } });
    });
  });
});

describe('which connections an instance\'s first call opens ahead', () => {
  const API = 'https://oauth.reddit.com';
  const WWW = 'https://www.reddit.com';
  const base = { apiServerUri: API, authServerUri: WWW, oauth: { type: 'script' } };
  it.each([
    ['credentials, no token held: the token host and the API host', base, false, [API, WWW]],
    ['a token held: the API host', base, true, [API]],
    ['a token store (the token is likely there): the API host', { ...base, tokenStore: {} }, false, [API]],
    ['cookie mode (no token request): the API host', { apiServerUri: API, authServerUri: WWW }, false, [API]],
    ["the application's own fetch: none", { ...base, fetch: () => undefined }, false, []],
    ['a proxy: none', { ...base, proxy: 'env' }, false, []],
  ])('%s', (_, options, tokenHeld, origins) => {
    expect(originsToWarm(options, tokenHeld)).toEqual(origins);
  });

  it('none in the browser bundles', () => {
    expect(browserOrigins()).toEqual([]);
  });
});
