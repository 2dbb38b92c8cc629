/** An OAuth app registered with the emulator. */
export interface EmulatorApp {
  /** `script` (password grant), `web` (authorization code) or `installed` (implicit, no secret). */
  type: 'script' | 'web' | 'installed';
  /** The client id. */
  id: string;
  /** The client secret; must be `''` for installed apps. */
  secret: string;
  /** The registered redirect URI; `redirect_uri` must match it exactly. */
  redirectUri?: string;
  /** Also accept any `http(s)://127.0.0.1|localhost|[::1]` redirect URI (any port and path). */
  anyLoopbackRedirect?: boolean;
  /** Accounts allowed to use the password grant (script apps). Default: every account. */
  developers?: string[];
}

/** A user account of the emulated platform. */
export interface EmulatorAccount {
  name: string;
  password: string;
  /** Base-36 id without the `t2_` prefix; derived from the name when absent. */
  id?: string;
  /** Seconds since the epoch. */
  created_utc?: number;
  link_karma?: number;
  comment_karma?: number;
  /** Subreddits it moderates, which `/r/mod/...` lists together. Default: every subreddit (the emulator lets every account moderate). */
  moderates?: string[];
}

/** Credentials of the demo script app, ready to spread into snoopath's `oauth` option. */
export interface ScriptAppCreds {
  key: string;
  secret: string;
  username: string;
  password: string;
}

/** Credentials of the demo web app (explicit flow). */
export interface WebAppCreds {
  key: string;
  secret: string;
  redirectUri: string;
}

/** Credentials of the demo installed app (implicit flow): it has no secret. */
export interface InstalledAppCreds {
  key: string;
  redirectUri: string;
}
