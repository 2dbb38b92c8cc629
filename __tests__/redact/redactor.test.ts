import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { ModhashKeeper } from '../../lib/auth/cookies.js';
import { ResponseError, SnoopathError } from '../../lib/errors/classes.js';
import { MIN_SECRET_LENGTH, REDACTED, Redactor } from '../../lib/redact/redactor.js';

const loadDeep = () => import('../../lib/redact/deep.js');

const make = (...secrets: string[]) => {
  const r = new Redactor(loadDeep);
  r.add(...secrets);
  return r;
};

describe('Redactor: by value', () => {
  it('replaces each known value, in its wire forms, and keeps the text around it', () => {
    const r = make('p a&ss"w=rd');
    expect(r.text('x p a&ss"w=rd y')).toBe(`x ${REDACTED} y`);
    expect(r.text(`x ${encodeURIComponent('p a&ss"w=rd')} y`)).toBe(`x ${REDACTED} y`);
    expect(r.text('x p+a%26ss%22w%3Drd y')).toBe(`x ${REDACTED} y`);
    expect(r.text('x p a&ss\\"w=rd y')).toBe(`x ${REDACTED} y`);
  });

  it('replaces the longest known value first (a token that contains another)', () => {
    expect(make('abcd', 'abcdefgh').text('abcdefgh/abcd')).toBe(`${REDACTED}/${REDACTED}`);
  });

  it('ignores empty, missing and short values (they would shred messages)', () => {
    const r = make('', 'abc', undefined as unknown as string);
    expect(r.text('abc is fine')).toBe('abc is fine');
    expect('x'.repeat(MIN_SECRET_LENGTH).length).toBe(4);
  });

  it('still applies the patterns', () => {
    expect(make().text('Authorization: bearer abc.def')).toBe('Authorization: bearer [redacted]');
  });
});

describe('Redactor: errors and payloads', () => {
  it('cleans an error in place, its stack, fields, nested causes and bodies, and survives cycles', async () => {
    const r = make('tok-123456');
    const inner = new Error('inner tok-123456');
    const error = new ResponseError('outer tok-123456', { status: 400, method: 'GET', url: 'https://x.test/?a=tok-123456', body: { a: ['tok-123456'] }, errors: [['E', 'tok-123456']], attempts: 1 });
    Object.defineProperty(error, 'cause', { value: inner, configurable: true, writable: true });
    (inner as Error & { loop?: unknown }).loop = error;
    const body = error.body;
    const out = await r.error(error);
    expect(out).toBe(error);
    expect(inspect(out, { depth: Infinity, showHidden: true })).not.toContain('tok-123456');
    expect(out.stack).not.toContain('tok-123456');
    expect(out.body).toEqual({ a: [REDACTED] });
    expect(body).toEqual({ a: ['tok-123456'] });
  });

  it('replaces a frozen error by a cleaned copy of the same name', async () => {
    const frozen = Object.freeze(Object.assign(new TypeError('bad tok-123456'), {}));
    const out = await make('tok-123456').error(frozen);
    expect(out).not.toBe(frozen);
    expect(out.name).toBe('TypeError');
    expect(out.message).toBe(`bad ${REDACTED}`);
  });

  it('reduces a Request, Response or Headers inside a foreign error to a cleaned summary', async () => {
    const error = Object.assign(new Error('x'), {
      request: new Request('https://x.test/a', { headers: { authorization: 'bearer tok-123456' } }),
      response: new Response(null, { status: 418, headers: { 'x-echo': 'tok-123456' } }),
    });
    const out = await make('tok-123456').error(error);
    expect(inspect(out, { depth: Infinity, showHidden: true })).not.toContain('tok-123456');
    expect((out as unknown as { response: { status: number } }).response.status).toBe(418);
  });

  it('cleans event payloads synchronously, copying plain objects', async () => {
    const r = make('tok-123456');
    await r.error(new Error('load the walker'));
    const payload = { error: new SnoopathError('tok-123456'), list: ['tok-123456'] };
    const out = r.value(payload);
    expect(out).not.toBe(payload);
    expect(out.list).toEqual([REDACTED]);
    expect(out.error.message).toBe(REDACTED);
    expect(payload.list).toEqual(['tok-123456']);
  });
});

describe('credentials are told to the redactor as they arrive', () => {
  it('the cookie-mode modhash', async () => {
    const r = new Redactor(loadDeep);
    const keeper = new ModhashKeeper(async () => ({ data: { modhash: 'modhash-value-123' } }), Date.now, r);
    expect(await keeper.get()).toBe('modhash-value-123');
    expect(r.text('echo modhash-value-123')).toBe(`echo ${REDACTED}`);
  });
});
