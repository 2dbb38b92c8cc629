#!/usr/bin/env node
// Builds codegen/answers/shapes.json, the snapshot of the platform's answers the generator types
// them from, out of recorded API exchanges (vcrpy cassettes, as PRAW and asyncpraw record their
// integration tests on the live platform). Only facts reach the snapshot: per endpoint, the shape of
// its answers, the argument names its requests sent and their body type; the things' fields. Also
// writes __tests__/types/recorded-answers.test-d.ts, the held-back answers, scrubbed of every value,
// and __tests__/types/contradicted-answers.test-d.ts, the answers codegen/answers/cases.json names.
// The generator never runs this: it reads the committed snapshot. Anyone with the cassettes can rebuild:
//   node codegen/answers/extract.mjs praw-dev/asyncpraw@<commit>=<dir> praw-dev/praw@<commit>=<dir> [--out DIR]
// Each <dir> holds the cassettes (tests/integration/cassettes of the repository at that commit).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointModel } from '../outputs.mjs';
import { learn } from './learn.mjs';
import { matcher } from './match.mjs';
import { snapshotText, fixtureText, casesText } from './files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const out = outIndex >= 0 ? resolve(argv[outIndex + 1] ?? '') : root;
const specs = argv.filter((a, i) => a.includes('=') && (outIndex < 0 || i !== outIndex + 1));
if (specs.length === 0) {
  console.error('usage: node codegen/answers/extract.mjs owner/repo@commit=cassette-dir ... [--out DIR]');
  process.exit(2);
}

/** Argument names and body type of a recorded request. @param {any} request */
function sentOf(request) {
  const url = new URL(request.uri);
  const query = [...new Set(url.searchParams.keys())];
  const type = Object.entries(request.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1]?.[0] ?? '';
  const b = request.body;
  /** @type {string[]} */
  let names = [];
  let json = false;
  if (typeof b === 'string' && b !== '') {
    json = type.includes('json') || /^\s*[[{]/.test(b);
    if (json) {
      try {
        const parsed = JSON.parse(b);
        names = Array.isArray(parsed) ? [] : Object.keys(parsed);
      } catch { /* not JSON after all: no names */ }
    } else if (!/[^\x20-\x7e]/.test(b)) names = [...new URLSearchParams(b).keys()];
  } else if (Array.isArray(b)) names = b.map((pair) => String(pair[0]));
  else if (b && typeof b === 'object') names = Object.keys(b);
  return { query, body: { names: [...new Set(names)], json } };
}

const sources = [];
const samples = [];
/** Cassette directories by repository, for the cases. @type {Map<string, string>} */
const dirs = new Map();
for (const spec of specs) {
  const [label, dir] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
  const [repository = '', commit = ''] = label.split('@');
  dirs.set(repository, dir);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  sources.push({ repository, commit, path: 'tests/integration/cassettes', files: files.length, licence: 'BSD-2-Clause' });
  for (const file of files) {
    const cassette = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const it of cassette.interactions ?? []) {
      const url = new URL(it.request.uri);
      if (url.hostname !== 'oauth.reddit.com') continue;
      const answer = it.response.body?.string;
      if (typeof answer !== 'string') continue;
      samples.push({
        file: `${repository}:${file}`, verb: it.request.method,
        pathname: url.pathname, ...sentOf(it.request), status: it.response.status.code, answer,
      });
    }
  }
}

const readJson = (/** @type {string} */ name) => JSON.parse(readFileSync(join(root, 'codegen', name), 'utf8'));
const endpoints = endpointModel(null);
const learned = learn(samples, matcher(endpoints));
const write = (/** @type {string} */ rel, /** @type {string} */ text) => {
  mkdirSync(dirname(join(out, rel)), { recursive: true });
  writeFileSync(join(out, rel), text);
};
write('codegen/answers/shapes.json', snapshotText(sources, learned));
write('__tests__/types/recorded-answers.test-d.ts', fixtureText(sources, learned.held));
// The answers that contradicted the hand-written types: `repository:cassette#interaction`, then a dot path.
const cases = readJson('answers/cases.json').cases.map((/** @type {any} */ c) => {
  const [, repository = '', file = '', index = ''] = /^([^:]+):(.+)#(\d+)$/.exec(c.from) ?? [];
  const dir = dirs.get(repository);
  if (!dir) throw new Error(`extract: ${c.from} names a repository whose cassettes were not given`);
  const body = JSON.parse(readFileSync(join(dir, file), 'utf8')).interactions[Number(index)]?.response.body?.string;
  const value = c.at.split('.').filter(Boolean).reduce((/** @type {any} */ v, /** @type {string} */ k) => v?.[k], JSON.parse(body ?? 'null'));
  if (value === undefined || value === null) throw new Error(`extract: nothing at ${c.at || 'the answer'} of ${c.from}`);
  return { ...c, value };
});
write('__tests__/types/contradicted-answers.test-d.ts', casesText(sources, cases));
const recorded = Object.values(learned.endpoints).filter((e) => e.recordings > 0).length;
console.log(`${samples.length} exchanges, ${Object.keys(learned.endpoints).length} known endpoints recorded, ${recorded} with answers, ${learned.held.length} held back`);
