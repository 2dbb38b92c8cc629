import { describe, expect, it } from '@jest/globals';
import { defaultFetch, isNode, retrying } from '../../lib/transport/default-fetch.js';
import { defaultFetch as browserFetch, isNode as browserIsNode } from '../../lib/transport/default-fetch.browser.js';

describe('which transport an instance gets by default', () => {
  it('in Node: the undici transport, one function shared by every instance without a proxy', () => {
    expect(isNode).toBe(true);
    expect(defaultFetch()).toBe(defaultFetch());
    expect(defaultFetch('http://proxy.example:3128')).not.toBe(defaultFetch());
  });

  it('the browser bundles: the runtime fetch, whatever the instance', async () => {
    expect(browserIsNode).toBe(false);
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

describe('loading the transport', () => {
  it('a load that failed is tried again by the next caller, and a success is kept', async () => {
    let calls = 0;
    const load = retrying(async () => {
      calls++;
      if (calls === 1) throw new Error('refused once');
      return { loaded: calls };
    });
    await expect(load()).rejects.toThrow('refused once');
    await expect(load()).resolves.toEqual({ loaded: 2 });
    await expect(load()).resolves.toEqual({ loaded: 2 });
    expect(calls).toBe(2);
  });
});
