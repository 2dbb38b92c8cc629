import { describe, expect, it } from '@jest/globals';
import { ratelimitOf, waitInMessage } from '../../lib/limiter/action-limit.js';

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
    ['hours', {}, RATELIMIT('try again in 2 hours'), 7_200_000],
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
