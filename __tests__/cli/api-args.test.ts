/** `snoopath api`'s command line, read without running anything. */
import { describe, expect, it } from '@jest/globals';
import { parseApiArgs, type ApiCommand } from '../../lib/cli/api/args.js';
import { exitStatus } from '../../lib/cli/api/command.js';
import { CredentialsError } from '../../lib/cli/api/credentials.js';
import { ArgumentError, AuthError, NetworkError, ResponseError, TimeoutError } from '../../lib/index.js';

const command = (argv: string[]): ApiCommand => {
  const parsed = parseApiArgs(argv);
  if (parsed.help) throw new Error('help');
  return parsed.command;
};

describe('METHOD PATH and fields', () => {
  it.each([
    [['/api/v1/me'], { method: 'GET', path: '/api/v1/me', args: {}, mode: 'once', raw: false, jsonBody: false }],
    [['post', '/api/comment', '-f', 'text=a=b', '-f', 'thing_id=t3_x'], { method: 'POST', path: '/api/comment', args: { text: 'a=b', thing_id: 't3_x' } }],
    [['/r/$subreddit/new', '-f', '$subreddit=aww', '--paginate'], { args: { $subreddit: 'aww' }, mode: 'paginate' }],
    [['/api/info', '-f', 'id=t3_a', '-f', 'id=t3_b', '-f', 'x='], { args: { id: ['t3_a', 't3_b'], x: '' } }],
    [['PATCH', '/api/v1/me/prefs', '-F', 'over_18=false', '-F', 'n=-1.5', '-F', 'z=null', '-F', 'word=0x1', '--json-body'], { args: { over_18: false, n: -1.5, z: null, word: '0x1' }, jsonBody: true }],
    [['https://oauth.reddit.com/api/v1/me', '--raw'], { path: 'https://oauth.reddit.com/api/v1/me', raw: true }],
    [['/r/aww/new', '--stream', '--emulator'], { mode: 'stream', emulator: 'http://127.0.0.1:8080' }],
    [['/api/v1/me', '--emulator=http://127.0.0.1:9000/'], { emulator: 'http://127.0.0.1:9000' }],
    [['/api/v1/me', '--token-file', 't.json', '--user-agent', 'ua', '--api-server', 'http://127.0.0.1:1', '--auth-server', 'http://127.0.0.1:2'], { tokenFile: 't.json', userAgent: 'ua', apiServerUri: 'http://127.0.0.1:1', authServerUri: 'http://127.0.0.1:2' }],
  ])('%j', (argv, expected) => {
    expect(command(argv)).toMatchObject(expected);
  });

  it('keeps -f and -F fields in the order given', () => {
    expect(Object.keys(command(['/x', '-f', 'b=1', '-F', 'a=2', '-f', 'c=3']).args)).toEqual(['b', 'a', 'c']);
  });

  it('--help', () => {
    expect(parseApiArgs(['/x', '-h'])).toEqual({ help: true });
  });
});

describe('mistakes name the fix', () => {
  it.each([
    [[], /the PATH to call is missing/],
    [['GET'], /GET needs a PATH after it/],
    [['FETCH', '/x'], /"FETCH" is not a method: use one of GET, POST/],
    [['a', 'b', 'c'], /expected \[METHOD\] PATH, got 3 words/],
    [['r/aww/hot'], /the PATH must start with \//],
    [['/x', '-f', 'novalue'], /-f needs key=value, got "novalue" \(for a \$name parameter/],
    [['/x', '--paginate', '--stream'], /--paginate and --stream exclude each other/],
    [['DELETE', '/x', '--stream'], /--stream reads a listing: it needs GET, not DELETE/],
    [['/x', '--emulator', '--emulator=http://127.0.0.1:1'], /give --emulator or --emulator=URL, not both/],
    [['/x', '--emulator=127.0.0.1:8080'], /needs the emulator's origin/],
    [['/x', '--nope'], /Unknown option '--nope'/],
  ])('%j', (argv, message) => {
    expect(() => parseApiArgs(argv)).toThrow(message);
  });
});

describe('an exit status per kind of failure', () => {
  const response = (status: number, code?: string) => new ResponseError('x', { status, method: 'GET', url: 'https://x.test/', body: '', errors: [], attempts: 1, code });
  it.each([
    ['credentials missing', new CredentialsError('x'), 3],
    ['a refused grant', new AuthError('x'), 4],
    ['401', response(401), 4],
    ['403', response(403), 4],
    ['404', response(404), 6],
    ['400', response(400), 5],
    ['json.errors on a 200', response(200), 5],
    ['RATELIMIT', response(200, 'RATELIMIT'), 7],
    ['429', response(429), 7],
    ['503', response(503), 8],
    ['a timeout', new TimeoutError('x'), 9],
    ['a network failure', new NetworkError('x', new Error('y')), 9],
    ['bad arguments', new ArgumentError('x'), 2],
    ['anything else', new Error('x'), 1],
  ])('%s: %s', (_, error, status) => {
    expect(exitStatus(error)).toBe(status);
  });
});
