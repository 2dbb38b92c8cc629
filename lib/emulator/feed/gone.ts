import type { Thing } from '../things/things.js';

/** What the feed knows of items taken away. */
export interface GoneSets {
  readonly removed: ReadonlySet<string>;
  readonly deleted: ReadonlySet<string>;
}

/**
 * A deleted or removed post or comment as the platform still shows it by fullname (`/api/info`):
 * there, with its author or text gone. Deleted: author and text `[deleted]`; removed by a moderator:
 * text `[removed]` (a comment's author `[deleted]` too), `removed_by_category: "moderator"`.
 */
export function asGone(thing: Thing, gone: GoneSets): Thing {
  const name = String(thing.data.name);
  if (!gone.removed.has(name)) return thing;
  const deleted = gone.deleted.has(name);
  const text = deleted ? '[deleted]' : '[removed]';
  const data = { ...thing.data };
  if (thing.kind === 't1') Object.assign(data, { author: '[deleted]', body: text });
  else Object.assign(data, { selftext: data.is_self ? text : '', removed_by_category: deleted ? 'deleted' : 'moderator', ...(deleted && { author: '[deleted]' }) });
  if (thing.kind === 't1' && !deleted) data.removed_by_category = 'moderator';
  return { kind: thing.kind, data };
}
