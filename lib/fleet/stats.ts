import type { Args } from '../request/path.js';
import { consumerInfo, fields, groupInfo } from './housekeeping.js';
import type { Conn } from './redis/link.js';
import { GROUP, registryKey, streamKeys } from './rules/keys.js';
import type { FleetLocalStats, FleetStreamStats } from './types.js';

/** The reply of one command of a pipeline, or `fallback` when it failed (a stream not created yet). */
const reply = (entry: [Error | null, unknown] | undefined, fallback: unknown): unknown => (!entry || entry[0] ? fallback : entry[1]);

/** Every stream of fleet `name` as Redis sees it now: one round trip per stream. */
export async function fleetStats(conn: Conn, name: string, local: (id: string) => FleetLocalStats | undefined): Promise<FleetStreamStats[]> {
  const registry = ((await conn.hgetall(registryKey(name))) ?? {}) as Record<string, string>;
  return Promise.all(
    Object.entries(registry).map(async ([id, text]) => {
      let meta: { path?: string; args?: Args } = {};
      try {
        meta = JSON.parse(text);
      } catch {
        // A damaged entry still shows the stream's state.
      }
      const keys = streamKeys(name, id);
      const results = (await conn.pipeline().get(keys.lease).xinfo('GROUPS', keys.items).xinfo('CONSUMERS', keys.items, GROUP).xinfo('STREAM', keys.items).exec()) ?? [];
      const poller = reply(results[0], null);
      const group = groupInfo(reply(results[1], []));
      const stream = fields(reply(results[3], []));
      const lag = group?.lag;
      const stats: FleetStreamStats = {
        id,
        path: meta.path ?? '',
        args: meta.args ?? {},
        poller: poller === null ? null : String(poller),
        consumers: consumerInfo(reply(results[2], [])),
        pending: Number(group?.pending ?? 0),
        lag: lag === undefined || lag === null ? null : Number(lag),
        length: Number(stream.length ?? 0),
      };
      const mine = local(id);
      if (mine) stats.local = { ...mine };
      return stats;
    }),
  );
}
