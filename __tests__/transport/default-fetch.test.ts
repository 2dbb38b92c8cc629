import { describe, expect, it } from '@jest/globals';
import { isNode } from '../../lib/runtime/detect.js';
import { defaultFetch } from '../../lib/transport/default-fetch.js';
import { defaultFetch as browserFetch } from '../../lib/transport/default-fetch.browser.js';

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
});
