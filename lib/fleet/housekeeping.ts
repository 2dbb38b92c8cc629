import { performance } from 'node:perf_hooks';
import type { Emit } from './events.js';
import type { Conn } from './redis/link.js';
import { forgetAfter, staleConsumers, type ConsumerInfo } from './rules/delivery.js';
import { GROUP, type StreamKeys } from './rules/keys.js';
import { trimDue, trimPoint } from './rules/trim.js';
import type { FleetStreamRef } from './types.js';

/** A flat `[key, value, ...]` reply (XINFO) as an object. */
export function fields(flat: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Array.isArray(flat)) for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i])] = flat[i + 1];
  return out;
}

/** The consumer group's entry in XINFO GROUPS. */
export function groupInfo(groups: unknown): Record<string, unknown> | undefined {
  return (Array.isArray(groups) ? groups : []).map(fields).find((g) => g.name === GROUP);
}

export function consumerInfo(consumers: unknown): ConsumerInfo[] {
  return (Array.isArray(consumers) ? consumers : []).map(fields).map((c) => ({ name: String(c.name), pending: Number(c.pending), idleMs: Number(c.idle) }));
}

/** Forgetting consumers of dead workers needs no hurry: at most once a minute per worker and stream. */
const FORGET_EVERY_MS = 60_000;

/**
 * Keeps one stream's Redis memory bounded, for the readers of this worker: after enough
 * acknowledgements it trims entries every worker is done with (rules/trim.ts decides when and
 * where), and now and then it forgets consumers of workers long gone.
 */
export class Housekeeper {
  #acks = 0;
  #trimmedAt: number | null = null;
  #forgotAt: number | null = null;
  #busy = false;

  constructor(
    readonly conn: Conn,
    readonly keys: StreamKeys,
    readonly ref: FleetStreamRef,
    readonly claimAfterMs: number,
    readonly own: ReadonlySet<string>,
    readonly emit: Emit,
  ) {}

  /** An item was acknowledged: trim if it is time (not awaited by the reader). */
  acked(): void {
    this.#acks++;
    const since = this.#trimmedAt === null ? null : performance.now() - this.#trimmedAt;
    if (trimDue(this.#acks, since)) this.#start();
  }

  /** A read found nothing new: a quiet stream is a good time to trim what was acknowledged since the last trim. */
  idle(): void {
    if (this.#acks > 0) this.#start();
  }

  #start(): void {
    if (this.#busy) return;
    this.#busy = true;
    this.#acks = 0;
    this.#trimmedAt = performance.now();
    void this.#trim().finally(() => (this.#busy = false));
  }

  async #trim(): Promise<void> {
    const { conn, keys } = this;
    try {
      const replies = (await conn.pipeline().xpending(keys.items, GROUP).xinfo('GROUPS', keys.items).exec()) ?? [];
      const [[e1, pending] = [null, undefined], [e2, groups] = [null, undefined]] = replies as Array<[Error | null, any]>;
      if (e1 || e2) throw e1 ?? e2;
      const group = groupInfo(groups);
      if (!group) return;
      const point = trimPoint({ pending: Number(pending?.[0] ?? 0), oldestPending: pending?.[1] ?? null, lastDelivered: String(group['last-delivered-id']) });
      if (point) await conn.xtrim(keys.items, 'MINID', point);
      if (this.#forgotAt === null || performance.now() - this.#forgotAt >= FORGET_EVERY_MS) {
        this.#forgotAt = performance.now();
        await this.#forget();
      }
    } catch (error) {
      if ((error as Error).name === 'ReplyError') this.emit('failure', { stream: this.ref, during: 'trim', error: error as Error });
    }
  }

  async #forget(): Promise<void> {
    const consumers = consumerInfo(await this.conn.xinfo('CONSUMERS', this.keys.items, GROUP));
    for (const name of staleConsumers(consumers, this.own, this.claimAfterMs)) {
      await this.conn.fleetForget(this.keys.items, GROUP, name, forgetAfter(this.claimAfterMs));
    }
  }
}
