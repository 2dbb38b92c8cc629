import * as z from 'zod/mini';
import { callOptionsSchema, checkOptionsWith } from '../options/call-options.js';
import type { SubmitMediaOptions, UploadMediaOptions } from './types.js';

/**
 * The options of media posts, checked like call options and with the same schemas (a media post's
 * requests take them over), before anything is read or sent: a bad value is a ConfigError naming
 * it, never a send that times out at once or a raw TypeError after the post was made.
 */
const { signal, retryAttempts, retryDelay, requestTimeout, bypassAuth: trueOrFalse } = callOptionsSchema.shape;
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (hint: string) => z.optional(z.string({ error: hint }));

const common = {
  signal, retryAttempts, retryDelay, requestTimeout,
  limits: z.optional(z.custom<object>(isObject, { error: 'must be an object such as { image: 10485760 } (sizes in bytes, types, gallery size)' })),
};

const uploadSchema = z.strictObject({
  ...common,
  name: text('must be a file name such as "cat.png"'),
  type: text('must be a MIME type such as "image/png"'),
});

const submitSchema = z.strictObject({
  ...common,
  waitForResult: trueOrFalse,
  // How long to wait for the result: a timer, so held to the same bounds as requestTimeout.
  timeout: requestTimeout,
  WebSocket: z.optional(z.custom<typeof WebSocket>((v) => typeof v === 'function', { error: "must be a WebSocket class, such as the ws package's WebSocket" })),
});

export function checkUploadOptions(input: unknown): UploadMediaOptions {
  return input === undefined ? {} : checkOptionsWith<UploadMediaOptions>(uploadSchema, input, 'Media option', 'options');
}

export function checkSubmitOptions(input: unknown): SubmitMediaOptions {
  return input === undefined ? {} : checkOptionsWith<SubmitMediaOptions>(submitSchema, input, 'Media option', 'options');
}
