// Ratios of the timed tasks: each client against plain fetch and against the fastest raw client
// (fetch or undici.request, whichever was faster on that task and transport), per round, then the
// median over rounds with the range.
import { median, range } from './stats.mjs';
import { IN_FLIGHT, RUNNERS } from './rounds.mjs';

/** Per-round ratio of times (time), or of throughputs (reference time / client time). */
function perRound(client, reference, throughput) {
  const per = client.map((t, i) => (throughput ? reference[i] / t : t / reference[i]));
  return { value: median(per), range: range(per) };
}

const asThroughput = ({ value, range: [lo, hi] }) => ({ value: 1 / value, range: [1 / hi, 1 / lo] });

/**
 * ratios[taskId][runnerKey] = {fetch, fastest, fastestKey, ms}; tasks: sequential, inflight1 (the
 * sequential run read as a throughput), inflight8/32/128 (throughput), listing (time).
 */
export function ratios(times) {
  const out = {};
  for (const id of ['sequential', ...IN_FLIGHT.map((n) => `inflight${n}`), 'listing']) {
    const t = times[id];
    if (!t) continue;
    const throughput = id.startsWith('inflight');
    const fastestOn = (server) => RUNNERS.filter((r) => r.raw && r.server === server && t[r.key]).sort((a, b) => median(t[a.key]) - median(t[b.key]))[0]?.key;
    out[id] = {};
    for (const r of RUNNERS) {
      if (!t[r.key]) continue;
      const fastestKey = fastestOn(r.server);
      out[id][r.key] = {
        fetch: perRound(t[r.key], t[`fetch/${r.server}`], throughput),
        fastest: perRound(t[r.key], t[fastestKey], throughput),
        fastestKey,
        ms: median(t[r.key]),
      };
    }
  }
  if (out.sequential) {
    out.inflight1 = Object.fromEntries(Object.entries(out.sequential).map(([k, e]) => [k, { ...e, fetch: asThroughput(e.fetch), fastest: asThroughput(e.fastest) }]));
  }
  return out;
}

/** decodeHtmlEntities: time with / time without, per round, for the clients that decode. */
export function decodeRatios(times) {
  return Object.fromEntries(Object.entries(times.decode ?? {}).map(([k, rounds]) => {
    const per = rounds.map((t) => t.on / t.off);
    return [k, { value: median(per), range: range(per) }];
  }));
}
