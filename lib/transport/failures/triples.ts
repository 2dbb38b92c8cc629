/** The platform's RATELIMIT refusals are short: a longer answer that mentions the word is something else (a listing, a comment). */
export const MAX_REFUSAL_LENGTH = 4096;

/** Whether a 2xx answer's text may be a RATELIMIT refusal (lib/transport/failures/words.ts tells for sure). */
export const mayBeRatelimitRefusal = (text: string): boolean => text.length <= MAX_REFUSAL_LENGTH && text.includes('RATELIMIT');

/** The `[code, message, field]` triples of a `{json: {errors}}` body, or `[]`. */
export function errorTriples(body: unknown): Array<[string, string, string?]> {
  const errors = (body as { json?: { errors?: unknown } } | null)?.json?.errors;
  return Array.isArray(errors) ? errors.filter(Array.isArray).map((e) => [String(e[0]), String(e[1] ?? ''), e[2] == null ? undefined : String(e[2])] as [string, string, string?]) : [];
}
