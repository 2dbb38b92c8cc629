// examples/media/node.mjs is documentation that runs: against the built package and the emulator.
import { expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;

it('examples/media/node.mjs posts an image, a video and a gallery, and is refused a file too large', async () => {
  if (!existsSync(`${root}dist/index.js`)) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');
  const { stdout } = await run(process.execPath, ['examples/media/node.mjs'], { cwd: root, timeout: 30_000 });
  expect(stdout).toMatch(/^image: http:\/\/127\.0\.0\.1:\d+\/r\/snoopath\/comments\/\w+\/a_cat\/ \(t3_\w+\)\nvideo: http:\/\/\S+\/comments\/\w+\/a_clip\/\ngallery: \S+\/three_cats\/ with 3 images\nrefused: ArgumentError: file is 21.0 MB, over the 20.0 MB limit for images/);
}, 40_000);
