import { createHash } from 'node:crypto';
import type { Args } from '../../request/path.js';

/**
 * Redis keys of one fleet stream. They share a hash tag (`{...}`), so the scripts that touch several
 * of them also run on a Redis Cluster.
 */
export interface StreamKeys {
  /** The lease: which worker polls (`SET NX PX`, renewed by its holder). */
  lease: string;
  /** The poller's cursor (JSON), written only by the lease holder. */
  cursor: string;
  /** The Redis Stream the poller publishes to, read through the consumer group. */
  items: string;
  /** Fullnames published lately (sorted set), so a new poller that reads them again does not publish them twice. */
  published: string;
}

/** The consumer group every worker reads through. */
export const GROUP = 'workers';

/** Arguments in one canonical text: keys sorted at every depth, so `{a, b}` and `{b, a}` name the same stream. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A stream's id within its fleet: the same path template and arguments give the same id on every machine. */
export function streamId(path: string, args: Args): string {
  return createHash('sha256').update(`${path}\n${canonical(args)}`).digest('hex').slice(0, 16);
}

/** The keys of stream `id` of fleet `name`. */
export function streamKeys(name: string, id: string): StreamKeys {
  const base = `snoopath:fleet:{${name}:${id}}`;
  return { lease: `${base}:lease`, cursor: `${base}:cursor`, items: `${base}:items`, published: `${base}:published` };
}

/** The hash of every stream a fleet has run (id -> path and arguments), for `stats()` on any worker. */
export function registryKey(name: string): string {
  return `snoopath:fleet:${name}:streams`;
}
