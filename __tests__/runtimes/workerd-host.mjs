// Runs worker.mjs in workerd through Miniflare (Node side): the worker, scenario.mjs and every file
// of the browser build (dist/browser: the entry and its lazily imported chunks) are its modules.
// Usage: node workerd-host.mjs CONFIG_JSON; prints the results as one line, like entry.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';

const here = new URL('.', import.meta.url);
const dist = new URL('../../dist/browser/', import.meta.url);
const module = (name, url) => ({ type: 'ESModule', path: `/worker/${name}`, contents: readFileSync(url, 'utf8') });
const mf = new Miniflare({
  modulesRoot: '/worker',
  modules: [
    module('worker.mjs', new URL('worker.mjs', here)),
    module('scenario.mjs', new URL('scenario.mjs', here)),
    ...readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => module(f, new URL(f, dist))),
  ],
  compatibilityDate: '2026-07-01',
});
try {
  const response = await mf.dispatchFetch('http://worker.test/', { method: 'POST', body: process.argv[2] });
  console.log(`SNOOPATH_RESULTS ${JSON.stringify(await response.json())}`);
} finally {
  await mf.dispose();
}
