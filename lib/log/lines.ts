// The wording of every log line: pure, one case per event, table-tested (__tests__/log/lines.test.ts).
import type { LineSource, LogDetails, Logger } from './types.js';

export interface Line {
  level: keyof Logger;
  text: string;
  details: LogDetails;
}

/** `250 ms`, `1.5 s`, `42 s`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? Math.round(s * 10) / 10 : Math.round(s)} s`;
}

/** A wait longer than this is a warning: a call that seems stuck says why by default (the console shows `warn` lines). */
export const WARN_WAIT_MS = 5000;

const WAITS = {
  budget: "pacing: the app's rate-limit budget runs low and is spread until the window resets",
  spent: "the app's rate-limit budget is spent until the window resets",
  rate_limit: 'the platform answered 429; sending resumes when its window allows',
  ratelimit_action: 'the platform asked to slow down this action (RATELIMIT in json.errors)',
  morechildren: 'another /api/morechildren call of this account is running (one at a time)',
} as const;

/** Whose wait: the account and the app's client id (`u/bot, app abc123`). */
const whose = ({ account, app }: { account: string; app: string | undefined }): string => (app ? `${account}, app ${app}` : account);

type Failure = { name?: string; message?: string; status?: number; method?: string; url?: string };

/** Why a send failed, in a few words: `GET /r/aww/hot answered 503`, or the error's own sentence. */
function why(error: Failure): { text: string; status?: number } {
  if (typeof error.status === 'number' && error.method && error.url) {
    let path = error.url;
    try {
      path = new URL(error.url).pathname;
    } catch {
      // keep the URL as given
    }
    return { text: `${error.method} ${path} answered ${error.status}`, status: error.status };
  }
  return { text: (error.message ?? String(error)).replace(/\.$/, '') };
}

/** The line for an event or a request, or `undefined` when it is not worth a line. */
export function lineFor([name, payload]: LineSource): Line | undefined {
  switch (name) {
    case 'retry': {
      // The reason comes last: a message from elsewhere may end in something the redaction masks.
      const { text, status } = why(payload.error as Failure);
      const details = { event: name, attempt: payload.attempt, delay: payload.delay, status, error: (payload.error as Failure).name };
      const retry = `Retry ${payload.attempt}`;
      if (status === 429) return { level: 'warn', text: `${retry} when the rate limit allows: ${text} (too many requests).`, details };
      if (status === 401) return { level: 'debug', text: `${retry} at once with a renewed token: ${text}.`, details };
      return { level: 'warn', text: `${retry} in ${duration(payload.delay)}: ${text}.`, details };
    }
    case 'waiting': {
      const { ms, reason, spent } = payload;
      if (ms <= 1000) return undefined;
      const level = ms > WARN_WAIT_MS || reason === 'ratelimit_action' ? 'warn' : reason === 'morechildren' ? 'debug' : 'info';
      const why = reason === 'budget' && spent ? WAITS.spent : WAITS[reason];
      return { level, text: `Waiting ${duration(ms)} before the next send (${whose(payload)}): ${why}.`, details: { event: 'wait', ...payload } };
    }
    case 'reached': {
      // The wait printed is the one taken: until the budget reopens, never the header's rounded-down reset.
      // A 429 without rate-limit headers says nothing of what was used (its state counts 0).
      const used = payload.used > 0 ? `${payload.used} requests used in this window` : 'the platform answered 429 without rate-limit headers';
      return {
        level: 'info',
        text: `Rate limit reached (${whose(payload)}): ${used}; nothing is sent for ${duration(Math.max(0, payload.ms))}, until it resets.`,
        details: { event: 'rate_limit_reached', ...payload },
      };
    }
    case 'access_token_expired':
      return {
        level: 'warn',
        text: 'The access token expired and cannot be renewed (implicit or temporary authorization): calls fail with AuthError until auth() succeeds again.',
        details: { event: name },
      };
    case 'access_token_refreshed':
      // The payload is the token itself: never part of a line.
      return { level: 'debug', text: 'New access token received.', details: { event: name } };
    case 'token_request':
      return { level: 'info', text: `Token request: ${payload.grant} grant, POST ${payload.origin}/api/v1/access_token.`, details: { event: name, grant: payload.grant } };
    case 'revoke_request':
      return { level: 'info', text: `Revoke request: ${payload.hint}, POST ${payload.origin}/api/v1/revoke_token.`, details: { event: name, hint: payload.hint } };
    default:
      return undefined;
  }
}
