/**
 * The fleet's Lua scripts: each is one atomic step in Redis (ioredis sends them by sha, falling
 * back to the text). Keys and arguments are documented per script; replies are plain numbers and
 * arrays, so they read the same with RESP2 and RESP3.
 */

export interface ScriptDef {
  numberOfKeys: number;
  lua: string;
}

/**
 * Take or renew the lease. KEYS: lease. ARGV: worker token, lease ms.
 * Reply `{1}` when this worker holds it now (set if free, expiry renewed if already its own), else
 * `{0, pttl, holder}`. The compare and the renewal are one step: a lease that passed to another
 * worker is never extended by its former holder.
 */
export const LEASE: ScriptDef = {
  numberOfKeys: 1,
  lua: `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1}
end
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
  return {1}
end
return {0, redis.call('PTTL', KEYS[1]), holder}`,
};

/**
 * Hand the lease back if this worker holds it, and say so in the stream: the worker that reads that
 * entry (any other worker of the stream) looks at the lease at once instead of at its next turn.
 * KEYS: lease, items. ARGV: token. Reply 1 if it held the lease.
 */
export const RELEASE: ScriptDef = {
  numberOfKeys: 2,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('XADD', KEYS[2], '*', 'handover', ARGV[1])
return 1`,
};

/**
 * Publish one item, fenced by the lease and deduplicated by fullname. KEYS: lease, published,
 * items. ARGV: token, fullname, item JSON, how many fullnames to remember.
 * Reply 1: published; 0: published before (skipped); -1: this worker no longer holds the lease.
 */
export const PUBLISH: ScriptDef = {
  numberOfKeys: 3,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
if redis.call('ZSCORE', KEYS[2], ARGV[2]) then return 0 end
local id = redis.call('XADD', KEYS[3], '*', 'name', ARGV[2], 'item', ARGV[3])
redis.call('ZADD', KEYS[2], tonumber(string.match(id, '^(%d+)')), ARGV[2])
-- All but the newest ARGV[4] (an empty range while there are fewer).
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -1 - tonumber(ARGV[4]))
return 1`,
};

/** Save the cursor, fenced by the lease. KEYS: lease, cursor. ARGV: token, cursor JSON. Reply 1, or 0 if the lease is another's. */
export const SAVE_CURSOR: ScriptDef = {
  numberOfKeys: 2,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1`,
};

/**
 * Reset the idle time of an item this consumer holds, so a slow handler is not taken for a dead one.
 * KEYS: items. ARGV: group, consumer, entry id. Reply 1, or 0 if the item is no longer this consumer's.
 */
export const TOUCH: ScriptDef = {
  numberOfKeys: 1,
  lua: `
local mine = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1, ARGV[2])
if #mine == 0 then return 0 end
redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[3], 'JUSTID')
return 1`,
};

/**
 * Hand back an item this consumer holds but did not handle (its loop broke): it is added again at
 * the end of the stream, so the next read of any worker gets it at once, and the old entry is
 * acknowledged. KEYS: items. ARGV: group, consumer, entry id. Reply 1, or 0 if it was no longer this consumer's.
 */
export const HAND_BACK: ScriptDef = {
  numberOfKeys: 1,
  lua: `
local mine = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1, ARGV[2])
if #mine == 0 then return 0 end
local entry = redis.call('XRANGE', KEYS[1], ARGV[3], ARGV[3])
redis.call('XACK', KEYS[1], ARGV[1], ARGV[3])
if #entry == 0 then return 0 end
redis.call('XADD', KEYS[1], '*', unpack(entry[1][2]))
return 1`,
};

/**
 * Claim one item another consumer has held for `claimAfterMs` without a word (its worker died).
 * KEYS: items. ARGV: group, consumer, min idle ms, start id. Reply as XAUTOCLAIM: next start id,
 * entries, and (Redis 7) ids of entries deleted meanwhile. A script, so ioredis 4 (no xautoclaim) works too.
 */
export const CLAIM: ScriptDef = {
  numberOfKeys: 1,
  lua: `return redis.call('XAUTOCLAIM', KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], 'COUNT', 1)`,
};

/**
 * Forget a consumer if it still holds nothing and has been silent for long enough (deleting one
 * that holds items would drop them). KEYS: items. ARGV: group, consumer, idle ms. Reply 1 if it was deleted.
 */
export const FORGET: ScriptDef = {
  numberOfKeys: 1,
  lua: `
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return 0 end
for _, c in ipairs(consumers) do
  local f = {}
  for i = 1, #c, 2 do f[c[i]] = c[i + 1] end
  if f['name'] == ARGV[2] then
    if tonumber(f['pending']) == 0 and tonumber(f['idle']) >= tonumber(ARGV[3]) then
      redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
      return 1
    end
    return 0
  end
end
return 0`,
};

export const SCRIPTS = {
  fleetLease: LEASE,
  fleetRelease: RELEASE,
  fleetPublish: PUBLISH,
  fleetSaveCursor: SAVE_CURSOR,
  fleetTouch: TOUCH,
  fleetHandBack: HAND_BACK,
  fleetClaim: CLAIM,
  fleetForget: FORGET,
} as const;
