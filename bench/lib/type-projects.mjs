// The user projects bench/types.mjs and bench/lib/instructions.mjs compile: each a folder whose
// node_modules holds a build of this package, as users install it.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The user files: a script that only constructs an instance, and one that uses the typed calls. */
export const SOURCES = {
  baseline: 'export const nothing = 1;\n',
  construct: `import Snoopath from 'snoopath';
export const reddit = new Snoopath({ userAgent: 'node:bot:1.0 (by /u/me)', oauth: { type: 'script', key: 'k', secret: 's', username: 'me', password: 'p' } });
`,
  typical: `import Snoopath from 'snoopath';
const reddit = new Snoopath({
  userAgent: 'node:bot:1.0 (by /u/me)',
  oauth: { type: 'script', key: 'k', secret: 's', username: 'me', password: 'p', scope: ['identity', 'read', 'vote'] },
});
reddit.on('retry', ({ attempt }) => console.log(attempt));
export async function main(): Promise<void> {
  const me = await reddit('/api/v1/me').get();
  const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 25 });
  for await (const post of hot) console.log(post.data.title, me.name);
  await reddit('/api/vote').post({ id: 't3_abc123', dir: 1 });
  await reddit('/comments/$article').listing({ $article: 'abc' }, { listingIndex: 1 });
  const loose = await reddit('/some/$where').get<{ ok: boolean }>({ $where: 'x' });
  console.log(loose.ok);
}
`,
};
/** A user project in `dir` whose node_modules holds this package. (snoowrap's typings are not compared: they
 * do not compile without @types/node and @types/request, which its users add themselves.) */
export function project(dir, name, pkg = ROOT) {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `types-${name}`, private: true, type: 'module' }));
  writeFileSync(join(dir, 'main.ts'), SOURCES[name.replace(/-against$/, '')]);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: [] },
    files: ['main.ts'],
  }));
  symlinkSync(pkg, join(dir, 'node_modules/snoopath'), 'dir');
}

