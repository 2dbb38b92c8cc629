import { parseArgs } from 'node:util';
import { startEmulator } from '../index.js';
import type { Emulator, EmulatorOptions } from '../types.js';

export const USAGE = `Usage: snoopath-emulator [options]

  --port N          port to listen on (default 8080; 0 picks a free one)
  --host H          interface to bind (default 127.0.0.1)
  --https           serve HTTPS with a self-signed certificate (printed)
  --budget N        requests per window per OAuth client (default 1000)
  --window S        rate-limit window in seconds (default 600)
  --no-rate-limit   no rate limit and no X-Ratelimit headers
  --seed N          seed of the generated data
  --feed            new posts, comments and messages keep arriving
  -h, --help        show this help

Documentation (what it emulates, its apps and accounts, faults, the feed):
  https://github.com/snoopath/snoopath/blob/main/docs/emulator.md`;

export type CliCommand = { help: true } | { help: false; options: EmulatorOptions };

function int(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/** Parses the command line (without `node` and the script); throws with a readable message. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      https: { type: 'boolean' },
      budget: { type: 'string' },
      window: { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      seed: { type: 'string' },
      feed: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const port = int('port', values.port, 0) ?? 8080;
  if (port > 65535) throw new Error(`--port must be at most 65535, got "${values.port}"`);
  const budget = int('budget', values.budget, 0);
  const window = int('window', values.window, 1);
  if (values['no-rate-limit'] && (budget !== undefined || window !== undefined)) {
    throw new Error('--no-rate-limit cannot be combined with --budget or --window');
  }
  const options: EmulatorOptions = { port, host: values.host ?? '127.0.0.1', https: values.https ?? false };
  if (values['no-rate-limit']) options.rateLimit = false;
  else if (budget !== undefined || window !== undefined) options.rateLimit = { budget: budget ?? 1000, window: window ?? 600 };
  const seed = int('seed', values.seed, 0);
  if (seed !== undefined) options.seed = seed;
  if (values.feed) options.feed = { rate: 30, messages: 1, reports: 0.05, removals: 0.05 };
  return { help: false, options };
}

/** What the CLI prints once the emulator listens. */
export function banner(emu: Emulator): string {
  const { script, web, installed } = emu.apps;
  const lines = [
    `snoopath emulator listening on ${emu.url}`,
    `Use it as both apiServerUri and authServerUri.`,
    '',
    `script app     key ${script.key}  secret ${script.secret}  (account ${script.username} / ${script.password})`,
    `web app        key ${web.key}  secret ${web.secret}  redirect ${web.redirectUri} (any loopback redirect accepted)`,
    `installed app  key ${installed.key}  no secret  redirect ${installed.redirectUri} (any loopback redirect accepted)`,
    `accounts       ${emu.accounts.map((a) => `${a.name} / ${a.password}`).join(', ')}`,
  ];
  if (emu.ca) lines.push('', 'Self-signed certificate (trust it as a CA):', emu.ca.trimEnd());
  return lines.join('\n');
}

export interface MainIo {
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** Close on SIGINT/SIGTERM (default true); tests turn it off. */
  signals?: boolean;
}

/** Runs the CLI; resolves to the running emulator (undefined after `--help` or an error, with `process.exitCode` set). */
export async function main(argv: readonly string[], io: MainIo = {}): Promise<Emulator | undefined> {
  const out = io.out ?? ((t: string) => process.stdout.write(`${t}\n`));
  const err = io.err ?? ((t: string) => process.stderr.write(`${t}\n`));
  let command: CliCommand;
  try {
    command = parseCliArgs(argv);
  } catch (e) {
    err(`snoopath-emulator: ${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    process.exitCode = 2;
    return undefined;
  }
  if (command.help) {
    out(USAGE);
    return undefined;
  }
  const emu = await startEmulator(command.options);
  out(banner(emu));
  if (io.signals ?? true) {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void emu.close();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  return emu;
}
