// Whose item is it (lib/stream/own.ts): the writer of each kind of listed thing.
import { describe, expect, it } from '@jest/globals';
import { isOwn, writerOf } from '../../lib/stream/own.js';

describe('writerOf(item) and isOwn(item, account)', () => {
  it.each([
    ['a comment', { kind: 't1', data: { author: 'demo_user' } }, 'demo_user'],
    ['a post', { kind: 't3', data: { author: 'demo_user' } }, 'demo_user'],
    ['a message', { kind: 't4', data: { author: 'demo_user', dest: 'other' } }, 'demo_user'],
    ['a mod log entry: the moderator', { kind: 'modaction', data: { mod: 'demo_user', target_author: 'other' } }, 'demo_user'],
    ['a deleted author', { kind: 't1', data: { author: '[deleted]' } }, '[deleted]'],
    ['no author at all', { kind: 't1', data: {} }, undefined],
    ['not a thing', 'text', undefined],
  ])('%s', (_, item, writer) => {
    expect(writerOf(item)).toBe(writer);
  });

  it('compares names without case, as the platform does', () => {
    expect(isOwn({ data: { author: 'Demo_User' } }, 'demo_user')).toBe(true);
    expect(isOwn({ data: { author: 'demo_user2' } }, 'demo_user')).toBe(false);
    expect(isOwn({ data: {} }, 'demo_user')).toBe(false);
  });
});
