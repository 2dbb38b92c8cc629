import { ConfigError } from '../errors/classes.js';

/** An ioredis client (standalone). Only its shape is named here, so ioredis stays an optional peer dependency. */
export interface RedisClient {
  duplicate(...args: any[]): unknown;
  status: string;
}

/** The ioredis class. */
export type RedisClass = new (...args: any[]) => unknown;

/**
 * The ioredis class to open connections with: the one given, else the installed package's. ioredis
 * is an optional peer dependency, loaded only by `snoopath/shared-limit` and `snoopath/fleet`, and
 * only when they are given options instead of a client: this is the one place that imports it.
 * `who` names the function in the error (`sharedLimit()`, `fleet()`).
 */
export async function ioredisClass(given: RedisClass | undefined, who: string): Promise<RedisClass> {
  if (given) return given;
  try {
    const ioredis: any = await import('ioredis');
    return ioredis.Redis ?? ioredis.default;
  } catch (error) {
    throw new ConfigError('Redis', `${who} could not load ioredis (${(error as Error).message}): npm install ioredis, or pass a client as redis.`);
  }
}
