/** In-process workers of the fleet tests: fleets on the test's redis-server, each with its loop. */
import { fleet, type Fleet, type FleetEventName, type FleetOptions, type Streamable } from '../../../lib/fleet.js';
import { ArgumentError } from '../../../lib/index.js';

export interface Loop {
  f: Fleet;
  /** Names of the items taken, in order. */
  took: string[];
  /** The item in hand (taken, handler not finished), if any. */
  inHand: string | undefined;
  /** Events, `name reason` each. */
  events: string[];
  /** Resolves when the loop has ended (rejects with its error). */
  done: Promise<void>;
}

const EVENTS: FleetEventName[] = ['polling', 'standby', 'claimed', 'lost', 'redis_down', 'redis_up', 'failure'];

/**
 * A fleet and a loop over `call` that takes each item, holds it for `handleMs`, and goes on; `handle`
 * may do more (close the fleet, break by returning 'break').
 */
export function worker(
  options: FleetOptions,
  call: Streamable,
  args: Record<string, unknown>,
  streamOptions: Record<string, unknown> = {},
  handleMs = 5,
  handle?: (name: string, loop: Loop) => Promise<'break' | void> | 'break' | void,
): Loop {
  const f = fleet(options);
  const loop: Loop = { f, took: [], inHand: undefined, events: [], done: Promise.resolve() };
  for (const name of EVENTS) f.on(name, (p: any) => loop.events.push(`${name}${p.reason ? ` ${p.reason}` : ''}${p.name ? ` ${p.name}` : ''}`));
  loop.done = (async () => {
    for await (const item of f.stream(call, args, streamOptions)) {
      const name = (item as unknown as { data: { name: string } }).data.name;
      loop.took.push(name);
      loop.inHand = name;
      await new Promise((resolve) => setTimeout(resolve, handleMs));
      if ((await handle?.(name, loop)) === 'break') break;
      loop.inHand = undefined;
    }
  })();
  return loop;
}

/** A call object whose stream yields `names` (as things), then ends, as a stream with `untilCaughtUp` does once caught up; or fails with `fail`. */
export function fakeCall(names: string[], fail?: Error): Streamable & { path: string; polls: number } {
  const call = {
    path: '/r/$subreddit/fake',
    polls: 0,
    stream: (_args: unknown, options: { signal?: AbortSignal; cursorStore?: { get(): unknown; set(c: unknown): unknown } }) =>
      (async function* () {
        call.polls++;
        const cursor = (await options.cursorStore?.get()) as string | null;
        const seen = new Set<string>(cursor ? JSON.parse(cursor).seen.map(([n]: [string]) => n) : []);
        if (fail) throw fail;
        for (const name of names) {
          if (seen.has(name) || options.signal?.aborted) continue;
          yield { kind: 't1', data: { name } };
          seen.add(name);
          await options.cursorStore?.set({ v: 1, path: '/r/x/fake', seen: [...seen].map((n) => [n, null]), floor: null });
        }
      })(),
  };
  return call as never;
}

export { ArgumentError };
