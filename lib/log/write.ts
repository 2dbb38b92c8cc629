// Sends a line to its level's sink: the caller's logger for the levels it gives, the console otherwise.
import { redact } from '../redact/patterns.js';
import { debugWanted } from './debug.js';
import { envVar } from './env.js';
import type { LineSource, LogDetails, Logger } from './types.js';
import { lineFor } from './lines.js';

/** Default sink of a level: `warn` and `error` always, `debug` and `info` only when asked for (on stderr, as Node's own debug lines). */
function consoleSink(level: keyof Logger): ((text: string) => void) | undefined {
  if (level === 'warn') return (text) => console.warn(`snoopath: ${text}`);
  if (level === 'error') return (text) => console.error(`snoopath: ${text}`);
  return debugWanted(envVar('NODE_DEBUG'), envVar('DEBUG')) ? (text) => console.error(`snoopath ${level}: ${text}`) : undefined;
}

/** Every line passes here, and only here: the one place where a secret is masked before it leaves. */
export function write(log: Partial<Logger> | undefined, source: LineSource): void {
  const line = lineFor(source);
  if (!line) return;
  const text = redact(line.text);
  if (typeof log?.[line.level] === 'function') {
    const details: LogDetails = {};
    for (const [k, v] of Object.entries(line.details)) if (v !== undefined) details[k] = typeof v === 'string' ? redact(v) : v;
    // Called as a method: pino and winston loggers need their `this`.
    log[line.level]!(text, details);
    return;
  }
  consoleSink(line.level)?.(text);
}
