import { describe, it, expect, jest, afterEach } from '@jest/globals';
import { Emitter, type RateLimitState } from '../../lib/events/emitter.js';

const state: RateLimitState = { used: 1, remaining: 99, reset: 60 };

afterEach(() => {
  jest.restoreAllMocks();
});

describe('Emitter.on / emit', () => {
  it('calls every listener of the event with the payload, in order of registration', () => {
    const e = new Emitter();
    const seen: string[] = [];
    e.on('rate_limit', (p) => seen.push(`a${p.remaining}`));
    e.on('rate_limit', (p) => seen.push(`b${p.remaining}`));
    e.emit('rate_limit', state);
    expect(seen).toEqual(['a99', 'b99']);
  });

  it('does not call listeners of other events', () => {
    const e = new Emitter();
    const fn = jest.fn();
    e.on('rate_limit_reached', fn);
    e.emit('rate_limit', state);
    expect(fn).not.toHaveBeenCalled();
  });

  it('emitting with no listener at all is a no-op', () => {
    expect(() => new Emitter().emit('access_token_expired', undefined)).not.toThrow();
  });

  it('returns the emitter from on/once/off for chaining', () => {
    const e = new Emitter();
    const fn = () => {};
    expect(e.on('retry', fn)).toBe(e);
    expect(e.once('retry', fn)).toBe(e);
    expect(e.off('retry', fn)).toBe(e);
  });

  it('a listener added during an emit is not called by that emit', () => {
    const e = new Emitter();
    const late = jest.fn();
    e.on('rate_limit', () => e.on('rate_limit', late));
    e.emit('rate_limit', state);
    expect(late).not.toHaveBeenCalled();
    e.emit('rate_limit', state);
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('Emitter.once', () => {
  it('calls the listener for the first emit only', () => {
    const e = new Emitter();
    const fn = jest.fn();
    e.once('access_token_refreshed', fn);
    e.emit('access_token_refreshed', 't1');
    e.emit('access_token_refreshed', 't2');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('t1');
    expect(e.has('access_token_refreshed')).toBe(false);
  });

  it('can be removed with off(name, listener) before it fires', () => {
    const e = new Emitter();
    const fn = jest.fn();
    e.once('rate_limit', fn);
    e.off('rate_limit', fn);
    e.emit('rate_limit', state);
    expect(fn).not.toHaveBeenCalled();
    expect(e.has('rate_limit')).toBe(false);
  });
});

describe('Emitter.off and has', () => {
  it('off removes that listener only', () => {
    const e = new Emitter();
    const a = jest.fn();
    const b = jest.fn();
    e.on('rate_limit', a).on('rate_limit', b).off('rate_limit', a);
    e.emit('rate_limit', state);
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('off with an unknown listener or event is harmless', () => {
    const e = new Emitter();
    expect(() => e.off('retry', () => {})).not.toThrow();
    e.on('retry', () => {});
    expect(() => e.off('retry', () => {})).not.toThrow();
    expect(e.has('retry')).toBe(true);
  });

  it('has tells whether anyone listens', () => {
    const e = new Emitter();
    const fn = () => {};
    expect(e.has('rate_limit')).toBe(false);
    e.on('rate_limit', fn);
    expect(e.has('rate_limit')).toBe(true);
    expect(e.has('retry')).toBe(false);
    e.off('rate_limit', fn);
    expect(e.has('rate_limit')).toBe(false);
  });
});

describe('a throwing listener never breaks the emitter or other listeners', () => {
  it('the other listeners still run, emit does not throw, and the error is rethrown asynchronously', () => {
    const queued: Array<() => void> = [];
    const spy = jest.spyOn(globalThis, 'queueMicrotask').mockImplementation((cb: () => void) => { queued.push(cb); });
    const e = new Emitter();
    const bug = new Error('listener bug');
    const after = jest.fn();
    e.on('retry', () => { throw bug; });
    e.on('retry', after);
    expect(() => e.emit('retry', { attempt: 1, delay: 0, error: new Error('x') })).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(queued).toHaveLength(1);
    expect(() => queued[0]!()).toThrow(bug);
  });

  it('a throwing once-listener is still removed', () => {
    jest.spyOn(globalThis, 'queueMicrotask').mockImplementation(() => {});
    const e = new Emitter();
    const fn = jest.fn(() => { throw new Error('x'); });
    e.once('rate_limit', fn);
    e.emit('rate_limit', state);
    e.emit('rate_limit', state);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
