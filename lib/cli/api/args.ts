import { parseArgs } from 'node:util';

export const API_USAGE = `Usage: snoopath api [METHOD] PATH [options]

Calls any path of the API and prints the answer as JSON on stdout.

  METHOD               GET (default), POST, PUT, PATCH, DELETE, HEAD or OPTIONS
  PATH                 e.g. /api/v1/me or /r/$subreddit/hot ($name is filled from -f '$name=value')

Options:
  -f, --field K=V      a parameter: query string for GET, HEAD and OPTIONS, form body otherwise;
                       repeat it (a repeated key becomes a comma-separated list); $name fills the path
  -F, --typed-field K=V  the same, with true, false, null and numbers as such (for --json-body)
  --json-body          send the fields as a JSON body (endpoints such as PATCH /api/v1/me/prefs want one)
  --paginate           walk a listing page after page; one item per line (JSON Lines)
  --stream             follow a listing's new items until interrupted (Ctrl+C); one item per line
  --raw                compact output: each answer on one line, not indented
  --emulator[=URL]     call a running snoopath-emulator (default http://127.0.0.1:8080) as its
                       demo script app: no credentials needed
  --token-file PATH    the token file to use (default $XDG_CONFIG_HOME/snoopath/token.json, when it exists)
  --user-agent UA      User-Agent of the requests (default: cli:snoopath-api:VERSION)
  --auth-server URI    where token requests go (default www.reddit.com)
  --api-server URI     where API calls go (default oauth.reddit.com)
  -h, --help           show this help

Credentials (environment; nothing secret is ever printed):
  SNOOPATH_CLIENT_ID, SNOOPATH_CLIENT_SECRET   the app
  SNOOPATH_USERNAME, SNOOPATH_PASSWORD         a script app's account (password grant)
  SNOOPATH_REFRESH_TOKEN                       a refresh token (from snoopath auth)
  SNOOPATH_ACCESS_TOKEN                        an access token (an hour, not renewed)
  SNOOPATH_TOKEN_FILE                          a token file (the JSON snoopath auth --json prints)
With the app alone, calls use an application-only token.

Exit status: 0 done, 1 unexpected failure, 2 bad usage, 3 credentials missing,
4 authentication refused (401, 403, a bad grant), 5 request refused (4xx, json.errors),
6 not found (404), 7 rate limited (429, RATELIMIT), 8 server error (5xx), 9 network failure or timeout.`;

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type Method = (typeof METHODS)[number];

/** A parameter's value: `-f` gives strings; `-F` numbers, booleans and null too. */
export type FieldValue = string | number | boolean | null;

/** What `snoopath api` was asked to do. */
export interface ApiCommand {
  method: Method;
  path: string;
  /** Parameters in order; a repeated key is kept as an array. */
  args: Record<string, FieldValue | FieldValue[]>;
  jsonBody: boolean;
  mode: 'once' | 'paginate' | 'stream';
  raw: boolean;
  /** The emulator's URL, with --emulator. */
  emulator?: string;
  tokenFile?: string;
  userAgent?: string;
  authServerUri?: string;
  apiServerUri?: string;
}

export type ParsedApi = { help: true } | { help: false; command: ApiCommand };

export const DEFAULT_EMULATOR = 'http://127.0.0.1:8080';

/** `-F` values: the JSON literals true, false, null and numbers; anything else stays text. */
function typed(value: string): FieldValue {
  if (value === 'true' || value === 'false') return value === 'true';
  if (value === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return Number(value);
  return value;
}

function field(spec: string, flag: string): [string, string] {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new Error(`${flag} needs key=value, got "${spec}" (for a $name parameter of the path: ${flag} '$name=value', quoted so the shell keeps the $).`);
  return [spec.slice(0, eq), spec.slice(eq + 1)];
}

/** Reads `snoopath api`'s command line; throws with a readable message. */
export function parseApiArgs(argv: readonly string[]): ParsedApi {
  // parseArgs has no optional values: --emulator=URL becomes a flag of its own.
  const args = argv.flatMap((a) => (a.startsWith('--emulator=') ? ['--emulator-url', a.slice('--emulator='.length)] : [a]));
  const { values: v, positionals, tokens } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    tokens: true,
    options: {
      field: { type: 'string', short: 'f', multiple: true },
      'typed-field': { type: 'string', short: 'F', multiple: true },
      'json-body': { type: 'boolean' },
      paginate: { type: 'boolean' },
      stream: { type: 'boolean' },
      raw: { type: 'boolean' },
      emulator: { type: 'boolean' },
      'emulator-url': { type: 'string' },
      'token-file': { type: 'string' },
      'user-agent': { type: 'string' },
      'auth-server': { type: 'string' },
      'api-server': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) return { help: true };
  if (positionals.length === 0) throw new Error('the PATH to call is missing, e.g. snoopath api /api/v1/me');
  if (positionals.length > 2) throw new Error(`expected [METHOD] PATH, got ${positionals.length} words: ${positionals.map((p) => JSON.stringify(p)).join(' ')} (quote a path with spaces).`);
  const [first, second] = positionals as [string, string | undefined];
  const upper = first.toUpperCase();
  if (second === undefined && (METHODS as readonly string[]).includes(upper) && !first.startsWith('/')) throw new Error(`${first} needs a PATH after it, e.g. snoopath api ${upper} /api/v1/me`);
  if (second !== undefined && !(METHODS as readonly string[]).includes(upper)) throw new Error(`"${first}" is not a method: use one of ${METHODS.join(', ')}`);
  const method = (second === undefined ? 'GET' : upper) as Method;
  const path = second ?? first;
  if (!path.startsWith('/') && !/^https?:\/\//i.test(path)) throw new Error(`the PATH must start with / (or be a full URL), got "${path}".`);
  if (v.paginate && v.stream) throw new Error('--paginate and --stream exclude each other: --paginate walks what is there, --stream waits for what comes.');
  if ((v.paginate || v.stream) && method !== 'GET') throw new Error(`--${v.paginate ? 'paginate' : 'stream'} reads a listing: it needs GET, not ${method}.`);
  if (v.emulator && v['emulator-url'] !== undefined) throw new Error('give --emulator or --emulator=URL, not both.');

  // Fields in the order given, -f and -F mixed.
  const out: Record<string, FieldValue | FieldValue[]> = {};
  for (const t of tokens) {
    if (t.kind !== 'option' || (t.name !== 'field' && t.name !== 'typed-field') || t.value === undefined) continue;
    const [key, text] = field(t.value, t.name === 'field' ? '-f' : '-F');
    const value = t.name === 'field' ? text : typed(text);
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  const emulator = v['emulator-url'] ?? (v.emulator ? DEFAULT_EMULATOR : undefined);
  if (emulator !== undefined && !/^https?:\/\/[^/]+\/?$/i.test(emulator)) throw new Error(`--emulator=URL needs the emulator's origin, such as ${DEFAULT_EMULATOR}, got "${emulator}".`);
  const command: ApiCommand = { method, path, args: out, jsonBody: v['json-body'] ?? false, mode: v.paginate ? 'paginate' : v.stream ? 'stream' : 'once', raw: v.raw ?? false };
  const optional = { emulator: emulator?.replace(/\/$/, ''), tokenFile: v['token-file'], userAgent: v['user-agent'], authServerUri: v['auth-server'], apiServerUri: v['api-server'] };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined && value !== '') Object.assign(command, { [key]: value });
  return { help: false, command };
}
