import { afterEach } from '@jest/globals';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../lib/emulator/index.js';

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** POSTs a form to the token endpoint with Basic credentials. */
export async function tokenRequest(emu: Emulator, id: string, secret: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${emu.url}/api/v1/access_token`, {
    method: 'POST',
    headers: { authorization: basic(id, secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A user token of the demo script app (demo_user). */
export async function scriptToken(emu: Emulator, scope?: string): Promise<string> {
  const form: Record<string, string> = { grant_type: 'password', username: 'demo_user', password: 'demo_password' };
  if (scope) form.scope = scope;
  const { body } = await tokenRequest(emu, 'script-app-id', 'script-app-secret', form);
  return body.access_token as string;
}

export async function appOnlyToken(emu: Emulator): Promise<string> {
  const { body } = await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'client_credentials' });
  return body.access_token as string;
}

/** Calls the API with a bearer token; answers status, headers and parsed JSON (or text). */
export async function api(emu: Emulator, token: string | undefined, path: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (token) headers.authorization = `bearer ${token}`;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(`${emu.url}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * For a test file: a function that starts an emulator on a clock the test moves (no budget), with a
 * user token for it. Every emulator it started is closed after each test.
 */
export function onClock(): (options?: EmulatorOptions) => Promise<{ emu: Emulator; token: string; clock: { now: number } }> {
  const running: Emulator[] = [];
  afterEach(async () => void (await Promise.all(running.splice(0).map((e) => e.close()))));
  return async (options = {}) => {
    const clock = { now: 1_800_000_000_000 };
    const emu = await startEmulator({ rateLimit: false, now: () => clock.now, ...options });
    running.push(emu);
    return { emu, token: await scriptToken(emu), clock };
  };
}
