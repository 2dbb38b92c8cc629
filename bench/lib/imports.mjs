// Cold import time: a fresh node process that imports the package and exits, minus a fresh node
// process that does nothing. Runs of the variants are interleaved; medians are compared.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { median } from './stats.mjs';

function once({ code, cwd, module }) {
  const args = module ? ['--input-type=module', '-e', code] : ['-e', code];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`import timing failed (${code}): ${r.stderr}`);
  return ms;
}

/** variants: {name, code, cwd, module}; the first must be the empty baseline. */
export function importTimes(variants, runs) {
  const times = variants.map(() => []);
  for (const v of variants) once(v); // warm the file system cache
  for (let i = 0; i < runs; i++) variants.forEach((v, k) => times[k].push(once(v)));
  const base = median(times[0]);
  return variants.slice(1).map((v, k) => ({ name: v.name, ms: median(times[k + 1]) - base, baseMs: base }));
}

/**
 * The code of a fresh process's first call (a token request for a script app, then GET
 * /api/v1/me), for `node --input-type=module -e`: with plain fetch, as snoopath sends them.
 * `creds`: the emulator's script app; `url`: its origin; `authUrl`: the token host's, when apart.
 */
export function plainFetchFirstCall(url, creds, userAgent, authUrl = url) {
  return `const u = ${JSON.stringify(url)}, ua = ${JSON.stringify(userAgent)};
    const t = await fetch(${JSON.stringify(authUrl)} + '/api/v1/access_token', { method: 'POST', headers: { authorization: 'Basic ' + btoa(${JSON.stringify(`${creds.key}:${creds.secret}`)}), 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ua }, body: ${JSON.stringify(`grant_type=password&username=${creds.username}&password=${creds.password}`)} });
    const { access_token } = await t.json();
    await (await fetch(u + '/api/v1/me?api_type=json&raw_json=1', { headers: { authorization: 'bearer ' + access_token, 'user-agent': ua } })).json();`;
}

/** The same with snoopath imported from `from` (default options, plus `options`: source text such as `, throttle: 0`). */
export function snoopathFirstCall(url, creds, userAgent, from = 'snoopath', options = '', authUrl = url) {
  const oauth = JSON.stringify({ type: 'script', key: creds.key, secret: creds.secret, username: creds.username, password: creds.password });
  return `const { default: Snoopath } = await import(${JSON.stringify(from)});
    const reddit = new Snoopath({ userAgent: ${JSON.stringify(userAgent)}, oauth: ${oauth}, apiServerUri: ${JSON.stringify(url)}, authServerUri: ${JSON.stringify(authUrl)}${options} });
    await reddit('/api/v1/me').get();`;
}
