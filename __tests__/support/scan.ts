/** Secret scans: every way a user (or a log) can look at an object, searched for secret values. */
import { inspect } from 'node:util';

/** Every string reachable from `root` through own properties (symbols and non-enumerable ones too), Maps, Sets and arrays. */
export function reachableStrings(root: unknown, limit = 20_000): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const queue: unknown[] = [root];
  while (queue.length > 0 && seen.size < limit) {
    const value = queue.shift();
    if (typeof value === 'string') {
      out.push(value);
      continue;
    }
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) continue;
    seen.add(value);
    if (value instanceof Map) for (const [k, v] of value) queue.push(k, v);
    if (value instanceof Set) for (const v of value) queue.push(v);
    let keys: PropertyKey[] = [];
    try {
      keys = Reflect.ownKeys(value as object);
    } catch {
      continue;
    }
    for (const key of keys) {
      if (typeof key === 'string') out.push(key);
      let descriptor: PropertyDescriptor | undefined;
      try {
        descriptor = Object.getOwnPropertyDescriptor(value, key);
      } catch {
        continue;
      }
      if (!descriptor) continue;
      if ('value' in descriptor) queue.push(descriptor.value);
      else if (key === 'stack' && value instanceof Error) queue.push(value.stack);
    }
  }
  return out;
}

/** Everything a user could print or serialize of a value. */
export function views(value: unknown): string {
  const parts: string[] = [];
  const attempt = (f: () => unknown) => {
    try {
      parts.push(String(f()));
    } catch (error) {
      parts.push(`<${(error as Error).name}>`);
    }
  };
  attempt(() => inspect(value, { showHidden: true, depth: Infinity, showProxy: true, getters: true }));
  attempt(() => inspect(value, { depth: Infinity }));
  attempt(() => JSON.stringify(value));
  attempt(() => String(value));
  attempt(() => Object.keys(value as object).join(','));
  attempt(() => {
    const keys: string[] = [];
    for (const key in value as object) keys.push(`${key}=${String((value as Record<string, unknown>)[key])}`);
    return keys.join(',');
  });
  attempt(() => inspect(structuredClone(value), { showHidden: true, depth: Infinity }));
  parts.push(...reachableStrings(value));
  return parts.join('\n');
}

/** The secrets among `secrets` that `value` shows anywhere. */
export function leaked(value: unknown, secrets: readonly string[]): string[] {
  const text = views(value);
  return secrets.filter((secret) => text.includes(secret));
}
