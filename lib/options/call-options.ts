import * as z from 'zod/mini';
import { ConfigError } from '../errors/classes.js';
import { configErrorOf, describe } from './config-error.js';
import { optionsSchema } from './schema.js';
import type { CallOptions } from '../types/call.js';

const { decodeHtmlEntities, retryAttempts, retryDelay, requestTimeout, apiType, ratelimitWait, maxWait } = optionsSchema.shape;

/** An AbortSignal of this realm or another (a signal from a test runner's or a worker's global). */
const isSignal = (v: unknown): v is AbortSignal =>
  v instanceof AbortSignal || Object.prototype.toString.call(v) === '[object AbortSignal]';

/**
 * Per-call options: the instance's own checks for the options a call may override (the same
 * schemas), and the call's own. Unknown names are errors, as in the constructor.
 */
const callOptionsSchema = z.strictObject({
  decodeHtmlEntities: z.optional(decodeHtmlEntities),
  retryAttempts: z.optional(retryAttempts),
  retryDelay: z.optional(retryDelay),
  requestTimeout: z.optional(requestTimeout),
  apiType: z.optional(apiType),
  bypassAuth: z.optional(z.boolean({ error: 'must be true or false' })),
  listingIndex: z.optional(z.int({ error: 'must be a whole number, 0 or more (which listing of the answer to slice)' }).check(z.gte(0, { error: 'must be a whole number, 0 or more (which listing of the answer to slice)' }))),
  bodyType: z.optional(z.enum(['form', 'json'], { error: 'must be "form" or "json"' })),
  signal: z.optional(z.custom<AbortSignal>(isSignal, { error: 'must be an AbortSignal (from new AbortController().signal or AbortSignal.timeout(ms))' })),
  ratelimitWait: z.optional(ratelimitWait),
  maxWait,
  priority: z.optional(z.enum(['high', 'normal', 'low'], { error: 'must be "high", "normal" or "low"' })),
});

const known = Object.keys(callOptionsSchema.shape);

/** Edit distance (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The known name closest to a misspelt one, when one is close enough to be meant. */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0 : distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= Math.max(1, Math.min(3, Math.floor(name.length / 3))) ? best : undefined;
}


/**
 * Check a call's options; throws ConfigError naming the option (the call then rejects with it).
 * Only run when options are given, so the common call without them costs nothing here.
 */
export function checkCallOptions(input: unknown): CallOptions {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ConfigError('callOptions', `Call options must be an object such as { requestTimeout: 5000 }, or left out; got ${describe(input)}.`);
  }
  const result = callOptionsSchema.safeParse(input);
  if (!result.success) throw configErrorOf(result.error.issues[0]!, input, 'Call option', (key) => didYouMean(key, known));
  // The options as given (the schemas only check; their defaults must not override the instance's).
  return input as CallOptions;
}
