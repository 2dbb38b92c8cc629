import { resolvePost } from './things/posts.js';
import type { ActionLimit, EmulatorAccount, EmulatorApp, EmulatorOptions, FaultKind, FeedOptions, PostSpec, RateLimit, WebsocketMode } from './types.js';

/** The platform's OAuth scopes (`*` is accepted in addition). */
export const SCOPES: ReadonlySet<string> = new Set(
  ('account announcements edit flair history identity livemanage modconfig modcontributors modflair modlog ' +
    'modmail modnote modothers modposts modself modtraffic modwiki mysubreddits privatemessages read report ' +
    'save structuredstyles submit subscribe vote wikiedit wikiread').split(' '),
);

export const DEMO_REDIRECT = 'http://127.0.0.1/callback';

export function demoApps(): EmulatorApp[] {
  return [
    { type: 'script', id: 'script-app-id', secret: 'script-app-secret', redirectUri: DEMO_REDIRECT, anyLoopbackRedirect: true },
    { type: 'web', id: 'web-app-id', secret: 'web-app-secret', redirectUri: DEMO_REDIRECT, anyLoopbackRedirect: true },
    { type: 'installed', id: 'installed-app-id', secret: '', redirectUri: DEMO_REDIRECT, anyLoopbackRedirect: true },
  ];
}

export function demoAccounts(): EmulatorAccount[] {
  return [
    { name: 'demo_user', password: 'demo_password', link_karma: 1234, comment_karma: 5678 },
    { name: 'other_user', password: 'other_password', link_karma: 10, comment_karma: 20 },
  ];
}

export const ALL_FAULTS: readonly FaultKind[] = ['status500', 'status502', 'status503', 'html', 'invalidJson', 'reset', 'delay'];

/** Options with every default applied. */
export interface Config {
  host: string;
  port: number;
  https: boolean;
  /** Whether the storage host serves https (`storage.https`, else as `https`). */
  storageHttps: boolean;
  websockets: WebsocketMode;
  apps: Map<string, EmulatorApp>;
  accounts: EmulatorAccount[];
  tokenLifetime: number;
  rotateRefreshTokens: boolean;
  rateLimit: RateLimit | false;
  sessionRateLimit: RateLimit | false;
  subreddits: Record<string, number>;
  seed: number;
  chaos: { rate: number; faults: readonly FaultKind[] } | undefined;
  now: () => number;
  moreChildrenDelay: number;
  logLimit: number;
  actionLimit: ActionLimit | false;
  posts: PostSpec[];
  mediaDelay: number;
  feed: FeedOptions | undefined;
  listingCap: number;
}

/** Validates a budget (copying it, so later changes to the caller's object have no effect). */
export function checkLimit(rl: RateLimit | false, name: string): RateLimit | false {
  if (rl === false) return false;
  if (!(rl.budget >= 0 && rl.window > 0)) throw new TypeError(`emulator: ${name} needs budget >= 0 and window > 0`);
  return { budget: rl.budget, window: rl.window };
}

const WEBSOCKET_MODES: readonly WebsocketMode[] = ['answer', 'refuse', 'silent', 'close'];

/** Validates what the result websockets do. */
export function checkWebsockets(mode: WebsocketMode): WebsocketMode {
  if (!WEBSOCKET_MODES.includes(mode)) throw new TypeError(`emulator: storage websockets must be one of ${WEBSOCKET_MODES.join(', ')}, got ${String(mode)}`);
  return mode;
}

/** Validates a per-action limit (copying it). */
export function checkActionLimit(limit: ActionLimit | false): ActionLimit | false {
  if (limit === false) return false;
  if (!(Number.isInteger(limit.count) && limit.count >= 0 && limit.seconds > 0)) throw new TypeError('emulator: actionLimit needs an integer count >= 0 and seconds > 0');
  return { count: limit.count, seconds: limit.seconds, ...(limit.actions ? { actions: [...limit.actions] } : {}) };
}

/** Stable base-36 id derived from an account name, so ids survive restarts. */
function idFromName(name: string): string {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return (h % 2_000_000_000 + 100_000_000).toString(36);
}

export function resolveConfig(o: EmulatorOptions = {}): Config {
  const apps = new Map<string, EmulatorApp>();
  for (const app of [...demoApps(), ...(o.apps ?? [])]) {
    if (app.type === 'installed' && app.secret !== '') throw new TypeError(`emulator: installed app ${app.id} must have secret ''`);
    apps.set(app.id, { ...app });
  }
  const accounts = (o.accounts ?? demoAccounts()).map((a) => ({
    created_utc: 1_400_000_000,
    link_karma: 1,
    comment_karma: 0,
    ...a,
    id: a.id ?? idFromName(a.name),
  }));
  if (accounts.length === 0) throw new TypeError('emulator: at least one account is needed');
  const rateLimit = checkLimit(o.rateLimit ?? { budget: 1000, window: 600 }, 'rateLimit');
  const sessionDefault = rateLimit === false ? false : { budget: 100, window: 600 };
  if (o.listingCap !== undefined && !(Number.isInteger(o.listingCap) && o.listingCap > 0)) {
    throw new TypeError(`emulator: listingCap must be a whole number > 0, got ${o.listingCap}`);
  }
  const chaos = o.chaos && o.chaos.rate > 0 ? { rate: o.chaos.rate, faults: o.chaos.faults?.length ? o.chaos.faults : ALL_FAULTS } : undefined;
  return {
    host: o.host ?? '127.0.0.1',
    port: o.port ?? 0,
    https: o.https ?? false,
    storageHttps: o.storage?.https ?? o.https ?? false,
    websockets: checkWebsockets(o.storage?.websockets ?? 'answer'),
    apps,
    accounts,
    tokenLifetime: o.tokenLifetime ?? 3600,
    rotateRefreshTokens: o.rotateRefreshTokens ?? true,
    rateLimit,
    sessionRateLimit: checkLimit(o.sessionRateLimit ?? sessionDefault, 'sessionRateLimit'),
    // pics last: the generated posts of the others keep their numbers (and ids).
    subreddits: o.subreddits ?? { aww: 250, programming: 250, snoopath: 30, pics: 30 },
    seed: o.seed ?? 1,
    chaos,
    now: o.now ?? Date.now,
    moreChildrenDelay: o.moreChildrenDelay ?? 25,
    logLimit: o.logLimit ?? 10_000,
    actionLimit: checkActionLimit(o.actionLimit ?? false),
    // Checked now, so a bad shape fails the start, not the first request; made once the state exists.
    posts: (o.posts ?? []).map((spec) => (resolvePost(spec), { ...spec })),
    mediaDelay: o.mediaDelay ?? 100,
    feed: o.feed === true ? {} : o.feed || undefined,
    listingCap: o.listingCap ?? Infinity,
  };
}
