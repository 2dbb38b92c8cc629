/**
 * When a replayed request is "the same" as a recorded one: method, path, query (in any order) and
 * body (form or JSON, normalised), without the parameters the client adds by itself, and with every
 * credential label taken as equal (a replay runs with dummy credentials). Pure.
 */
import { LABEL } from './secrets.js';
import type { RecordedRequest } from './types.js';

/** Parameters the client adds by itself: they never break a match. */
export const ALWAYS_IGNORED: readonly string[] = ['raw_json', 'api_type'];

/** What two requests must share to match. */
export interface MatchKey {
  method: string;
  path: string;
  /** `name=value` pairs, sorted. */
  query: string[];
  /** `name=value` pairs of a form, or the canonical JSON, or the text; empty for none and for uploads. */
  body: string[];
}

const normal = (text: string) => text.replace(LABEL, 'REDACTED');

/** Token and revoke requests match on their grant (or hint) alone: a replay sends dummy credentials and usernames. */
function oauthFields(path: string): string[] | undefined {
  if (/\/api\/v1\/access_token\/?$/.test(path)) return ['grant_type'];
  if (/\/api\/v1\/revoke_token\/?$/.test(path)) return ['token_type_hint'];
  return undefined;
}

/** JSON with its keys sorted, so key order never breaks a match. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sortedPairs(entries: Iterable<[string, string]>, keep: (name: string) => boolean): string[] {
  return [...entries].filter(([k]) => keep(k)).map(([k, v]) => `${k}=${normal(v)}`).sort();
}

export function keyOf(r: RecordedRequest, ignore: ReadonlySet<string>): MatchKey {
  const url = new URL(r.url);
  const path = normal(url.pathname);
  const only = oauthFields(url.pathname);
  const keep = (name: string) => (only ? only.includes(name) : !ignore.has(name));
  const query = sortedPairs(url.searchParams, (name) => !ignore.has(name));
  let body: string[] = [];
  if (r.form) body = sortedPairs(Object.entries(r.form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]])), keep);
  else if (r.json !== undefined) {
    const json = r.json && typeof r.json === 'object' && !Array.isArray(r.json)
      ? Object.fromEntries(Object.entries(r.json).filter(([k]) => keep(k)))
      : r.json;
    body = [normal(canonical(json))];
  } else if (r.text !== undefined) body = [normal(r.text)];
  return { method: r.method.toUpperCase(), path, query, body };
}

export const sameKey = (a: MatchKey, b: MatchKey): boolean =>
  a.method === b.method && a.path === b.path && a.query.join('&') === b.query.join('&') && a.body.join('&') === b.body.join('&');

/** How alike two keys are: the path counts most, then the method, then shared parameters. */
function likeness(a: MatchKey, b: MatchKey): number {
  const segments = (p: string) => p.split('/').filter(Boolean);
  const [sa, sb] = [segments(a.path), segments(b.path)];
  let common = 0;
  while (common < sa.length && common < sb.length && sa[common] === sb[common]) common++;
  const path = a.path === b.path ? 10 : (4 * common) / Math.max(sa.length, sb.length, 1);
  const shared = (x: string[], y: string[]) => x.filter((p) => y.includes(p)).length - 0.5 * (x.length + y.length - 2 * x.filter((p) => y.includes(p)).length);
  return path + (a.method === b.method ? 3 : 0) + 0.5 * shared(a.query, b.query) + 0.5 * shared(a.body, b.body);
}

/** `METHOD /path?query` of a recorded request, for messages. */
export function describe(r: RecordedRequest): string {
  const url = new URL(r.url);
  // What the client adds by itself says nothing about the request a reader is looking for.
  for (const name of ALWAYS_IGNORED) url.searchParams.delete(name);
  return `${r.method.toUpperCase()} ${url.pathname}${url.search}`;
}

const listDiff = (recorded: string[], sent: string[]) => {
  const gone = recorded.filter((p) => !sent.includes(p));
  const added = sent.filter((p) => !recorded.includes(p));
  return [gone.length ? `recorded ${gone.join('&')}` : '', added.length ? `sent ${added.join('&')}` : ''].filter(Boolean).join(', ');
};

/** What differs between a recorded request and the one sent, in words. */
export function difference(recorded: MatchKey, sent: MatchKey): string {
  const parts: string[] = [];
  if (recorded.method !== sent.method) parts.push(`method (recorded ${recorded.method})`);
  if (recorded.path !== sent.path) parts.push(`path (recorded ${recorded.path})`);
  if (recorded.query.join('&') !== sent.query.join('&')) parts.push(`query (${listDiff(recorded.query, sent.query)})`);
  if (recorded.body.join('&') !== sent.body.join('&')) {
    const long = (list: string[]) => list.join('&').length > 120;
    parts.push(long(recorded.body) || long(sent.body) ? 'body' : `body (${listDiff(recorded.body, sent.body)})`);
  }
  return parts.join('; ');
}

/** The recorded request most like `sent`, by index, or -1 when none was recorded. */
export function closest(sent: MatchKey, keys: readonly MatchKey[]): number {
  let best = -1;
  let score = -Infinity;
  keys.forEach((k, i) => {
    const s = likeness(k, sent);
    if (s > score) [best, score] = [i, s];
  });
  return best;
}
