import { AuthError, NetworkError, ResponseError, Snoopath, SnoopathError, TimeoutError, type CallOptions, type SnoopathOptions } from '../../index.js';
import { API_USAGE, parseApiArgs, type ApiCommand } from './args.js';
import { CredentialsError, credentialsFor, writeBack, type Credentials } from './credentials.js';
import { stderrLines, stdoutLines, type Command } from '../io.js';

/** How `snoopath api` talks to the world; tests pass their own. */
export interface ApiIo {
  /** One answer, or one item of --paginate / --stream, on stdout. */
  out?: (text: string) => void;
  /** Errors and progress, on stderr. */
  err?: (text: string) => void;
  env?: Record<string, string | undefined>;
  /** Ends --stream (by default Ctrl+C does). */
  signal?: AbortSignal;
  /** Instance options tests add (a fetch, a shorter retry delay). */
  extra?: Partial<SnoopathOptions>;
}

/** The exit statuses, one per kind of failure (docs/cli.md). */
export const EXIT = { ok: 0, failed: 1, usage: 2, credentials: 3, auth: 4, refused: 5, notFound: 6, rateLimited: 7, server: 8, network: 9 } as const;

/** The exit status of a failure, by its kind. */
export function exitStatus(error: unknown): number {
  if (error instanceof CredentialsError) return EXIT.credentials;
  if (error instanceof AuthError) return EXIT.auth;
  if (error instanceof TimeoutError || error instanceof NetworkError) return EXIT.network;
  if (error instanceof ResponseError) {
    if (error.status === 401 || error.status === 403) return EXIT.auth;
    if (error.status === 404) return EXIT.notFound;
    if (error.status === 429 || error.code === 'RATELIMIT') return EXIT.rateLimited;
    if (error.status >= 500) return EXIT.server;
    return EXIT.refused;
  }
  if (error instanceof SnoopathError && (error.name === 'ArgumentError' || error.name === 'ConfigError')) return EXIT.usage;
  return EXIT.failed;
}

/** stdout closed early (`| head`): stop quietly, as other tools do. */

const print = (value: unknown, raw: boolean): string | undefined =>
  typeof value === 'string' ? (value === '' ? undefined : value) : JSON.stringify(value, null, raw ? undefined : 2);

/**
 * The tokens given, through a token store: a token file gets new ones written back (an access token
 * saves the next run a token request; a rotated refresh token must be kept). A variable cannot be
 * rewritten: a rotated refresh token is pointed out, never printed.
 */
function tokenStore(creds: Credentials, err: (text: string) => void): SnoopathOptions['tokenStore'] {
  const { refreshToken, accessToken, expiresAt, file } = creds;
  if (!refreshToken && !accessToken) return undefined;
  return {
    get: () => ({ refreshToken, accessToken, expiresAt }),
    set: async (tokens) => {
      if (file) return writeBack(file, tokens);
      if (tokens.refreshToken && refreshToken && tokens.refreshToken !== refreshToken) {
        err('Note: the platform answered a new refresh token, so the one in SNOOPATH_REFRESH_TOKEN may no longer work. Keep tokens in a token file (--token-file), which snoopath api updates.');
      }
    },
  };
}

function instance(c: ApiCommand, creds: Credentials, extra: Partial<SnoopathOptions>, err: (text: string) => void): Snoopath {
  const store = tokenStore(creds, err);
  const options: SnoopathOptions = {
    ...(store && { tokenStore: store }),
    userAgent: c.userAgent ?? `cli:snoopath-api:${Snoopath.version}`,
    oauth: creds.oauth,
    ...(creds.apiServerUri && { apiServerUri: creds.apiServerUri }),
    ...(creds.authServerUri && { authServerUri: creds.authServerUri }),
    // A person is waiting: a few seconds of retries, not the library's patient default of minutes.
    retryAttempts: 2,
    retryDelay: 1000,
    // A local emulator needs no politeness; the platform's own rate-limit headers pace the rest.
    ...(c.emulator && { throttle: 0 }),
    ...extra,
  };
  return new Snoopath(options);
}

async function run(c: ApiCommand, reddit: Snoopath, out: (text: string) => void, err: (text: string) => void, signal: AbortSignal | undefined): Promise<void> {
  const call = reddit(c.path);
  const options: CallOptions = c.jsonBody ? { bodyType: 'json' } : {};
  // Text as people wrote it (`&`, not `&amp;`): the library sends raw_json=1 unless -f raw_json=0 says otherwise.
  const args = c.args as Record<string, unknown>;
  const line = (value: unknown) => {
    const text = print(value, c.raw || c.mode !== 'once');
    if (text !== undefined) out(text);
  };
  if (c.mode === 'once') {
    const verb = c.method.toLowerCase() as 'get';
    return line(await call[verb](args, options));
  }
  // Pages of 100 unless asked otherwise: fewer requests for the same items.
  const listed = { limit: 100, ...args };
  if (c.mode === 'paginate') {
    let page = await call.listing(listed, options);
    for (;;) {
      for (const item of page.allChildren) line(item);
      if (page.done || page.empty) return;
      page = await page.next();
    }
  }
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  if (signal) signal.addEventListener('abort', onSigint, { once: true });
  else process.once('SIGINT', onSigint);
  err(`Following new items of ${c.path} (Ctrl+C stops)...`);
  try {
    for await (const item of call.stream(listed, { ...options, signal: stop.signal })) line(item);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** `snoopath api`: any path of the API, its answer printed as JSON. */
export const apiCommand: Command = {
  summary: 'call any path of the API and print the answer as JSON',
  run: (argv, io) => apiMain(argv, { out: io.out, err: io.err, env: io.env }),
};

/** Runs `snoopath api <argv>`; resolves to the exit status (see EXIT). */
export async function apiMain(argv: readonly string[], io: ApiIo = {}): Promise<number> {
  const out = io.out ?? stdoutLines();
  const err = io.err ?? stderrLines();
  let command: ApiCommand;
  try {
    const parsed = parseApiArgs(argv);
    if (parsed.help) {
      out(API_USAGE);
      return EXIT.ok;
    }
    command = parsed.command;
  } catch (error) {
    err(`snoopath api: ${error instanceof Error ? error.message : String(error)}\n\n${API_USAGE}`);
    return EXIT.usage;
  }
  try {
    const creds = await credentialsFor(command, io.env ?? process.env, err);
    await run(command, instance(command, creds, io.extra ?? {}, err), out, err, io.signal);
    return EXIT.ok;
  } catch (error) {
    // The library's errors carry the platform's words and never a secret; ours name variables, not values.
    err(`snoopath api: ${error instanceof Error ? error.message : String(error)}`);
    return exitStatus(error);
  }
}
