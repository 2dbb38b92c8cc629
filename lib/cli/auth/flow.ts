import { Snoopath, type SnoopathOptions } from '../../index.js';
import type { OAuthOptions } from '../../options/schema.js';
import type { AuthCommand } from './args.js';
import { explain, inCliTerms, type Step } from '../explain.js';
import { CliError, type Io } from '../io.js';
import { startRedirectServer } from './loopback.js';

function options(c: AuthCommand, oauth: OAuthOptions, io: Io): SnoopathOptions {
  // The library's lines (a retry, a 429) in the command's terms, on stderr with its other messages.
  const say = (line: string) => io.err(`snoopath: ${inCliTerms(line)}`);
  return {
    userAgent: c.userAgent ?? `cli:snoopath-auth:${Snoopath.version}`,
    oauth,
    log: { warn: say, error: say },
    ...(c.authServerUri ? { authServerUri: c.authServerUri } : {}),
    ...(c.apiServerUri ? { apiServerUri: c.apiServerUri } : {}),
    // A person is waiting: a few seconds of retries, not the library's patient default of minutes.
    retryAttempts: 2,
    retryDelay: 1000,
    requestTimeout: 20_000,
  };
}

async function required(value: string | undefined, io: Io, question: string, hidden: boolean, missing: string): Promise<string> {
  const answer = value ?? (await io.ask(question, hidden));
  if (!answer) throw new CliError(missing);
  return answer;
}

const secretOf = (c: AuthCommand, io: Io) =>
  required(c.clientSecret, io, 'Client secret of the app: ', true, 'The app\'s secret is missing: set SNOOPATH_CLIENT_SECRET (or pass --client-secret; a flag stays in your shell history).');

/** Runs one step of a flow; its failure is worded for the terminal (the flags to check, not the library's options). */
async function step<T>(c: AuthCommand, what: Step, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof CliError ? error : new CliError(explain(error, what, c), { cause: error });
  }
}

/**
 * The account the token acts for, when the scopes allow asking (identity). `lenient`: a failure
 * is no answer rather than an error (after a code exchange, it must not lose the token obtained).
 */
async function whoAmI(reddit: Snoopath, scope: AuthCommand['scope'], lenient = false): Promise<string | undefined> {
  if (scope !== '*' && !scope.includes('identity')) return undefined;
  const call = reddit('/api/v1/me').get();
  const me = (await (lenient ? call.catch(() => ({})) : call)) as { name?: unknown };
  return typeof me.name === 'string' ? me.name : undefined;
}

/** Script apps: the password grant, then /api/v1/me; the token made for the check is revoked after. */
export async function checkScript(c: AuthCommand, io: Io): Promise<void> {
  const secret = await secretOf(c, io);
  const username = await required(c.username, io, 'Username: ', false, 'The account is missing: pass --username or set SNOOPATH_USERNAME.');
  const password = await required(c.password, io, `Password of u/${username}: `, true, 'The password is missing: set SNOOPATH_PASSWORD (or pass --password; a flag stays in your shell history).');
  const reddit = await step(c, 'setup', () => new Snoopath(options(c, { type: 'script', key: c.clientId, secret, username, password, scope: c.scope }, io)));
  io.err(`Checking the credentials of script app ${c.clientId} for u/${username}...`);
  await step(c, 'password grant', () => reddit.auth());
  const name = await step(c, 'api call', () => whoAmI(reddit, c.scope));
  await reddit.deauth().catch(() => undefined);
  io.err(`Credentials OK: the password grant succeeded${name ? ` and the token acts as u/${name}` : ''}.`);
  io.out(c.json ? JSON.stringify({ ok: true, username: name ?? username, scope: c.scope }) : `u/${name ?? username}`);
}

/** Web apps: authorize in a browser, come back to the loopback redirect server, exchange the code. */
export async function codeFlow(c: AuthCommand, io: Io): Promise<void> {
  const secret = await secretOf(c, io);
  const server = await startRedirectServer(c.redirectUri, (why) => io.err(`Ignored a request to the redirect URI: ${why} Still waiting...`));
  try {
    const oauth: OAuthOptions = { type: 'explicit', key: c.clientId, secret, redirectUri: server.uri, scope: c.scope, duration: c.duration };
    const reddit = await step(c, 'setup', () => new Snoopath(options(c, oauth, io)));
    // getAuthUrl() draws the state that auth() checks the redirect against; the server lets only its answer through.
    const url = reddit.getAuthUrl();
    const answered = server.arrival(c.timeoutMs, new URL(url).searchParams.get('state') ?? '');
    io.err(`Redirect server listening on ${server.uri}: the app's registered redirect URI must be exactly this.`);
    const opened = c.open && (await io.open(url));
    io.err(`${opened ? 'Opened in your browser; if nothing shows, open' : c.open ? 'No browser could be started: open' : 'Open'} this URL and approve access:\n\n  ${url}\n`);
    io.err(`Waiting for the approval (up to ${c.timeoutMs / 1000} s; Ctrl+C cancels)...`);
    const arrival = await answered;
    let refreshToken: string | undefined;
    try {
      refreshToken = await step(c, 'code exchange', () => reddit.auth(arrival.url));
    } catch (error) {
      arrival.answer(false, `${error instanceof Error ? error.message : String(error)} See the terminal.`);
      throw error;
    }
    arrival.answer(true, 'Access approved: you can close this tab and go back to the terminal.');
    const name = await whoAmI(reddit, c.scope, true);
    const by = name ? ` by u/${name}` : '';
    if (c.duration === 'permanent') {
      io.err(`Approved${by}. The refresh token follows (it acts for the account: keep it as secret as a password).`);
      io.out(c.json ? JSON.stringify({ refresh_token: refreshToken, username: name, scope: c.scope }) : String(refreshToken));
    } else {
      io.err(`Approved${by}. A temporary grant has no refresh token: the access token follows, valid for an hour.`);
      io.out(c.json ? JSON.stringify({ access_token: reddit.getAccessToken(), username: name, scope: c.scope }) : String(reddit.getAccessToken()));
    }
  } finally {
    await server.close();
  }
}
