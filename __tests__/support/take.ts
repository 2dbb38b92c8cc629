import { within } from '../../lib/wait/within.js';

/** `work`, or a rejection when it takes more than `ms` (the timer ends with the work). */
export const inTime = <T>(work: Promise<T>, ms = 2000): Promise<T> => within(work, ms, () => new Error(`still waiting after ${ms} ms`));

const nameOf = (item: unknown) => (item as { data: { name: string } }).data.name;

/** The names of the next `n` items of a stream, failing (instead of hanging) when nothing more comes within `ms`. */
export async function take(stream: AsyncIterator<unknown>, n: number, ms = 2000): Promise<string[]> {
  const names: string[] = [];
  while (names.length < n) {
    const next = await inTime(stream.next(), ms).catch(() => {
      throw new Error(`only ${names.length} of ${n} items came`);
    });
    if (next.done) break;
    names.push(nameOf(next.value));
  }
  return names;
}
