/**
 * Who polls a stream: the worker holding its lease, a Redis key with an expiry (`leaseMs`). These
 * rules turn what Redis answered about the lease into this worker's role and its next look at the
 * lease. Time here is local and relative (how long ago a renewal was sent): clocks of different
 * machines are never compared; only Redis's expiry decides when a lease ends.
 */

/** What the lease script answered: held by this worker (just set or renewed), or by another for `ttlMs` more. */
export type LeaseReply = { held: true } | { held: false; ttlMs: number; holder: string | null };

/** The lease could not be asked about (Redis unreachable, or no answer in time). */
export const UNREACHABLE = 'unreachable';

export interface LeaseView {
  /** Whether this worker polls now. */
  polling: boolean;
  /** How long ago the last renewal that succeeded was sent, in ms; `null` if none did. */
  confirmedAgoMs: number | null;
}

export interface LeaseStep {
  /** Poll (or go on polling): this worker holds the lease, safely until its next look. */
  poll: boolean;
  /** When to look at the lease next, in ms. */
  nextMs: number;
}

/** How often the holder renews its lease: three tries before it could lapse. */
export function renewEvery(leaseMs: number): number {
  return Math.max(1, Math.floor(leaseMs / 3));
}

/**
 * The role after a look at the lease.
 * - Held: poll, renew in a third of `leaseMs`.
 * - Held by another: stand by, look again when it would expire (a worker that died is replaced
 *   within `leaseMs` of its last renewal), or in a third of `leaseMs`, whichever comes first.
 * - Unreachable: a poller goes on only while its last confirmed lease outlasts the next look by
 *   a whole renewal period; otherwise it stops, as another worker may take over once the lease lapses.
 */
export function leaseStep(reply: LeaseReply | typeof UNREACHABLE, view: LeaseView, leaseMs: number): LeaseStep {
  const every = renewEvery(leaseMs);
  if (reply === UNREACHABLE) {
    const safe = view.polling && view.confirmedAgoMs !== null && view.confirmedAgoMs + every < leaseMs;
    return { poll: safe, nextMs: every };
  }
  if (reply.held) return { poll: true, nextMs: every };
  // -2: the key is gone (expired between the script and now); -1: a key without expiry, not ours to judge.
  if (reply.ttlMs === -2) return { poll: false, nextMs: 0 };
  if (reply.ttlMs < 0) return { poll: false, nextMs: every };
  return { poll: false, nextMs: Math.min(every, reply.ttlMs + 1) };
}
