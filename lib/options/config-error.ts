import { ConfigError } from '../errors/classes.js';

/** Options that hold secrets: their values are never echoed in an error. */
const SECRET_OPTIONS = new Set(['oauth.secret', 'oauth.password', 'proxy']);

/** What was given, in a few words (a long string by its length only). */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 60 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: any = input;
  for (const k of path) v = v == null ? undefined : v[k as string];
  return v;
}

/** A zod issue, as far as these messages need it. */
export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

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
 * The issue to report: an unknown name first, since a misspelt key also leaves the key it meant
 * missing (`oauth: { usrname }` is better answered "did you mean username?" than "username is missing").
 */
export function firstIssue<T extends Issue>(issues: readonly T[]): T {
  return issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!;
}

/**
 * The ConfigError for the first issue zod found, as a sentence: the option, what is wrong, what was
 * given (never a secret's value) and, for an unknown name, the known one it most likely means
 * (among `known(path)`, the names valid where it was found). `noun` is "Option" or "Call option".
 */
export function configErrorOf(issue: Issue, input: unknown, noun: string, known: (path: PropertyKey[]) => readonly string[] = () => []): ConfigError {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length ? `${issue.path.join('.')}.` : '';
    const keys = (issue.keys ?? []).map((k) => where + k);
    const guesses = (issue.keys ?? []).map((k) => didYouMean(k, known(issue.path))).filter((g): g is string => !!g);
    const meant = guesses.length ? ` Did you mean ${guesses.map((g) => where + g).join(', ')}?` : '';
    return new ConfigError(keys.join(', '), `Unknown ${noun.toLowerCase()}${keys.length > 1 ? 's' : ''} ${keys.join(', ')}.${meant} Check the spelling against the options table in the README.`);
  }
  const option = issue.path.join('.') || 'options';
  const value = valueAt(input, issue.path);
  if (value === undefined) return new ConfigError(option, `${noun} ${option} is missing: it ${issue.message}.`);
  // Only the shape of a secret, never its value.
  const given = SECRET_OPTIONS.has(option) && typeof value !== 'object' ? `a ${typeof value}${typeof value === 'string' ? ` of ${value.length} characters` : ''}` : describe(value);
  return new ConfigError(option, `${noun} ${option} ${issue.message}; got ${given}.`);
}
