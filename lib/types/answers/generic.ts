// The generic forms every answer type builds on; the things themselves are typed from recorded
// answers in typings/things.d.ts (generated), and lib/types/things.ts exports both.

/** Any thing as the platform wraps it: `{ kind, data }`. */
export interface Thing<D = Record<string, unknown>, K extends string = string> {
  kind: K;
  data: D;
}

/** A thing's fullname: its kind, `_`, and its base-36 id (`t3_abc123`). */
export type Fullname = `${'t1' | 't2' | 't3' | 't4' | 't5' | 't6'}_${string}`;

/** What went wrong, as `json.errors` lists it: `[code, message, field]`. */
export type JsonErrors = Array<[code: string, message: string, field: string | null]>;

/**
 * The `{ json: { errors, data } }` envelope of form-posted actions (with `api_type=json`, which the
 * client fills in). `errors` is empty: the client rejects with ResponseError otherwise.
 */
export interface JsonResponse<D> {
  json: {
    errors: JsonErrors;
    data: D;
  };
}

/** The same envelope from an action that answers no data: `{ json: { errors: [] } }`. */
export interface JsonAck {
  json: {
    errors: JsonErrors;
  };
}
