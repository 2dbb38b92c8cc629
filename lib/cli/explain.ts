import { AuthError, ConfigError, NetworkError, TimeoutError } from '../index.js';
import type { AuthCommand } from './auth/args.js';

/** What the command was doing: building the client from its flags, or one of its requests. */
export type Step = 'setup' | 'password grant' | 'code exchange' | 'api call';

/** The library's names for what the command takes as flags and environment variables. */
const NAMES: Array<[RegExp, string]> = [
  [/\bauthServerUri\b/g, '--auth-server'],
  [/\bapiServerUri\b/g, '--api-server'],
  [/\buserAgent\b/g, '--user-agent'],
  [/\boauth\.key\b/g, 'SNOOPATH_CLIENT_ID (--client-id)'],
  [/\boauth\.secret\b/g, 'SNOOPATH_CLIENT_SECRET (--client-secret)'],
  [/\boauth\.username\b/g, 'SNOOPATH_USERNAME (--username)'],
  [/\boauth\.password\b/g, 'SNOOPATH_PASSWORD (--password)'],
  [/\boauth\.scope\b/g, '--scope'],
  [/\boauth\.redirectUri\b/g, '--redirect-uri'],
];

/** A library message in the command's terms: its flags and variables instead of option names. */
export function inCliTerms(message: string): string {
  return NAMES.reduce((text, [name, flag]) => text.replace(name, flag), message.replace(/^Option (?=\S)/, ''));
}

const server = (c: Pick<AuthCommand, 'authServerUri' | 'apiServerUri'>, step: Step) =>
  step === 'api call'
    ? { what: 'API calls', flag: '--api-server', given: c.apiServerUri, fallback: 'oauth.reddit.com' }
    : { what: 'Token requests', flag: '--auth-server', given: c.authServerUri, fallback: 'www.reddit.com' };

/** Sentences for the OAuth errors a person can fix, by grant. */
function oauthHint(code: string | undefined, step: Step): string | undefined {
  const password = step === 'password grant';
  switch (code) {
    case 'invalid_grant':
      return password
        ? 'The platform refused the username or password (invalid_grant): check SNOOPATH_USERNAME and SNOOPATH_PASSWORD (or --username and --password). With two-factor authentication the password is followed by a colon and the current code, as in password:123456.'
        : 'The platform refused the code (invalid_grant): a code is single use and lives 10 minutes. Run the command again and approve once.';
    case 'invalid_client':
      return "The platform refused the app's client id or secret (invalid_client): check SNOOPATH_CLIENT_ID and SNOOPATH_CLIENT_SECRET (or --client-id and --client-secret) against the app's preferences page.";
    case 'unauthorized_client':
    case 'unsupported_grant_type':
      return password
        ? `This app may not use the password grant (${code}): --script checks the credentials of script apps; for a web app, leave out --script to get a refresh token.`
        : `This app may not use the authorization-code flow (${code}): check SNOOPATH_CLIENT_ID (or --client-id); the code flow needs a web app (script apps can use --script).`;
    case 'invalid_scope':
      return 'The platform does not know a requested scope (invalid_scope): check --scope (names such as identity, read, submit).';
    case 'access_denied':
      return 'The authorization was declined on the platform\'s page (access_denied): run the command again and choose Allow.';
    default:
      return undefined;
  }
}

/**
 * A failure of the command, worded for the terminal: the flags and environment variables to check
 * (never the library's option names), and for an unreachable server the flag that names it.
 */
export function explain(error: unknown, step: Step, c: Pick<AuthCommand, 'authServerUri' | 'apiServerUri'>): string {
  if (error instanceof ConfigError) return inCliTerms(error.message);
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    const { what, flag, given, fallback } = server(c, step);
    // The request and what happened to it, without the library's advice (it names options, not flags).
    const head = /^\S+ \S+ (?:failed \([^)]*\)|timed out)/.exec(error.message)?.[0] ?? error.message.replace(/[.:]?\s*$/, '');
    return `${head}. ${what} go to ${flag} (${given ? `given as ${given}` : `default ${fallback}`}): check it, and the network.`;
  }
  if (error instanceof AuthError) {
    const hint = oauthHint(error.code, step);
    if (hint) return hint;
  }
  const message = inCliTerms(error instanceof Error ? error.message : String(error));
  if (step === 'setup') return message;
  const { what, flag, given, fallback } = server(c, step);
  return `${message} (${what} go to ${flag}: ${given ?? fallback}.)`;
}
