/*
 * Waiting in tests for what another party does (a request logged, a call queued, a key in Redis):
 * poll that state, bounded, instead of a fixed sleep that a loaded machine can outrun.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls while `cond` holds, every `every` ms, for at most `ms`. Never throws: the assertions after it say what was missing. */
export async function waitWhile(cond: () => boolean | Promise<boolean>, ms = 5000, every = 20): Promise<void> {
  const end = Date.now() + ms;
  while ((await cond()) && Date.now() < end) await pause(every);
}

/** Resolves once `check` holds; rejects naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000, every = 5): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await pause(every);
  }
}
