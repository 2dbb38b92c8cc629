/** The cassette's credential book: labels, wire forms, and what it never shows. */
import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { fieldKind, SecretBook } from '../../lib/testing/secrets.js';

describe('labels', () => {
  it('one label per value, numbered per kind from the second on', () => {
    const book = new SecretBook();
    expect(book.learn('access_token', 'tok-one-1234')).toBe('REDACTED_ACCESS_TOKEN');
    expect(book.learn('access_token', 'tok-two-5678')).toBe('REDACTED_ACCESS_TOKEN_2');
    expect(book.learn('refresh_token', 'ref-one-9999')).toBe('REDACTED_REFRESH_TOKEN');
    expect(book.learn('access_token', 'tok-one-1234')).toBe('REDACTED_ACCESS_TOKEN');
    expect(book.learn('password', '')).toBe('');
    // A label seen again (a replay sends what it was served) stays itself.
    expect(book.learn('access_token', 'REDACTED_ACCESS_TOKEN_2')).toBe('REDACTED_ACCESS_TOKEN_2');
    expect(book.size).toBe(3);
  });

  it('replaces every wire form of a value: as is, percent- and form-encoded, JSON-escaped', () => {
    const book = new SecretBook();
    const secret = 'p&ss w0rd+/"é';
    const label = book.learn('password', secret);
    const text = [secret, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1)].join(' | ');
    expect(book.text(text)).toBe([label, label, label, label].join(' | '));
  });

  it('a longer secret containing a shorter one is replaced whole', () => {
    const book = new SecretBook();
    book.learn('secret', 'abcd');
    book.learn('access_token', 'xxabcdxx');
    expect(book.text('xxabcdxx abcd')).toBe('REDACTED_ACCESS_TOKEN REDACTED_SECRET');
  });

  it('values under 4 characters are labelled in their own place only, never replaced in free text', () => {
    const book = new SecretBook();
    expect(book.field('password', 'abc')).toBe('REDACTED_PASSWORD');
    expect(book.text('abc is not replaced')).toBe('abc is not replaced');
  });

  it('never shows a value to inspect or JSON', () => {
    const book = new SecretBook();
    book.learn('client_secret', 'the-client-secret');
    expect(inspect(book, { showHidden: true, depth: 5 })).not.toContain('the-client-secret');
    expect(JSON.stringify({ book })).not.toContain('the-client-secret');
  });
});

describe('fields that hold credentials', () => {
  it.each([
    ['password', '/api/v1/access_token', 'password'],
    ['passwd', '/api/login', 'password'],
    ['refresh_token', '/api/v1/access_token', 'refresh_token'],
    ['code', '/api/v1/access_token', 'code'],
    ['code', '/api/something', undefined],
    ['token', '/api/v1/revoke_token', 'access_token'],
    ['token', '/r/aww/hot', undefined],
    ['uh', '/api/vote', 'modhash'],
    ['modhash', '/api/me.json', 'modhash'],
    ['title', '/api/submit', undefined],
  ])('%s on %s: %s', (name, path, kind) => {
    expect(fieldKind(name, path)).toBe(kind);
  });
});
