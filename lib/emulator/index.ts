/**
 * `snoopath/emulator`: an offline emulator of the platform's OAuth and a few API resources,
 * for testing bots and the client itself. Node only.
 */
import { checkActionLimit, checkLimit, checkWebsockets, DEMO_REDIRECT, resolveConfig } from './defaults.js';
import { makePost } from './things/posts.js';
import { listenStorage } from './media/listen.js';
import { addItems } from './feed/add.js';
import { inject } from './faults/inject.js';
import { listen } from './server/server.js';
import { State } from './state.js';
import { selfSignedCertificate } from './server/tls.js';
import type { Emulator, EmulatorOptions } from './types.js';
export type { FaultMatch, InjectableFault, InjectableFaults, InjectOptions } from './faults/types.js';

export type {
  ActionLimit, AddItems, Emulator, EmulatorAccount, EmulatorApp, EmulatorOptions, FaultKind, FaultSpec, FeedOptions, InstalledAppCreds, CommentTreeShape, PostSpec, CreatedPost,
  LoggedRequest, RateLimit, ScriptAppCreds, WebAppCreds,
  EmulatorStorage, StorageOptions, StorageUpload, EmulatorMediaPost, WebsocketMode,
} from './types.js';

function origin(protocol: string, host: string, port: number): string {
  const h = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  return `${protocol}://${h}:${port}`;
}

/** Starts an emulator on a free loopback port (by default) and resolves once it listens. */
export async function startEmulator(options?: EmulatorOptions): Promise<Emulator> {
  const cfg = resolveConfig(options);
  const state = new State(cfg);
  const addPost: Emulator['addPost'] = (spec) => makePost(state.catalog, state.comments, spec, state.nowSec());
  // Before listening: a post that cannot be made (an unknown subreddit) leaves no server behind.
  const posts = cfg.posts.map((spec) => addPost(spec));
  const tls = cfg.https || cfg.storageHttps ? selfSignedCertificate(['localhost', '127.0.0.1', '::1', cfg.host]) : undefined;
  const { port, close: closeApi } = await listen(state, cfg.https ? tls : undefined);
  state.url = origin(cfg.https ? 'https' : 'http', cfg.host, port);
  const storage = await listenStorage(state, cfg.storageHttps ? tls : undefined).catch(async (error: unknown) => {
    await closeApi();
    throw error;
  });
  state.media.storageUrl = origin(cfg.storageHttps ? 'https' : 'http', cfg.host, storage.port);
  const close = () => Promise.all([closeApi(), storage.close()]).then(() => {});
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
    inject: (kind, ...options) => inject(state, kind, options[0]),
    clearFaults: () => state.faults.clear(),
    expireTokens: () => state.tokens.expireAll(),
    revokeAll: () => state.tokens.revokeAll(),
    setRateLimit: (rl, which = 'oauth') => (which === 'session' ? state.sessionLimit : state.oauthLimit).set(checkLimit(rl, 'setRateLimit')),
    setActionLimit: (limit) => state.actionLimit.set(checkActionLimit(limit)),
    storage: {
      url: state.media.storageUrl,
      uploads: state.media.uploads,
      fault: (spec) => state.media.faults.add(spec),
      clearFaults: () => state.media.faults.clear(),
      setWebsockets: (mode) => void (state.media.websockets = checkWebsockets(mode)),
    },
    mediaPosts: state.media.posts,
    addItems: (spec) => addItems(state, spec),
    removeItems: (names) => (typeof names === 'string' ? [names] : names).filter((name) => state.feed.remove(name)).length,
    close,
    posts,
    addPost,
  };
  if (tls) emulator.ca = tls.cert;
  return emulator;
}
