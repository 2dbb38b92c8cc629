import { describe, expect, it } from '@jest/globals';
import { ratelimitOf, waitInMessage } from '../../../lib/limiter/account/action-limit.js';
import { MAX_SERVER_WAIT_MS } from '../../../lib/limiter/headers.js';

const RATELIMIT = (message: string): Array<[string, string, string?]> => [['RATELIMIT', message, 'ratelimit']];

describe('ratelimitOf: the wait a RATELIMIT answer asks for', () => {
  it.each([
    ['json.ratelimit in seconds wins over the message', { json: { ratelimit: 175.3, errors: [] } }, RATELIMIT('you are doing that too much. try again in 3 minutes.'), 175_300],
    ['json.ratelimit 0', { json: { ratelimit: 0 } }, RATELIMIT('try again in 3 minutes.'), 0],
    ['json.ratelimit as a numeric string', { json: { ratelimit: '2.5' } }, RATELIMIT('x'), 2500],
    ['the message in minutes', { json: {} }, RATELIMIT('you are doing that too much. try again in 3 minutes.'), 180_000],
    ['the message in one minute', {}, RATELIMIT('try again in 1 minute.'), 60_000],
    ['the message in seconds', null, RATELIMIT('you are doing that too much. try again in 9 seconds.'), 9000],
    ['the message in milliseconds', {}, RATELIMIT('try again in 500 milliseconds'), 500],
    ['minutes and seconds together', {}, RATELIMIT('Take a break for 1 minute and 30 seconds before trying again.'), 90_000],
    ['hours (clamped to the longest server wait, 600 s)', {}, RATELIMIT('try again in 2 hours'), 600_000],
    ['a negative json.ratelimit falls back to the message', { json: { ratelimit: -5 } }, RATELIMIT('try again in 4 seconds'), 4000],
    ['a garbage json.ratelimit falls back to the message', { json: { ratelimit: 'soon' } }, RATELIMIT('try again in 4 seconds'), 4000],
    ['RATELIMIT among other errors', {}, [['BAD_SR_NAME', 'that name is taken', 'sr'], ['RATELIMIT', 'try again in 6 seconds', 'ratelimit']] as Array<[string, string, string?]>, 6000],
  ])('%s', (_label, body, errors, ms) => {
    expect(ratelimitOf(body, errors)).toEqual({ code: 'RATELIMIT', retryAfter: ms });
  });

  it.each([
    ['no number in the message', 'you are doing that too much. try again later.'],
    ['a number without a unit', 'error 42'],
    ['an empty message', ''],
  ])('retryAfter is undefined with %s (never a wait of unknown length)', (_label, message) => {
    expect(ratelimitOf({ json: {} }, RATELIMIT(message))).toEqual({ code: 'RATELIMIT', retryAfter: undefined });
  });

  it('is undefined for other errors, and for none', () => {
    expect(ratelimitOf({}, [['NO_TEXT', 'we need something here', 'text']])).toBeUndefined();
    expect(ratelimitOf({ json: { ratelimit: 5 } }, [])).toBeUndefined();
  });

  it('waitInMessage reads the first and every following amount', () => {
    expect(waitInMessage('in 2 mins')).toBe(120_000);
    expect(waitInMessage('in 3 secs')).toBe(3000);
    expect(waitInMessage('in 10 ms')).toBe(10);
    expect(waitInMessage('soon')).toBeUndefined();
  });
});

describe('hostile RATELIMIT answers (issue 21: parsing is linear and bounded, every wait finite)', () => {
  // 60,000 digits froze the event loop 10-15 s with a backtracking pattern; a million digits would
  // take hours. Linear parsing of a bounded prefix answers at once: this runs within the test timeout.
  it('a message of a million digits (with or without a unit) parses at once', () => {
    expect(waitInMessage('1'.repeat(1_000_000))).toBeUndefined();
    expect(waitInMessage(`try again in ${'9'.repeat(60_000)}`)).toBeUndefined();
    expect(waitInMessage(`${'7'.repeat(1_000_000)} minutes`)).toBeUndefined();
    expect(ratelimitOf({}, RATELIMIT('3'.repeat(1_000_000)))).toEqual({ code: 'RATELIMIT', retryAfter: undefined });
  }, 5000);

  it('only the start of a message is read: a wait named after 500 characters is not one', () => {
    expect(waitInMessage(`${' '.repeat(600)}try again in 3 minutes`)).toBeUndefined();
    expect(waitInMessage(`you are doing that too much. ${'x'.repeat(300)} try again in 3 minutes`)).toBe(180_000);
  });

  it.each([
    ['json.ratelimit 1e308', { json: { ratelimit: 1e308 } }, 'try again in 3 minutes'],
    ['json.ratelimit "1e308"', { json: { ratelimit: '1e308' } }, 'x'],
    ['a message of 400 digits of minutes', {}, `try again in ${'9'.repeat(400)} minutes`],
    ['a message in hours', {}, 'try again in 2 hours'],
  ])('%s waits at most the documented maximum, 600 s', (_label, body, message) => {
    expect(ratelimitOf(body, RATELIMIT(message))).toEqual({ code: 'RATELIMIT', retryAfter: MAX_SERVER_WAIT_MS });
    expect(MAX_SERVER_WAIT_MS).toBe(600_000);
  });
});
