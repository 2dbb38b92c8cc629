/**
 * `snoopath/emulator`: an offline emulator of the platform's OAuth and a few API resources,
 * for testing bots and the client itself. Node only.
 */
import { checkActionLimit, checkLimit, DEMO_REDIRECT, resolveConfig } from './defaults.js';
import { listen } from './server.js';
import { State } from './state.js';
import { selfSignedCertificate } from './tls.js';
import type { Emulator, EmulatorOptions } from './types.js';

export type {
  ActionLimit, Emulator, EmulatorAccount, EmulatorApp, EmulatorOptions, FaultKind, FaultSpec, InstalledAppCreds,
  LoggedRequest, RateLimit, ScriptAppCreds, WebAppCreds,
} from './types.js';

function origin(protocol: string, host: string, port: number): string {
  const h = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  return `${protocol}://${h}:${port}`;
}

/** Starts an emulator on a free loopback port (by default) and resolves once it listens. */
export async function startEmulator(options?: EmulatorOptions): Promise<Emulator> {
  const cfg = resolveConfig(options);
  const state = new State(cfg);
  const tls = cfg.https ? selfSignedCertificate(['localhost', '127.0.0.1', '::1', cfg.host]) : undefined;
  const { port, close } = await listen(state, tls);
  state.url = origin(cfg.https ? 'https' : 'http', cfg.host, port);
  const script = cfg.apps.get('script-app-id');
  const web = cfg.apps.get('web-app-id');
  const installed = cfg.apps.get('installed-app-id');
  const demo = cfg.accounts[0];
  const emulator: Emulator = {
    url: state.url,
    apps: {
      script: { key: script?.id ?? '', secret: script?.secret ?? '', username: demo?.name ?? '', password: demo?.password ?? '' },
      web: { key: web?.id ?? '', secret: web?.secret ?? '', redirectUri: web?.redirectUri ?? DEMO_REDIRECT },
      installed: { key: installed?.id ?? '', redirectUri: installed?.redirectUri ?? DEMO_REDIRECT },
    },
    accounts: cfg.accounts.map((a) => ({ ...a })),
    requests: state.log,
    clearLog: () => void (state.log.length = 0),
    fault: (spec) => state.faults.add(spec),
    clearFaults: () => state.faults.clear(),
    expireTokens: () => state.tokens.expireAll(),
    revokeAll: () => state.tokens.revokeAll(),
    setRateLimit: (rl, which = 'oauth') => (which === 'session' ? state.sessionLimit : state.oauthLimit).set(checkLimit(rl, 'setRateLimit')),
    setActionLimit: (limit) => state.actionLimit.set(checkActionLimit(limit)),
    close,
  };
  if (tls) emulator.ca = tls.cert;
  return emulator;
}
