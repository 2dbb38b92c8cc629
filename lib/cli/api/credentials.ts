import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OAuthOptions } from '../../index.js';
import type { ApiCommand } from './args.js';
import { reasonOf } from '../../errors/reason.js';

/** The emulator's demo script app and account (public test values, see docs/emulator.md). */
const EMULATOR_APP = { key: 'script-app-id', secret: 'script-app-secret', username: 'demo_user', password: 'demo_password' };
/** Never used to build an authorize URL here; the option is required for explicit and installed apps. */
const UNUSED_REDIRECT = 'http://localhost:8080';

/** Credentials are missing or unusable: exit status 3. The message names variables and files, never values. */
export class CredentialsError extends Error {
  override name = 'CredentialsError';
}

/** Who the calls act for, and where they go. */
export interface Credentials {
  oauth: OAuthOptions;
  refreshToken?: string;
  accessToken?: string;
  /** Epoch ms when `accessToken` expires, when known (a token file written back by an earlier run). */
  expiresAt?: number;
  /** The token file the tokens came from: new ones are written back to it (the platform may rotate refresh tokens). */
  file?: string;
  apiServerUri?: string;
  authServerUri?: string;
  /** For the progress line: where the credentials came from (never their values). */
  source: string;
}

type Env = Record<string, string | undefined>;

/**
 * A token file: what `snoopath auth --json` prints, with an optional `client_id` (and
 * `client_secret`); `snoopath api` writes new tokens back (`access_token`, `expires_at` in epoch ms).
 */
export interface TokenFile {
  refresh_token?: string;
  access_token?: string;
  expires_at?: number;
  client_id?: string;
  client_secret?: string;
}

const defaultTokenFile = (env: Env): string | undefined => {
  const base = env.XDG_CONFIG_HOME || (env.HOME ? join(env.HOME, '.config') : undefined);
  return base ? join(base, 'snoopath', 'token.json') : undefined;
};

/** The token file named (flag or variable), or the default one when it exists; its mode is checked. */
async function tokenFile(c: ApiCommand, env: Env, warn: (text: string) => void): Promise<{ path: string; file: TokenFile } | undefined> {
  const named = c.tokenFile ?? env.SNOOPATH_TOKEN_FILE;
  const path = named ?? defaultTokenFile(env);
  if (!path) return undefined;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!named && (error as { code?: string }).code === 'ENOENT') return undefined;
    throw new CredentialsError(`cannot read the token file ${path} (${reasonOf(error)}): check the path given by --token-file or SNOOPATH_TOKEN_FILE.`);
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new CredentialsError(`the token file ${path} is not JSON: write it with snoopath auth --json > ${path}`);
  }
  const f = file as TokenFile;
  if (!f || typeof f !== 'object' || (typeof f.refresh_token !== 'string' && typeof f.access_token !== 'string')) {
    throw new CredentialsError(`the token file ${path} holds no refresh_token nor access_token: write it with snoopath auth --json > ${path}`);
  }
  const mode = (await stat(path)).mode;
  if (process.platform !== 'win32' && mode & 0o077) warn(`Note: the token file ${path} can be read by other users of this machine; chmod 600 ${path}`);
  return { path, file: f };
}

/**
 * What the calls authenticate with, in this order: --emulator (its demo app); SNOOPATH_ACCESS_TOKEN
 * or SNOOPATH_REFRESH_TOKEN; SNOOPATH_USERNAME and SNOOPATH_PASSWORD (a script app); the token file;
 * else the app alone (an application-only token). The app is SNOOPATH_CLIENT_ID (or the file's
 * `client_id`) and SNOOPATH_CLIENT_SECRET (none: an installed app).
 */
export async function credentialsFor(c: ApiCommand, env: Env, warn: (text: string) => void): Promise<Credentials> {
  if (c.emulator) return { oauth: { type: 'script', ...EMULATOR_APP }, apiServerUri: c.emulator, authServerUri: c.emulator, source: `the emulator at ${c.emulator} (demo_user)` };
  const servers = { ...(c.apiServerUri && { apiServerUri: c.apiServerUri }), ...(c.authServerUri && { authServerUri: c.authServerUri }) };
  const fromEnv = { refresh: env.SNOOPATH_REFRESH_TOKEN || undefined, access: env.SNOOPATH_ACCESS_TOKEN || undefined };
  const script = env.SNOOPATH_USERNAME && env.SNOOPATH_PASSWORD ? { username: env.SNOOPATH_USERNAME, password: env.SNOOPATH_PASSWORD } : undefined;
  const found = fromEnv.refresh || fromEnv.access || script ? undefined : await tokenFile(c, env, warn);
  const key = env.SNOOPATH_CLIENT_ID || found?.file.client_id;
  const secret = env.SNOOPATH_CLIENT_SECRET ?? found?.file.client_secret;
  if (!key) {
    throw new CredentialsError('no credentials: set SNOOPATH_CLIENT_ID (and SNOOPATH_CLIENT_SECRET) with SNOOPATH_REFRESH_TOKEN, SNOOPATH_USERNAME and SNOOPATH_PASSWORD, or a token file (snoopath auth --json > ~/.config/snoopath/token.json); or try a local emulator with --emulator.');
  }
  const explicit: OAuthOptions = { type: 'explicit', key, secret: secret ?? '', redirectUri: UNUSED_REDIRECT, duration: 'permanent' };
  if (fromEnv.refresh || fromEnv.access) {
    if (fromEnv.refresh && secret === undefined) throw new CredentialsError('SNOOPATH_REFRESH_TOKEN needs the app\'s secret too: set SNOOPATH_CLIENT_SECRET.');
    return { oauth: explicit, ...(fromEnv.refresh && { refreshToken: fromEnv.refresh }), ...(fromEnv.access && { accessToken: fromEnv.access }), ...servers, source: fromEnv.refresh ? 'SNOOPATH_REFRESH_TOKEN' : 'SNOOPATH_ACCESS_TOKEN' };
  }
  if (script) {
    if (secret === undefined) throw new CredentialsError('SNOOPATH_USERNAME and SNOOPATH_PASSWORD (a script app) need the app\'s secret too: set SNOOPATH_CLIENT_SECRET.');
    return { oauth: { type: 'script', key, secret, ...script }, ...servers, source: `SNOOPATH_USERNAME (u/${script.username})` };
  }
  if (found) {
    const { refresh_token: refresh, access_token: access } = found.file;
    if (typeof refresh === 'string' && secret === undefined) throw new CredentialsError(`the refresh token of ${found.path} needs the app's secret too: set SNOOPATH_CLIENT_SECRET.`);
    const expires = typeof found.file.expires_at === 'number' ? { expiresAt: found.file.expires_at } : {};
    return { oauth: explicit, ...(typeof refresh === 'string' && { refreshToken: refresh }), ...(typeof access === 'string' && { accessToken: access, ...expires }), ...servers, file: found.path, source: `the token file ${found.path}` };
  }
  // The app alone: client_credentials (with a secret), or an installed app's installed_client grant.
  const appOnly: OAuthOptions = secret ? explicit : { type: 'implicit', key, redirectUri: UNUSED_REDIRECT };
  return { oauth: appOnly, ...servers, source: `SNOOPATH_CLIENT_ID alone (an application-only token)` };
}

/** Writes new tokens into the token file, keeping its other fields; only its owner may read it. */
export async function writeBack(path: string, tokens: { accessToken?: string | undefined; refreshToken?: string | undefined; expiresAt?: number | undefined }): Promise<void> {
  let file: TokenFile = {};
  try {
    file = JSON.parse(await readFile(path, 'utf8')) as TokenFile;
  } catch {
    // rewritten whole below
  }
  if (tokens.refreshToken) file.refresh_token = tokens.refreshToken;
  if (tokens.accessToken) {
    file.access_token = tokens.accessToken;
    if (tokens.expiresAt !== undefined) file.expires_at = tokens.expiresAt;
  }
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}
