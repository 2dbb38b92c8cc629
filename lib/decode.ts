type Decoder = (text: string) => string;
let decoder: Promise<Decoder> | undefined;

/** entities is loaded on first use, so that bundles which never decode do not carry it up front. */
export function loadDecoder(): Promise<Decoder> {
  return (decoder ??= import('entities').then((m) => m.decodeHTML));
}

/**
 * Decode HTML entities in every string value of a freshly parsed body, in place (nobody else holds
 * it), keys untouched. Strings without `&` are skipped without calling the decoder.
 */
export function decodeValues(value: unknown, decode: Decoder): unknown {
  if (typeof value === 'string') return value.includes('&') ? decode(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeValues(value[i], decode);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) record[key] = decodeValues(record[key], decode);
  }
  return value;
}
