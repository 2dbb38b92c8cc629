/**
 * The contract between an instance and a budget shared with other processes (`limiter` option).
 * Types only: the Bottleneck + Redis implementation lives in lib/shared-limit.ts, a separate entry
 * (`snoopath/shared-limit`), so nothing here reaches the main bundle or the browser build.
 */

/** What the pacer tells the shared budget after each answer; every process then paces by the same numbers. */
export interface SharedBudgetSettings {
  /** Minimum ms between two starts, across all processes. */
  minTime?: number;
  /** How many sends may be under way at once across all processes; Infinity for no cap. */
  maxConcurrent?: number;
  /** Starts left in the window; null means unknown (unlimited until an answer tells). */
  reservoir?: number | null;
  /** With `reservoir: 0`: epoch ms when the window is over for sure (a process that starts later may reopen then). */
  refillAt?: number;
}

/** One client id's budget, as an instance uses it. */
export interface SharedBudget {
  /**
   * Run `send` when the shared budget allows, then `observe` its answer while the send still
   * counts as running. With rate-limit headers, `claimed` is the reservoir set from `remaining`
   * minus the sends reserved or under way in every process (this one excluded), read and written
   * in one atomic step; null when the shared budget took nothing from the answer (one of a window
   * already over); undefined without one (no headers, or the store unreachable: pace by the answer alone).
   * An abort of `signal` rejects at once with its reason; if the budget starts
   * the send later, it is skipped (and its reservoir unit given back). Waiting sends go out high
   * before normal before low (`priority`, default normal), across processes. With `defer`, a send
   * that would wait longer than `maxWait` ms rejects with `refuse(ms)` instead: at once when the
   * shared budget is closed for longer, else when it has waited that long.
   */
  schedule(
    send: () => Promise<Response>,
    signal: AbortSignal | undefined,
    observe: (response: Response, claimed: number | null | undefined) => void,
    priority?: 'high' | 'normal' | 'low',
    defer?: { maxWait: number; refuse(ms: number): Error },
  ): Promise<Response>;
  /** Why the shared store cannot be used right now (sends are then paced by this process alone), or undefined. */
  readonly unavailable?: Error | undefined;
  /** Apply new settings for everyone. Never rejects (errors go to the limiter's own error handler). */
  update(settings: SharedBudgetSettings): void;
  /** The window this process saw closed is over: reopen (probe again) unless another process already did. Never rejects. */
  reopen?(): void;
  /** Ms left of a RATELIMIT cooldown (`<account> <action>`) that any process set; 0 when none (or the store is unreachable). */
  cooldownLeft?(key: string): Promise<number>;
  /** Set a RATELIMIT cooldown for every process. Never rejects. */
  setCooldown?(key: string, ms: number): void;
  /**
   * Take a lock one process at a time (the morechildren lock of an account); resolves to its release.
   * It expires by itself after a while, so a crashed process frees it. An abort of `signal` rejects at once.
   */
  lock?(key: string, signal: AbortSignal | undefined): Promise<() => void>;
}

/**
 * A budget shared across processes, passed as the `limiter` option. `sharedLimit()` from
 * `snoopath/shared-limit` returns one (Bottleneck + Redis); one object may serve many instances.
 */
export interface SharedLimiter {
  /** Called once by each instance with its OAuth client id (`"cookies"` in cookie mode). */
  attach(clientId: string): SharedBudget;
}
