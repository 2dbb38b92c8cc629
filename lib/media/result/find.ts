/**
 * Finding a media post without its websocket (missing, refused, silent): the pure decisions. Where
 * the account's submissions are (from the submit answer), which listed post is the one just made,
 * and when to look, bounded in time and in requests.
 */
import { postUrl } from '../urls.js';

/** What tells the post among the account's newest submissions. */
export interface Wanted {
  /** The subreddit's name, without `r/`. */
  sr: string;
  title: string;
  /** When the submit was sent, in ms on this machine's clock. */
  since: number;
  /** Where its files were uploaded: a post listed with one of them is surely it. */
  files: readonly string[];
}

export interface Found {
  url: string;
  id: string;
  name: string;
}

/** How far this machine's clock may run ahead of the platform's and the post still count as new. */
export const CLOCK_SKEW_S = 120;
/** Looks at the submissions: at most this many, at these gaps (ms), never past the wait. */
export const MAX_LOOKS = 10;
const GAPS = [500, 1000, 2000, 3000, 5000, 8000, 13000];
const LONGEST_GAP = 15_000;
/** Silence of open websockets after which the submissions are searched too. */
export const SILENCE_MS = 10_000;

type Listed = { kind?: unknown; data?: { id?: unknown; name?: unknown; subreddit?: unknown; title?: unknown; created_utc?: unknown; permalink?: unknown; url?: unknown } };

const same = (a: unknown, b: string) => typeof a === 'string' && a.trim() === b.trim();

/**
 * The post just made, in a listing of the account's submissions (newest first): the same subreddit
 * and title, created since the submit (less CLOCK_SKEW_S); one listed with an uploaded file's URL
 * wins. Its URL is the permalink on the site's origin, and must be one fit to hand out.
 */
export function findPost(listing: unknown, wanted: Wanted, site: string): Found | undefined {
  const children = (listing as { data?: { children?: unknown } } | null)?.data?.children;
  if (!Array.isArray(children)) return undefined;
  const sr = wanted.sr.toLowerCase();
  const after = wanted.since / 1000 - CLOCK_SKEW_S;
  const candidates: Found[] = [];
  let exact: Found | undefined;
  for (const child of children as Listed[]) {
    const d = child?.data;
    if (child?.kind !== 't3' || !d || typeof d.subreddit !== 'string' || d.subreddit.toLowerCase() !== sr || !same(d.title, wanted.title)) continue;
    if (typeof d.created_utc !== 'number' || d.created_utc < after || typeof d.id !== 'string' || typeof d.permalink !== 'string') continue;
    let url: string | undefined;
    try {
      url = postUrl(new URL(d.permalink, site).href);
    } catch {
      url = undefined;
    }
    if (!url) continue;
    const found = { url, id: d.id, name: `t3_${d.id}` };
    candidates.push(found);
    if (!exact && typeof d.url === 'string' && wanted.files.includes(d.url)) exact = found;
  }
  return exact ?? candidates[0];
}

/**
 * The account and the site, from the submit answer's `user_submitted_page`
 * (`https://www.reddit.com/user/NAME/submitted/`): the account's name, and the origin post
 * permalinks hang from. Without a page fit to hand out, no name, and the site is the platform's web
 * origin for its API (oauth.reddit.com), else the API's own (an emulator).
 */
export function submittedBy(answer: unknown, apiOrigin: string): { account?: string | undefined; site: string } {
  const page = postUrl((answer as { json?: { data?: { user_submitted_page?: unknown } } } | null)?.json?.data?.user_submitted_page);
  if (!page) return { site: /^https:\/\/oauth\.reddit\.com$/i.test(apiOrigin) ? 'https://www.reddit.com' : apiOrigin };
  const { origin, pathname } = new URL(page);
  const name = /^\/(?:user|u)\/([^/]+)\/submitted\/?$/i.exec(pathname)?.[1];
  let account: string | undefined;
  try {
    account = name && decodeURIComponent(name);
  } catch {
    // a malformed escape: no name
  }
  return { account, site: origin };
}

/** When to look, in ms from now, within `wait` ms: quickly at first, then every LONGEST_GAP, at most MAX_LOOKS. */
export function lookTimes(wait: number): number[] {
  const times: number[] = [];
  let at = 0;
  for (let i = 0; i < MAX_LOOKS; i++) {
    at += GAPS[i] ?? LONGEST_GAP;
    if (at >= wait) break;
    times.push(at);
  }
  return times;
}

/** How long open websockets may stay silent before the submissions are searched too: SILENCE_MS, less for short waits. */
export function silenceFor(timeout: number): number {
  return Math.min(SILENCE_MS, Math.floor(timeout / 4));
}
