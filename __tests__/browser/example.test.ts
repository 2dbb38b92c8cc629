/**
 * examples/browser, run as a user would (`node examples/browser/serve.mjs`): implicit login, the
 * list of hot posts, an upvote; the screenshot for docs/browser.md is taken here.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { assertBuilt, browserAvailable, launch, ROOT, type Browser } from './harness.js';

const suite = browserAvailable() ? describe : describe.skip;

/** Starts the example server on a free port; resolves to its URL once it prints it. */
function serveExample(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'examples/browser/serve.mjs'), '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (why: string) => reject(new Error(`examples/browser/serve.mjs ${why}\n${out}`));
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const url = /Browser example: (\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (d: Buffer) => void (out += d));
    child.on('exit', (code) => fail(`exited with ${code}`));
    setTimeout(() => fail('did not print its URL in 10 s'), 10_000).unref();
  });
}

suite('examples/browser', () => {
  let server: { child: ChildProcess; url: string };
  let browser: Browser;

  beforeAll(async () => {
    assertBuilt();
    [server, browser] = await Promise.all([serveExample(), launch()]);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) {
      const exited = new Promise((ok) => server.child.once('exit', ok));
      server.child.kill('SIGTERM');
      await exited;
    }
  });

  it('logs in with the implicit flow, lists hot posts, upvotes one; screenshot for the docs', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => void errors.push(String(e)));
    await page.setViewportSize({ width: 860, height: 640 });
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('li.post').nth(5).waitFor(); // after the authorize page sent the browser back
    expect(page.url()).toBe(server.url); // the token fragment was taken out of the address bar
    await expect(page.locator('#user').textContent()).resolves.toBe('u/demo_user');

    const first = page.locator('li.post').first();
    const before = Number(await first.locator('.score').textContent());
    await first.getByRole('button', { name: 'upvote' }).click();
    await first.locator('button[aria-pressed="true"]').waitFor();
    expect(Number(await first.locator('.score').textContent())).toBe(before + 1);
    expect(errors).toEqual([]);

    await page.screenshot({ path: join(ROOT, 'docs/browser-example.png') });
  });
});
