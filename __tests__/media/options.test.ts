/** Media options are checked like call options, with their schemas, before anything is read or sent. */
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../lib/errors/classes.js';
import type { MediaHost } from '../../lib/media/host.js';
import { submitMedia, uploadMedia } from '../../lib/media/index.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** A host that records every request: none may be made. */
function host(): MediaHost & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    options: { apiServerUri: 'https://oauth.reddit.com', requestTimeout: 20_000 },
    request: async (verb, path) => void sent.push(`${verb} ${path}`),
    sendElsewhere: async (request) => (sent.push(`${request.method} ${request.url}`), { text: '', sends: 1 }),
  };
}

const image = { sr: 'pics', title: 'A cat', kind: 'image' as const, file: PNG, name: 'cat.png' };

describe('submitMedia options', () => {
  it.each<[string, unknown, string, RegExp]>([
    ['timeout: Infinity', { timeout: Infinity }, 'timeout', /^Media option timeout must be a whole number of milliseconds above 0; got Infinity\.$/],
    ['timeout: 0', { timeout: 0 }, 'timeout', /timeout must be a whole number of milliseconds above 0; got 0/],
    ['timeout past the longest timer', { timeout: 2 ** 31 }, 'timeout', /timeout must be at most 2147483647 ms .* got 2147483648/],
    ['requestTimeout: 3e9', { requestTimeout: 3e9 }, 'requestTimeout', /^Media option requestTimeout must be at most 2147483647 ms .*; got 3000000000\.$/],
    ['requestTimeout as a string', { requestTimeout: '5000' }, 'requestTimeout', /requestTimeout must be a whole number of milliseconds above 0; got "5000"/],
    ['retryAttempts: -5', { retryAttempts: -5 }, 'retryAttempts', /retryAttempts must be a whole number, 0 or more; got -5/],
    ['retryDelay: 1.5', { retryDelay: 1.5 }, 'retryDelay', /retryDelay must be a whole number of milliseconds/],
    ['signal: {}', { signal: {} }, 'signal', /signal must be an AbortSignal/],
    ['waitForResult: "yes"', { waitForResult: 'yes' }, 'waitForResult', /waitForResult must be true or false; got "yes"/],
    ['WebSocket: {}', { WebSocket: {} }, 'WebSocket', /WebSocket must be a WebSocket class/],
    ['limits: 5', { limits: 5 }, 'limits', /limits must be an object/],
    ['a misspelt name', { timeOut: 5000 }, 'timeOut', /^Unknown media option timeOut\. Did you mean timeout\?/],
    ['null', null, 'options', /^Media options must be an object such as \{ requestTimeout: 5000 \}, or left out; got null\.$/],
  ])('%s: ConfigError naming it, nothing sent', async (_, options, option, message) => {
    const h = host();
    const error = await submitMedia(h, image, options as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ option });
    expect((error as Error).message).toMatch(message);
    expect(h.sent).toEqual([]);
  });

  it('checked before the post itself: a bad option wins over a bad post', async () => {
    const error = await submitMedia(host(), { sr: '', title: '', kind: 'image', file: PNG }, { timeout: -1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ConfigError', option: 'timeout' });
  });
});

describe('uploadMedia options', () => {
  it.each<[string, unknown, RegExp]>([
    ['requestTimeout: Infinity', { requestTimeout: Infinity }, /requestTimeout must be a whole number of milliseconds above 0; got Infinity/],
    ['name: 5', { name: 5 }, /name must be a file name such as "cat.png"; got 5/],
    ['a submit-only option', { waitForResult: true }, /^Unknown media option waitForResult\./],
  ])('%s: ConfigError, nothing sent', async (_, options, message) => {
    const h = host();
    const error = await uploadMedia(h, PNG, options as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect(h.sent).toEqual([]);
  });
});
