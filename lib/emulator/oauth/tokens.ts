import { randomBytes } from 'node:crypto';
import { SCOPES } from '../defaults.js';

/** What a chain of tokens (an authorization and its refreshes) was granted; revoking a refresh token ends the chain. */
export interface Grant {
  clientId: string;
  user?: string;
  scopes: ReadonlySet<string>;
  access: Set<string>;
}

export interface AccessToken {
  grant: Grant;
  /** The grant's scopes, possibly narrowed by the token request. */
  scopes: ReadonlySet<string>;
  expiresAt: number;
}

export interface Code {
  clientId: string;
  redirectUri: string;
  user: string;
  scopes: ReadonlySet<string>;
  permanent: boolean;
  expiresAt: number;
}

/** Parses `scope` (space- or comma-separated); undefined when a name is unknown. */
export function parseScopes(value: string | undefined): Set<string> | undefined {
  const names = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (names.length === 0) return new Set(['*']);
  return names.every((n) => n === '*' || SCOPES.has(n)) ? new Set(names) : undefined;
}

/** A grant's scopes narrowed by an optional `scope` parameter. */
export function narrow(granted: ReadonlySet<string>, requested: string | undefined): Set<string> | undefined {
  if (!requested?.trim()) return new Set(granted);
  const wanted = parseScopes(requested);
  if (!wanted || granted.has('*')) return wanted;
  if (wanted.has('*')) return new Set(granted);
  return new Set([...wanted].filter((s) => granted.has(s)));
}

export const formatScopes = (s: ReadonlySet<string>) => (s.has('*') ? '*' : [...s].join(' '));

export function hasScope(granted: ReadonlySet<string>, needed: string): boolean {
  return granted.has('*') || granted.has(needed);
}

/** Access tokens, refresh tokens and authorization codes of one emulator. */
export class TokenStore {
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, Grant>();
  private readonly codes = new Map<string, Code>();
  private counter = 0;

  constructor(private readonly now: () => number, private readonly lifetime: number) {}

  private mint(): string {
    return `${++this.counter}-${randomBytes(16).toString('base64url')}`;
  }

  /** Issues an access token (and a refresh token when asked) as the token endpoint answers them. */
  issue(grant: Grant, scopes: ReadonlySet<string>, withRefresh = false): Record<string, unknown> {
    const token = this.mint();
    this.access.set(token, { grant, scopes, expiresAt: this.now() + this.lifetime * 1000 });
    grant.access.add(token);
    const answer: Record<string, unknown> = { access_token: token, token_type: 'bearer', expires_in: this.lifetime, scope: formatScopes(scopes) };
    if (withRefresh) {
      const rt = this.mint();
      this.refresh.set(rt, grant);
      answer.refresh_token = rt;
    }
    return answer;
  }

  /** A live access token, or undefined when unknown, revoked or expired. */
  check(token: string): AccessToken | undefined {
    const rec = this.access.get(token);
    if (rec && rec.expiresAt > this.now()) return rec;
    if (rec) this.forget(token, rec.grant);
    return undefined;
  }

  refreshGrant(token: string): Grant | undefined {
    return this.refresh.get(token);
  }

  dropRefresh(token: string): void {
    this.refresh.delete(token);
  }

  /** Revokes a token of `clientId`; a refresh token takes its access tokens with it. */
  revoke(token: string, clientId: string): void {
    const grant = this.refresh.get(token);
    if (grant && grant.clientId === clientId) {
      this.refresh.delete(token);
      for (const t of grant.access) this.access.delete(t);
      grant.access.clear();
      return;
    }
    const rec = this.access.get(token);
    if (rec && rec.grant.clientId === clientId) this.forget(token, rec.grant);
  }

  expireAll(): void {
    const now = this.now();
    for (const rec of this.access.values()) rec.expiresAt = Math.min(rec.expiresAt, now);
  }

  /** Every refresh token is revoked with the access tokens of its grant (the user revoked the app); answers how many. */
  revokeRefreshTokens(): number {
    const n = this.refresh.size;
    for (const grant of this.refresh.values()) {
      for (const t of grant.access) this.access.delete(t);
      grant.access.clear();
    }
    this.refresh.clear();
    return n;
  }

  revokeAll(): void {
    this.access.clear();
    this.refresh.clear();
  }

  createCode(code: Omit<Code, 'expiresAt'>): string {
    const value = randomBytes(15).toString('base64url');
    this.codes.set(value, { ...code, expiresAt: this.now() + 600_000 });
    return value;
  }

  /** Takes a code out (codes are single use, even when the exchange then fails). */
  takeCode(value: string): Code | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expiresAt > this.now() ? code : undefined;
  }

  private forget(token: string, grant: Grant): void {
    this.access.delete(token);
    grant.access.delete(token);
  }
}
