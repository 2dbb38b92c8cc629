/**
 * Lua run in Redis by the shared budget (lib/limiter/redis/budget.ts), each one atomic step. They
 * read and write Bottleneck 2.19's settings hash (`b_<id>_settings`: maxConcurrent, reservoir) and
 * send its "capacity:" message, so Bottleneck's own limiters in every process act on the result.
 */

/**
 * An answer with X-Ratelimit-* headers, while its send still counts as running. KEYS: settings, the
 * window (newest used and remaining, end). ARGV: used, remaining, reset (s), now, channel, floor.
 *
 * The reservoir becomes what is left minus the sends running in every process (this one excluded):
 * Bottleneck counts a send as running from the moment it takes its reservoir unit, in the same
 * atomic step, until after its answer, so no send is ever missed (one answered and not yet done is
 * counted once too often, which a later answer or RECHECK corrects). The newest answer of the
 * window (the highest used) says what is left; an older one can only lower it. The newest also
 * sets the spacing and ends the probe: none while more than `floor` is left (a burst,
 * lib/limiter/policy.ts), else what is left spread evenly until the reset, scheduled sends included. Bottleneck schedules a send `minTime` after the previous one's slot: a slot computed
 * with an older, longer spacing is brought forward.
 *
 * Returns the reservoir, -1 when Bottleneck's settings are gone (a Redis that restarted empty:
 * Bottleneck sets them up again) or -2 for an answer of an earlier window.
 */
export const CLAIM = `
if redis.call('exists', KEYS[1]) == 0 then return -1 end
local used, remaining, reset, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local finish = now + reset * 1000
local w = redis.call('hmget', KEYS[2], 'used', 'end')
local wused, wend = tonumber(w[1]), tonumber(w[2])
local newest = true
if wend == nil or finish > wend + 1000 then
  redis.call('hset', KEYS[2], 'used', used, 'remaining', remaining, 'end', finish)
elseif finish < wend - 1000 then
  return -2
elseif used >= wused then
  redis.call('hset', KEYS[2], 'used', used, 'remaining', remaining)
else
  newest = false
end
redis.call('pexpire', KEYS[2], 3600000)
local s = redis.call('hmget', KEYS[1], 'running', 'maxConcurrent', 'reservoir', 'nextRequest')
local running = tonumber(s[1]) or 0
local available = math.max(0, remaining - math.max(0, running - 1))
local current = tonumber(s[3])
if not newest and current ~= nil and current < available then available = current end
redis.call('hset', KEYS[1], 'reservoir', available)
local max = tonumber(s[2])
if newest then
  local gap = 0
  if remaining <= (tonumber(ARGV[6]) or math.huge) then gap = math.floor(reset * 1000 / math.max(1, remaining)) end
  local slot = now + gap
  if tonumber(s[4]) == nil or tonumber(s[4]) > slot then redis.call('hset', KEYS[1], 'nextRequest', slot) end
  redis.call('hset', KEYS[1], 'minTime', gap, 'maxConcurrent', '')
  max = nil
end
local capacity = available
if max ~= nil then capacity = math.min(available, max - running) end
redis.call('publish', ARGV[5], 'capacity:' .. math.max(0, capacity))
return available
`;

/**
 * The window this process saw closed is over: probe again (one send at a time, no spacing, no
 * reservoir) unless the budget was reopened already or another process knows a later end. KEYS:
 * settings, refill. ARGV: now, channel. Returns 1 when it reopened.
 */
export const REOPEN = `
if redis.call('exists', KEYS[1]) == 0 then return -1 end
if tonumber(redis.call('hget', KEYS[1], 'reservoir')) ~= 0 or redis.call('pttl', KEYS[2]) > 0 then return 0 end
redis.call('hset', KEYS[1], 'reservoir', '', 'maxConcurrent', 1, 'minTime', 0, 'nextRequest', ARGV[1])
redis.call('publish', ARGV[2], 'capacity:')
return 1
`;

/**
 * After a send is done (no longer running): the newest answer's remaining minus the sends running
 * now, if that is more than the reservoir. It gives back what CLAIM withheld for sends that were
 * answered but not yet done, so the end of a window is not left unspent. KEYS: settings, window.
 * ARGV: now, channel.
 */
export const RECHECK = `
if redis.call('exists', KEYS[1]) == 0 then return -1 end
local w = redis.call('hmget', KEYS[2], 'remaining', 'end')
local remaining, wend = tonumber(w[1]), tonumber(w[2])
if remaining == nil or wend < tonumber(ARGV[1]) then return -2 end
local s = redis.call('hmget', KEYS[1], 'running', 'maxConcurrent', 'reservoir')
local running, current = tonumber(s[1]) or 0, tonumber(s[3])
local available = math.max(0, remaining - running)
if current == nil or current >= available then return current or -3 end
redis.call('hset', KEYS[1], 'reservoir', available)
local max = tonumber(s[2])
local capacity = available
if max ~= nil then capacity = math.min(available, max - running) end
redis.call('publish', ARGV[2], 'capacity:' .. math.max(0, capacity))
return available
`;

/**
 * The budget is closed until a window's end: keep the later of this time and one already set, so a
 * time left from an earlier window cannot reopen the budget of this one. KEYS: refill. ARGV: the
 * time (epoch ms), ms from now. Returns the ms left.
 */
export const CLOSE_UNTIL = `
if redis.call('pttl', KEYS[1]) < tonumber(ARGV[2]) then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return redis.call('pttl', KEYS[1])
`;

/** Release a lock only if this holder still has it. KEYS: the lock. ARGV: the holder's token. */
export const UNLOCK = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
`;

/** Extend a lock only if this holder still has it. KEYS: the lock. ARGV: token, ms. */
export const RENEW = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0
`;

/** Redis's own clock in ms, so processes on machines whose clocks differ agree on when an entry lapses. */
const NOW = `local t = redis.call('time') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * List sends waiting for the shared budget, or keep them listed (lib/limiter/redis/rank.ts). KEYS:
 * the priority's set. ARGV: ms an entry lives, then its members. Lapsed entries (a crashed process's) go.
 */
export const LIST_WAITING = `
${NOW}
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
for i = 2, #ARGV do redis.call('zadd', KEYS[1], now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('pexpire', KEYS[1], ARGV[1])
return 0
`;

/** How many sends wait in the sets given (those of the higher priorities), lapsed entries left out. KEYS: the sets. */
export const COUNT_WAITING = `
${NOW}
local n = 0
for _, key in ipairs(KEYS) do n = n + redis.call('zcount', key, '(' .. now, '+inf') end
return n
`;
