/** Where tokens live across restarts. Both methods may be async. */
export interface TokenStore {
  /** Called once, before the first request. */
  get(): Tokens | undefined | null | Promise<Tokens | undefined | null>;
  /** Called whenever a new access or refresh token arrives. */
  set(tokens: Tokens): void | Promise<void>;
}

/** Tokens as kept in a {@link TokenStore}. */
export interface Tokens {
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  /** Epoch milliseconds when the access token expires. */
  expiresAt?: number | undefined;
}
