import { NPC_AUTHORS } from './data.js';
import type { Ctx } from '../server/http.js';
import { json, notFound } from '../server/http.js';
import type { State } from '../state.js';
import type { EmulatorAccount } from '../types.js';

/** An account as the platform describes it; `me` adds what only the owner sees. */
function accountData(a: EmulatorAccount, me: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {
    name: a.name, id: a.id, created: a.created_utc, created_utc: a.created_utc,
    link_karma: a.link_karma, comment_karma: a.comment_karma,
    total_karma: (a.link_karma ?? 0) + (a.comment_karma ?? 0),
    is_gold: false, is_mod: false, is_employee: false, verified: true, has_verified_email: true,
    icon_img: 'https://www.redditstatic.com/avatars/defaults/v2/avatar_default_1.png',
    subreddit: { display_name: `u_${a.name}`, public_description: 'Bots & <b>tests</b>' },
  };
  if (me) Object.assign(data, { inbox_count: 0, has_mail: false, over_18: false, pref_nightmode: false, coins: 0 });
  return data;
}

function npc(name: string): EmulatorAccount | undefined {
  const index = NPC_AUTHORS.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  const found = NPC_AUTHORS[index];
  return found === undefined ? undefined : { name: found, password: '', id: (90_000 + index).toString(36), created_utc: 1_500_000_000, link_karma: 100, comment_karma: 50 };
}

/** `GET /api/v1/me`. */
export function me(ctx: Ctx, state: State): void {
  const account = state.account(ctx.principal?.user);
  if (account) json(ctx, 200, accountData(account, true));
  else notFound(ctx);
}

/** `GET /api/me.json`: the cookie session's account and modhash; `{}` when logged out. */
export function meJson(ctx: Ctx, state: State): void {
  const p = ctx.principal;
  const account = state.account(p?.user);
  if (!account) return json(ctx, 200, {});
  json(ctx, 200, { kind: 't2', data: { ...accountData(account, true), modhash: p?.modhash ?? null } });
}

/** `GET /user/{name}/about`. */
export function userAbout(ctx: Ctx, state: State, name: string): void {
  const account = state.account(name) ?? npc(name);
  if (account) json(ctx, 200, { kind: 't2', data: accountData(account, false) });
  else notFound(ctx);
}
