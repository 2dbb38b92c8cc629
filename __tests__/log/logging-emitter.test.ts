import { afterEach, describe, expect, it } from '@jest/globals';
import { LoggingEmitter } from '../../lib/log/index.js';
import type { Logger } from '../../lib/log/index.js';

const saved = { NODE_DEBUG: process.env.NODE_DEBUG, DEBUG: process.env.DEBUG };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** An emitter whose writer load is counted; lines are kept instead of written. */
function emitter(log?: Partial<Logger>) {
  const loads: number[] = [];
  const lines: unknown[] = [];
  const events = new LoggingEmitter(async () => {
    loads.push(1);
    return { write: (_log, source) => void lines.push(source) };
  }, log);
  return { events, loads, lines };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the writer of log lines is loaded only when a line may go out', () => {
  it('token requests and new tokens, with no logger for their level and no NODE_DEBUG or DEBUG, load nothing', async () => {
    delete process.env.NODE_DEBUG;
    delete process.env.DEBUG;
    const { events, loads } = emitter({ warn: () => {} });
    events.line('token_request', { grant: 'password', origin: 'https://www.reddit.com' });
    events.emit('access_token_refreshed', 'a-token');
    await settle();
    expect(loads).toEqual([]);
  });

  it('a logger for the level, or NODE_DEBUG / DEBUG, gets them written', async () => {
    delete process.env.NODE_DEBUG;
    delete process.env.DEBUG;
    const withInfo = emitter({ info: () => {} });
    withInfo.events.line('token_request', { grant: 'password', origin: 'https://www.reddit.com' });
    process.env.DEBUG = 'snoopath';
    const withEnv = emitter();
    withEnv.events.emit('access_token_refreshed', 'a-token');
    await settle();
    expect(withInfo.lines).toEqual([['token_request', { grant: 'password', origin: 'https://www.reddit.com' }]]);
    expect(withEnv.lines).toEqual([['access_token_refreshed', 'a-token']]);
  });

  it('lines that can be warnings always reach the writer', async () => {
    delete process.env.NODE_DEBUG;
    delete process.env.DEBUG;
    const { events, lines } = emitter();
    events.emit('access_token_expired', undefined);
    await settle();
    // (Waits are worded by the limiter itself, once per wait of a budget: lib/limiter/tell.ts.)
    expect(lines.map((l) => (l as unknown[])[0])).toEqual(['access_token_expired']);
  });
});
