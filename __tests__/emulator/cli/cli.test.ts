import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { main, parseCliArgs, USAGE } from '../../../lib/emulator/cli/cli.js';

describe('parseCliArgs', () => {
  it('defaults', () => {
    expect(parseCliArgs([])).toEqual({ help: false, options: { port: 8080, host: '127.0.0.1', https: false } });
  });

  it('every option', () => {
    expect(parseCliArgs(['--port', '0', '--host', 'localhost', '--https', '--budget', '50', '--window', '60', '--seed', '3'])).toEqual({
      help: false,
      options: { port: 0, host: 'localhost', https: true, rateLimit: { budget: 50, window: 60 }, seed: 3 },
    });
    expect(parseCliArgs(['--budget', '10'])).toMatchObject({ options: { rateLimit: { budget: 10, window: 600 } } });
    expect(parseCliArgs(['--no-rate-limit'])).toMatchObject({ options: { rateLimit: false } });
    expect(parseCliArgs(['-h'])).toEqual({ help: true });
  });

  it('rejects bad input with a readable message', () => {
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow('--port must be an integer >= 0, got "abc"');
    expect(() => parseCliArgs(['--port', '70000'])).toThrow('--port must be at most 65535');
    expect(() => parseCliArgs(['--window', '0'])).toThrow('--window must be an integer >= 1');
    expect(() => parseCliArgs(['--no-rate-limit', '--budget', '5'])).toThrow('cannot be combined');
    expect(() => parseCliArgs(['--bogus'])).toThrow();
  });
});

describe('main', () => {
  it('starts an emulator and prints the URL and the demo credentials', async () => {
    const out: string[] = [];
    const emu = await main(['--port', '0', '--budget', '7', '--window', '60'], { out: (t) => out.push(t), signals: false });
    try {
      expect(emu).toBeDefined();
      const text = out.join('\n');
      expect(text).toContain(`listening on ${emu!.url}`);
      for (const s of ['script-app-id', 'script-app-secret', 'demo_user', 'demo_password', 'web-app-id', 'web-app-secret', 'installed-app-id', 'http://127.0.0.1/callback']) {
        expect(text).toContain(s);
      }
      const res = await fetch(`${emu!.url}/api/v1/access_token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('script-app-id:script-app-secret')}` },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      const { access_token } = (await res.json()) as { access_token: string };
      const listing = await fetch(`${emu!.url}/r/aww/hot`, { headers: { authorization: `bearer ${access_token}` } });
      expect(listing.headers.get('x-ratelimit-remaining')).toBe('6.0');
    } finally {
      await emu?.close();
    }
  });

  it('--help links the documentation by the repository\'s address: the package ships no docs/ folder', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files.some((f) => f.startsWith('docs'))).toBe(false);
    const links = USAGE.match(/https:\/\/\S+/g) ?? [];
    expect(links).toEqual(['https://github.com/snoopath/snoopath/blob/main/docs/emulator.md']);
    expect(existsSync(new URL('../../../docs/emulator.md', import.meta.url))).toBe(true);
    // No bare repository path: a user of the package could not open it.
    expect(USAGE.replace(links[0]!, '')).not.toMatch(/\bdocs\//);
  });

  it('prints usage for --help and an error for bad arguments', async () => {
    const out: string[] = [];
    const err: string[] = [];
    expect(await main(['--help'], { out: (t) => out.push(t), err: (t) => err.push(t), signals: false })).toBeUndefined();
    expect(out.join('')).toContain('Usage: snoopath-emulator');
    const saved = process.exitCode;
    expect(await main(['--port', 'x'], { out: (t) => out.push(t), err: (t) => err.push(t), signals: false })).toBeUndefined();
    expect(process.exitCode).toBe(2);
    process.exitCode = saved;
    expect(err.join('')).toContain('--port must be an integer');
  });

  it('prints the certificate with --https', async () => {
    const out: string[] = [];
    const emu = await main(['--port', '0', '--https'], { out: (t) => out.push(t), signals: false });
    try {
      expect(emu!.url).toMatch(/^https:/);
      expect(out.join('\n')).toContain('-----BEGIN CERTIFICATE-----');
    } finally {
      await emu?.close();
    }
  });
});
