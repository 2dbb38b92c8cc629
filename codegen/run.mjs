#!/usr/bin/env node
// Usage: node codegen/run.mjs            write the generated files into the project
//        node codegen/run.mjs --check    exit 1 when a committed file differs from what would be generated
//        node codegen/run.mjs --out DIR  write them under DIR instead (with --check: compare those under DIR)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './outputs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const outIndex = argv.indexOf('--out');
const outDir = outIndex >= 0 ? resolve(argv[outIndex + 1] ?? '') : root;
const files = generate();

if (argv.includes('--check')) {
  const stale = Object.entries(files).filter(([rel, text]) => {
    try {
      return readFileSync(join(outDir, rel), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [rel] of stale) console.error(`out of date: ${rel} (run npm run codegen and commit the result)`);
  process.exit(stale.length ? 1 : 0);
}
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(dirname(join(outDir, rel)), { recursive: true });
  writeFileSync(join(outDir, rel), text);
}
console.log(`wrote ${Object.keys(files).length} files under ${outDir}`);
