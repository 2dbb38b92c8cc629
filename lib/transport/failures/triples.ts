/** The `[code, message, field]` triples of a `{json: {errors}}` body, or `[]`. */
export function errorTriples(body: unknown): Array<[string, string, string?]> {
  const errors = (body as { json?: { errors?: unknown } } | null)?.json?.errors;
  return Array.isArray(errors) ? errors.filter(Array.isArray).map((e) => [String(e[0]), String(e[1] ?? ''), e[2] == null ? undefined : String(e[2])] as [string, string, string?]) : [];
}
