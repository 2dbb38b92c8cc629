import { spawn } from 'node:child_process';

/** The command that opens a URL in the default browser on this platform. */
export function openerFor(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; the empty title keeps it from taking the URL for one.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/** Opens the URL in the default browser; resolves to false when no opener could be started. */
export function openInBrowser(url: string): Promise<boolean> {
  const [command, args] = openerFor(process.platform, url);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
