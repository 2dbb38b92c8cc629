import { describe, expect, it } from '@jest/globals';
import { parseAuthArgs } from '../../lib/cli/auth/args.js';
import { openerFor } from '../../lib/cli/open.js';

const env = { SNOOPATH_CLIENT_ID: 'id-from-env' };
const command = (argv: string[], e: Record<string, string | undefined> = env) => {
  const parsed = parseAuthArgs(argv, e);
  if (parsed.help) throw new Error('unexpected help');
  return parsed.command;
};

describe('snoopath auth: arguments', () => {
  it('defaults: the code flow on http://localhost:8080, every scope, a permanent grant', () => {
    expect(command([])).toEqual({
      flow: 'code', clientId: 'id-from-env', scope: '*', duration: 'permanent', redirectUri: 'http://localhost:8080',
      open: false, timeoutMs: 300_000, json: false, secretFlags: [],
    });
  });

  it('flags win over the environment; secrets come from either', () => {
    const c = command(['--client-id', 'flag-id', '--script', '--username', 'u'], { ...env, SNOOPATH_CLIENT_SECRET: 's', SNOOPATH_USERNAME: 'env-user', SNOOPATH_PASSWORD: 'p' });
    expect(c).toMatchObject({ flow: 'script', clientId: 'flag-id', clientSecret: 's', username: 'u', password: 'p', secretFlags: [] });
  });

  it('notes secrets given as flags (they stay in the shell history)', () => {
    expect(command(['--client-secret', 's', '--script', '--password', 'p']).secretFlags).toEqual(['--client-secret', '--password']);
  });

  it.each([
    [['--scope', 'identity,read'], ['identity', 'read']],
    [['--scope', 'identity read  submit'], ['identity', 'read', 'submit']],
    [['--scope', 'identity,*'], '*'],
  ])('scopes %j', (argv, scope) => {
    expect(command(argv).scope).toEqual(scope);
  });

  it.each([
    [['--port', '0'], 'http://localhost:0'],
    [['--port', '65010'], 'http://localhost:65010'],
    [['--redirect-uri', 'http://127.0.0.1:9000/auth/callback'], 'http://127.0.0.1:9000/auth/callback'],
    [['--redirect-uri', 'http://[::1]:9000'], 'http://[::1]:9000'],
  ])('redirect URI from %j, kept to the letter', (argv, uri) => {
    expect(command(argv).redirectUri).toBe(uri);
  });

  it('other options', () => {
    expect(command(['--duration', 'temporary', '--open', '--timeout', '5', '--json', '--user-agent', 'ua', '--auth-server', 'http://127.0.0.1:1', '--api-server', 'http://127.0.0.1:2']))
      .toMatchObject({ duration: 'temporary', open: true, timeoutMs: 5000, json: true, userAgent: 'ua', authServerUri: 'http://127.0.0.1:1', apiServerUri: 'http://127.0.0.1:2' });
    expect(parseAuthArgs(['-h'], {})).toEqual({ help: true });
  });

  it.each([
    [[], {}, 'client id is missing'],
    [['--port', 'x'], env, '--port must be a whole number from 0 to 65535, got "x"'],
    [['--port', '70000'], env, '--port must be a whole number'],
    [['--port', '1', '--redirect-uri', 'http://localhost:1'], env, 'not both'],
    [['--redirect-uri', 'https://localhost:8080'], env, 'must be http://localhost'],
    [['--redirect-uri', 'http://example.com/cb'], env, 'must be http://localhost'],
    [['--redirect-uri', 'localhost:8080'], env, 'must be http://localhost'],
    [['--redirect-uri', 'not a uri'], env, 'must be a full URI'],
    [['--duration', 'forever'], env, '--duration must be permanent or temporary'],
    [['--scope', ' , '], env, '--scope needs at least one scope'],
    [['--timeout', '0'], env, '--timeout must be a whole number from 1'],
    [['--script', '--open'], env, 'belong to the code flow'],
    [['--bogus'], env, "Unknown option '--bogus'"],
    [['extra'], env, 'positional'],
  ] as const)('rejects %j with a readable message', (argv, e, message) => {
    expect(() => parseAuthArgs(argv, e)).toThrow(message);
  });
});

describe('snoopath auth --open: the opener of each platform', () => {
  it.each([
    ['linux', ['xdg-open', ['http://x/?a=1&b=2']]],
    ['darwin', ['open', ['http://x/?a=1&b=2']]],
    ['win32', ['cmd', ['/c', 'start', '""', 'http://x/?a=1^&b=2']]],
  ] as const)('%s', (platform, expected) => {
    expect(openerFor(platform, 'http://x/?a=1&b=2')).toEqual(expected);
  });
});
