// Sections of docs/performance.md that a bench part writes by itself, between its own markers
// (`<!-- name: written by bench/file.mjs -->` ... `<!-- /name -->`). The main report rewrites the
// rest of the file, so it carries these over: a part that is not run keeps its last figures.
import { readFileSync, writeFileSync } from 'node:fs';

const MARKED = /<!-- ([\w-]+): written by bench\/[\w./-]+ -->\n[\s\S]*?<!-- \/\1 -->\n?/g;

/** Every marked section of a text, in order, each ending with a newline. */
export const sectionsOf = (text) => [...text.matchAll(MARKED)].map(([s]) => (s.endsWith('\n') ? s : `${s}\n`));

/** Replace the section `name` of `file` in place, or append it at the end. */
export function writeSection(file, name, by, body) {
  const start = `<!-- ${name}: written by ${by} -->`;
  const end = `<!-- /${name} -->`;
  const text = `${start}\n${body.trim()}\n${end}\n`;
  const current = readFileSync(file, 'utf8');
  const at = current.indexOf(start);
  const stop = current.indexOf(end);
  const next = at >= 0 && stop > at ? current.slice(0, at) + text + current.slice(stop + end.length).replace(/^\n/, '') : `${current.trimEnd()}\n\n${text}`;
  writeFileSync(file, next);
}
