import type { Ctx } from '../server/http.js';
import { json } from '../server/http.js';
import type { ActionLimit } from '../types.js';

/** Actions the per-action limit counts by default: posting, commenting, messaging. */
export const LIMITED_ACTIONS = ['/api/comment', '/api/submit', '/api/compose', '/api/submit_gallery_post', '/api/submit_poll_post'];

/** "3 minutes", "1 minute", "9 seconds": the platform's wording of a wait. */
export function wording(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const whole = Math.max(1, Math.ceil(seconds));
  return `${whole} second${whole === 1 ? '' : 's'}`;
}

/**
 * The platform's per-action limit, per account and action: after `count` actions within `seconds`,
 * the next answers HTTP 200 with `json.errors` RATELIMIT and `json.ratelimit` (seconds until the
 * oldest of them leaves the window). A refused action is not counted.
 */
export class ActionLimiter {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly now: () => number, private limit: ActionLimit | false) {}

  set(limit: ActionLimit | false): void {
    this.limit = limit;
    this.seen.clear();
  }

  /** Whether the request was refused (then it has been answered). Only POSTs of an account to a limited action count. */
  refuse(ctx: Ctx): boolean {
    const limit = this.limit;
    const user = ctx.principal?.user;
    if (!limit || !user || ctx.method !== 'POST' || !(limit.actions ?? LIMITED_ACTIONS).includes(ctx.route)) return false;
    const key = `${user.toLowerCase()} ${ctx.route}`;
    const now = this.now();
    const times = (this.seen.get(key) ?? []).filter((t) => t > now - limit.seconds * 1000);
    this.seen.set(key, times);
    if (times.length < limit.count) {
      times.push(now);
      return false;
    }
    const left = (times[0]! + limit.seconds * 1000 - now) / 1000;
    json(ctx, 200, { json: { errors: [['RATELIMIT', `you are doing that too much. try again in ${wording(left)}.`, 'ratelimit']], ratelimit: Number(left.toFixed(3)) } });
    return true;
  }
}
