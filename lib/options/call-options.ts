import * as z from 'zod/mini';
import { ConfigError } from '../errors/classes.js';
import { configErrorOf, describe } from './config-error.js';
import { count, oneOf, optionsSchema } from './schema.js';
import type { CallOptions } from '../types/call.js';

const { decodeHtmlEntities, rawJson, retryAttempts, retryDelay, requestTimeout, apiType, ratelimitWait, maxWait, maxResponseSize } = optionsSchema.shape;

/** An AbortSignal of this realm or another (a signal from a test runner's or a worker's global). */
const isSignal = (v: unknown): v is AbortSignal =>
  v instanceof AbortSignal || Object.prototype.toString.call(v) === '[object AbortSignal]';

/**
 * Per-call options: the instance's own checks for the options a call may override (the same
 * schemas), and the call's own. Unknown names are errors, as in the constructor.
 */
export const callOptionsSchema = z.strictObject({
  decodeHtmlEntities: z.optional(decodeHtmlEntities),
  rawJson: z.optional(rawJson),
  retryAttempts: z.optional(retryAttempts),
  retryDelay: z.optional(retryDelay),
  requestTimeout: z.optional(requestTimeout),
  apiType: z.optional(apiType),
  bypassAuth: z.optional(z.boolean({ error: 'must be true or false' })),
  listingIndex: z.optional(count('must be a whole number, 0 or more (which listing of the answer to slice)')),
  bodyType: z.optional(oneOf(['form', 'json', 'query'], 'must be "form", "json" or "query"')),
  signal: z.optional(z.custom<AbortSignal>(isSignal, { error: 'must be an AbortSignal (from new AbortController().signal or AbortSignal.timeout(ms))' })),
  ratelimitWait: z.optional(ratelimitWait),
  maxWait,
  priority: z.optional(oneOf(['high', 'normal', 'low'], 'must be "high", "normal" or "low"')),
  maxResponseSize: z.optional(maxResponseSize),
});

/**
 * Check options against a strict schema (the call options', or one built from their parts, as media
 * posts do); throws ConfigError naming the first problem, with "Did you mean" for a misspelt name.
 * `noun` names them in messages ("Call option"), `whole` the options object. Only run when options are given.
 */
export function checkOptionsWith<T>(schema: z.ZodMiniObject, input: unknown, noun: string, whole = 'callOptions'): T {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ConfigError(whole, `${noun}s must be an object such as { requestTimeout: 5000 }, or left out; got ${describe(input)}.`);
  }
  const result = schema.safeParse(input);
  if (!result.success) throw configErrorOf(result.error.issues[0]!, input, noun, () => Object.keys(schema.shape));
  // The options as given (the schemas only check; their defaults must not override the instance's).
  return input as T;
}

/**
 * Check a call's options; throws ConfigError naming the option (the call then rejects with it).
 * Only run when options are given, so the common call without them costs nothing here.
 */
export function checkCallOptions(input: unknown): CallOptions {
  return checkOptionsWith<CallOptions>(callOptionsSchema, input, 'Call option');
}
