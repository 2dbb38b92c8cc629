// Links and file names in the docs' prose: README links are absolute (the package page on npm has no
// docs/ folder beside it), every link into the repository reaches a file (and a heading, when it names
// one), and every repository path the prose cites exists.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** The repository's web address: package.json `repository`, else the project's agreed address. @param {string} root */
export function repositoryUrl(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!raw) return 'https://github.com/snoopath/snoopath';
  const gh = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  return gh ? `https://github.com/${gh[1]}` : raw.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/\.git$/, '');
}

/** Lines outside fenced code, with their numbers, inline code kept (file names are often written in it). @param {string} text */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m && (!fence || (m[1][0] === fence[0] && m[1].length >= fence.length))) fence = fence ? null : m[1];
    else if (!fence) out.push({ line: i + 1, text: line });
  });
  return out;
}

/** GitHub's heading anchors of a Markdown text. @param {string} text */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const { text: line } of proseLines(text)) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = h[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** `[text](target)`, `![alt](target)`, `[name]: target` and `href="target"` in a line. @param {string} line */
function targets(line) {
  const found = [];
  for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push(m[1]);
  for (const m of line.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)) found.push(m[1]);
  for (const m of line.matchAll(/\b(?:href|src)="([^"]+)"/g)) found.push(m[1]);
  return found;
}

/** Whether a repository path (and its `#anchor`, for Markdown files) exists. @param {string} root @param {string} path @param {string} [anchor] */
function reaches(root, path, anchor) {
  const full = join(root, path);
  if (!existsSync(full)) return `${path} does not exist`;
  if (anchor && path.endsWith('.md') && !anchorsOf(readFileSync(full, 'utf8')).has(anchor.toLowerCase())) return `${path} has no heading #${anchor}`;
  return undefined;
}

/**
 * Link problems of one Markdown file, as `file:line: ...` lines.
 * @param {string} root @param {string} file path relative to root @param {string} text
 */
export function checkLinks(root, file, text) {
  const repo = repositoryUrl(root);
  const blob = new RegExp(`^${repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/main/([^#?]*)(?:#(.*))?$`);
  const problems = [];
  for (const { line, text: l } of proseLines(text)) {
    for (const target of targets(l)) {
      const where = `${file}:${line}`;
      const own = blob.exec(target);
      if (own) {
        const why = reaches(root, decodeURIComponent(own[1]), own[2]);
        if (why) problems.push(`${where}: link ${target}: ${why}`);
        continue;
      }
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // another site, mailto:
      const [path, anchor] = target.split('#');
      if (file === 'README.md' && path) {
        problems.push(`${where}: relative link ${target} does not work on the package page: use ${repo}/blob/main/${normalize(path)}${anchor ? `#${anchor}` : ''}`);
        continue;
      }
      const resolved = path ? relative(root, join(root, dirname(file), path)) : file;
      const why = reaches(root, resolved, anchor);
      if (why) problems.push(`${where}: link ${target}: ${why}`);
    }
  }
  return problems;
}

const CITED = /(?<![\w/.@-])((?:lib|docs|examples|codegen|bench|scripts|__tests__|typings|\.ci)\/[\w.\-/{},*$]*)/g;

/** Expand `lib/{a,b}.ts` into `lib/a.ts`, `lib/b.ts`. @param {string} path @returns {string[]} */
function expand(path) {
  const m = /\{([^{}]*)\}/.exec(path);
  return m ? m[1].split(',').flatMap((alt) => expand(path.replace(m[0], alt))) : [path];
}

/**
 * Repository paths cited in the prose of one Markdown file that do not exist (globs are skipped).
 * @param {string} root @param {string} file @param {string} text
 */
export function checkCitations(root, file, text) {
  const problems = [];
  for (const { line, text: l } of proseLines(text)) {
    for (const m of l.matchAll(CITED)) {
      const cited = m[1].replace(/[.,:;]+$/, '');
      for (const path of expand(cited)) {
        if (path.includes('*') || path.includes('$')) continue;
        if (!existsSync(join(root, path))) problems.push(`${file}:${line}: cites ${path}, which is not in the repository`);
      }
    }
  }
  return problems;
}
