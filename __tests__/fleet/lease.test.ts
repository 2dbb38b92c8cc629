// Which lease state means poll, renew or stand by (lib/fleet/rules/lease.ts).
import { describe, expect, it } from '@jest/globals';
import { leaseStep, renewEvery, UNREACHABLE, type LeaseReply, type LeaseView } from '../../lib/fleet/rules/lease.js';

const LEASE = 15_000;
const idle: LeaseView = { polling: false, confirmedAgoMs: null };
const polling = (confirmedAgoMs: number): LeaseView => ({ polling: true, confirmedAgoMs });
const other = (ttlMs: number): LeaseReply => ({ held: false, ttlMs, holder: 'w2' });

describe('leaseStep', () => {
  it.each<[string, LeaseReply | typeof UNREACHABLE, LeaseView, { poll: boolean; nextMs: number }]>([
    ['free lease taken: poll, renew in a third of leaseMs', { held: true }, idle, { poll: true, nextMs: 5000 }],
    ['own lease renewed: go on polling', { held: true }, polling(5000), { poll: true, nextMs: 5000 }],
    ['held by another for long: stand by, look again in a third', other(14_000), idle, { poll: false, nextMs: 5000 }],
    ['held by another, about to expire: look right after it does', other(1200), idle, { poll: false, nextMs: 1201 }],
    ['just expired between the script and PTTL (-2): look again at once', other(-2), idle, { poll: false, nextMs: 0 }],
    ['a key without expiry (-1), not ours: stand by', other(-1), idle, { poll: false, nextMs: 5000 }],
    ['the poller finds the lease another\'s: it stops', other(9000), polling(5000), { poll: false, nextMs: 5000 }],
    ['unreachable, lease confirmed a moment ago: go on polling', UNREACHABLE, polling(100), { poll: true, nextMs: 5000 }],
    ['unreachable, lease could lapse before the next look: stop', UNREACHABLE, polling(10_000), { poll: false, nextMs: 5000 }],
    ['unreachable, never confirmed: do not start', UNREACHABLE, idle, { poll: false, nextMs: 5000 }],
    ['unreachable while standing by: stay standing by', UNREACHABLE, { polling: false, confirmedAgoMs: 10 }, { poll: false, nextMs: 5000 }],
  ])('%s', (_name, reply, view, step) => {
    expect(leaseStep(reply, view, LEASE)).toEqual(step);
  });

  it('a worker that died is replaced within leaseMs of its last renewal: standby looks no later than the expiry', () => {
    // The holder renewed at 0 and died; a standby looks at any moment t, sees ttl = LEASE - t.
    for (let t = 0; t < LEASE; t += 250) {
      const { nextMs } = leaseStep(other(LEASE - t), idle, LEASE);
      expect(t + nextMs).toBeLessThanOrEqual(LEASE + 1);
    }
  });

  it('a poller cut off from Redis stops before its lease can lapse, whatever the moment of the failed look', () => {
    for (let ago = 0; ago < LEASE; ago += 100) {
      const { poll, nextMs } = leaseStep(UNREACHABLE, polling(ago), LEASE);
      if (poll) expect(ago + nextMs).toBeLessThan(LEASE);
    }
  });

  it('renews three times per lease, never every 0 ms', () => {
    expect(renewEvery(15_000)).toBe(5000);
    expect(renewEvery(2)).toBe(1);
  });
});
