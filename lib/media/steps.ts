import { ResponseError, type MediaStep, type ResponseErrorDetails } from '../errors/classes.js';
import type { CallOptions } from '../types/call.js';
import type { MediaRequestOptions } from './types.js';

const WHAT: Record<MediaStep, string> = {
  lease: 'Media post, lease step (POST /api/media/asset.json)',
  upload: 'Media post, upload step (to the storage host)',
  submit: 'Media post, submit step',
  result: 'Media post, result step',
};

/** A message that names the step it comes from. */
export const stepText = (step: MediaStep, text: string): string => `${WHAT[step]}: ${text}`;

/** A step's message without its prefix, to quote it in another. */
export const stepDetail = (message: string): string => message.replace(/^Media post, \w+ step[^:]*: /, '');

/** A ResponseError for an answer of one step that cannot be used (a lease without fields, an upload answer without a URL). */
export function answerError(step: MediaStep, problem: string, details: Omit<ResponseErrorDetails, 'errors' | 'step'>): ResponseError {
  return new ResponseError(stepText(step, problem), { ...details, errors: [], step });
}

/** A ResponseError of the call layer, told which step it ended; anything else (abort, timeout, network) as it is. */
export function atStep(step: MediaStep, error: unknown, message?: string): unknown {
  if (!(error instanceof ResponseError) || error.step) return error;
  const { status, method, url, body, errors, attempts } = error;
  return new ResponseError(stepText(step, message ?? error.message), { status, method, url, body, errors, attempts, step });
}

/** Run one step; a ResponseError it raises names the step. */
export async function step<T>(name: MediaStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw atStep(name, error);
  }
}

/** The call options of a step's API call (lease, submit), from the media options. */
export function callOptions({ signal, retryAttempts, retryDelay, requestTimeout }: MediaRequestOptions): CallOptions {
  return { signal, retryAttempts, retryDelay, requestTimeout } as CallOptions;
}
