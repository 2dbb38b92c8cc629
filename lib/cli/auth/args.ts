import { parseArgs } from 'node:util';

export const USAGE = `Usage: snoopath auth [options]          get a refresh token (authorization-code flow, web apps)
       snoopath auth --script [options] check a script app's credentials (password grant)

The code flow starts a one-shot server on the app's redirect URI (on this machine), prints the
URL to approve in a browser, exchanges the code it receives and prints the refresh token on
stdout. The app's registered redirect URI must be that loopback URI (default http://localhost:8080).

Credentials (a flag, or the environment variable, which keeps secrets out of your shell history;
a missing secret or password is asked for when the terminal allows):
  --client-id ID       SNOOPATH_CLIENT_ID      the app's client id
  --client-secret S    SNOOPATH_CLIENT_SECRET  the app's secret
  --username NAME      SNOOPATH_USERNAME       (--script) the account
  --password P         SNOOPATH_PASSWORD       (--script) its password (with 2FA: password:123456)

Options:
  --scope LIST         scopes, comma or space separated (default *: all), e.g. identity,read,submit
  --duration D         permanent (default: a refresh token) or temporary (an access token for an hour)
  --port N             port of the redirect server (default 8080; 0 picks a free one)
  --redirect-uri URI   the app's registered redirect URI, when not http://localhost:PORT (http, loopback)
  --open               open the authorize URL in the default browser
  --timeout S          seconds to wait for the approval (default 300)
  --json               print the result as JSON
  --user-agent UA      User-Agent of the requests (default: cli:snoopath-auth:VERSION)
  --auth-server URI    where authorize and token requests go (default www.reddit.com)
  --api-server URI     where API calls go (default oauth.reddit.com); give both the emulator's URL to try offline
  -h, --help           show this help

Documentation: https://github.com/snoopath/snoopath/blob/main/docs/cli.md`;

/** What `snoopath auth` was asked to do, with every default applied. */
export interface AuthCommand {
  flow: 'code' | 'script';
  clientId: string;
  /** Absent when neither the flag nor the environment gives it: the runner asks for it. */
  clientSecret?: string;
  username?: string;
  password?: string;
  scope: '*' | string[];
  duration: 'permanent' | 'temporary';
  /** The loopback URI the redirect server listens on, as the app registered it; its port may be 0 (any free port). */
  redirectUri: string;
  open: boolean;
  timeoutMs: number;
  json: boolean;
  userAgent?: string;
  authServerUri?: string;
  apiServerUri?: string;
  /** Secrets given as flags: they stay in the shell's history, which deserves a warning. */
  secretFlags: string[];
}

export type Parsed = { help: true } | { help: false; command: AuthCommand };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function int(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  return n;
}

/** The redirect server can only listen here, on plain http: the URI must say so. */
function redirectUri(uri: string | undefined, port: string | undefined): string {
  if (uri === undefined) return `http://localhost:${port === undefined ? 8080 : int('port', port, 0, 65535)}`;
  if (port !== undefined) throw new Error('Give --port or --redirect-uri, not both: the port is part of the redirect URI.');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`--redirect-uri must be a full URI such as http://localhost:8080/callback, got "${uri}".`);
  }
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) {
    throw new Error(`--redirect-uri must be http://localhost, http://127.0.0.1 or http://[::1] (any port and path): the redirect server runs on this machine. Register such a URI for your app (its preferences page lets you edit it).`);
  }
  return uri;
}

function scopes(value: string | undefined): '*' | string[] {
  const list = (value ?? '*').split(/[\s,]+/).filter(Boolean);
  if (list.length === 0) throw new Error('--scope needs at least one scope name, or * for all.');
  return list.includes('*') ? '*' : list;
}

/** Reads the command line (after `auth`) and the environment; throws with a readable message. */
export function parseAuthArgs(argv: readonly string[], env: Record<string, string | undefined>): Parsed {
  const { values: v } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      script: { type: 'boolean' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      scope: { type: 'string' },
      duration: { type: 'string' },
      port: { type: 'string' },
      'redirect-uri': { type: 'string' },
      open: { type: 'boolean' },
      timeout: { type: 'string' },
      json: { type: 'boolean' },
      'user-agent': { type: 'string' },
      'auth-server': { type: 'string' },
      'api-server': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) return { help: true };
  const flow = v.script ? 'script' : 'code';
  const clientId = v['client-id'] ?? env.SNOOPATH_CLIENT_ID;
  if (!clientId) throw new Error('The app\'s client id is missing: pass --client-id or set SNOOPATH_CLIENT_ID (it is under the app\'s name on the apps preferences page).');
  const duration = v.duration ?? 'permanent';
  if (duration !== 'permanent' && duration !== 'temporary') throw new Error(`--duration must be permanent or temporary, got "${duration}".`);
  if (flow === 'script' && (v.duration !== undefined || v.port !== undefined || v['redirect-uri'] !== undefined || v.open)) {
    throw new Error('--duration, --port, --redirect-uri and --open belong to the code flow; --script uses the password grant.');
  }
  const command: AuthCommand = {
    flow,
    clientId,
    scope: scopes(v.scope),
    duration,
    redirectUri: redirectUri(v['redirect-uri'], v.port),
    open: v.open ?? false,
    timeoutMs: int('timeout', v.timeout ?? '300', 1, 86_400) * 1000,
    json: v.json ?? false,
    secretFlags: (['client-secret', 'password'] as const).filter((name) => v[name] !== undefined).map((name) => `--${name}`),
  };
  const optional = {
    clientSecret: v['client-secret'] ?? env.SNOOPATH_CLIENT_SECRET,
    username: v.username ?? env.SNOOPATH_USERNAME,
    password: v.password ?? env.SNOOPATH_PASSWORD,
    userAgent: v['user-agent'],
    authServerUri: v['auth-server'],
    apiServerUri: v['api-server'],
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined && value !== '') Object.assign(command, { [key]: value });
  return { help: false, command };
}
