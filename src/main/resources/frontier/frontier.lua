-- Trawler frontier: every multi-step frontier operation of one crawl, atomically.
--
-- KEYS[1] = the crawl's key prefix, "t:{c:<id>}:". Every key this script touches starts with it,
-- so all of them share one hash tag and one Redis Cluster slot.
-- ARGV[1] = operation: enqueue | lease | complete | reclaim
--
-- Keys under the prefix P:
--   P conf             HASH  state, maxPerHost, delayMs, maxPages, partitions, laneSeen, pickTop, pickRandom, hostOrder,
--                            finishedAt, json
--   P stats            HASH  admitted, queued, queued:<n>, seq, leaseSeq, fetched, fetched:<n>, unique, errors, ...
--   P s:<bucket>       STRING seen fingerprints: sorted 6-byte big-endian remainders (exact dedup)
--   P s:<n>:<bucket>   STRING the same, one seen set per lane (independent partitioned crawls: laneSeen = 1)
--   P f:<bucket>       STRING fingerprints of pages fetched by any lane (distinct pages for the metrics)
--   P p<n>:ready       ZSET  host -> earliest time (ms) it may be leased from (hosts with work)
--   P p<n>:q:<host>    ZSET  "depth hops attempts url" -> priority (lowest first)
--   P inflight         ZSET  "leaseId partition score depth hops attempts url" -> lease deadline (ms)
--   P hbusy            HASH  host -> URLs of that host in flight
--   P hnext            HASH  host -> next time (ms) politeness allows a fetch
--   P hdelay           HASH  host -> delay (ms) between fetch starts
--   P pages            STREAM page records for the manager to ingest
--   P sitemaps         HASH  host -> 1 once a worker has taken the host's sitemaps
--   P loads            ZSET  side loads (sitemaps) in progress -> deadline; the crawl is not finished while one runs

local P = KEYS[1]
local op = ARGV[1]
local CONF, STATS, INFLIGHT = P .. 'conf', P .. 'stats', P .. 'inflight'
local HBUSY, HNEXT, HDELAY = P .. 'hbusy', P .. 'hnext', P .. 'hdelay'

local function num(v, default)
  if v == false or v == nil then return default end
  return tonumber(v)
end

-- 48-bit integers <-> 6 bytes (Lua numbers are doubles: exact up to 2^53)
local function enc48(n)
  local b = {}
  for i = 6, 1, -1 do
    b[i] = n % 256
    n = math.floor(n / 256)
  end
  return string.char(b[1], b[2], b[3], b[4], b[5], b[6])
end

local function dec48(s, pos)
  local a, b, c, d, e, f = string.byte(s, pos, pos + 5)
  return ((((a * 256 + b) * 256 + c) * 256 + d) * 256 + e) * 256 + f
end

-- Adds a remainder to a seen bucket; true when it was not there yet.
local function seen_add(key, rem)
  local s = redis.call('GET', key)
  if not s then
    redis.call('SET', key, enc48(rem))
    return true
  end
  local lo, hi = 0, #s / 6 - 1
  while lo <= hi do
    local mid = math.floor((lo + hi) / 2)
    local v = dec48(s, mid * 6 + 1)
    if v == rem then return false end
    if v < rem then lo = mid + 1 else hi = mid - 1 end
  end
  redis.call('SET', key, string.sub(s, 1, lo * 6) .. enc48(rem) .. string.sub(s, lo * 6 + 1))
  return true
end

local function host_of(url)
  return string.match(url, '^[%a][%w+.-]*://([^/?#]+)')
end

local function queue_key(part, host)
  return P .. 'p' .. part .. ':q:' .. host
end

local function ready_key(part)
  return P .. 'p' .. part .. ':ready'
end

-- Puts a host with queued work into a partition's ready set, unless it is busy to capacity; a host
-- already there is never made ready earlier than its next allowed time (a back-off applies at once).
local function mark_ready(part, host)
  local ready = ready_key(part)
  local nxt = num(redis.call('HGET', HNEXT, host), 0)
  local current = redis.call('ZSCORE', ready, host)
  if current then
    if tonumber(current) < nxt then redis.call('ZADD', ready, nxt, host) end
    return
  end
  if redis.call('EXISTS', queue_key(part, host)) == 0 then return end
  local cap = num(redis.call('HGET', CONF, 'maxPerHost'), 1)
  if num(redis.call('HGET', HBUSY, host), 0) >= cap then return end
  redis.call('ZADD', ready, nxt, host)
end

local function mark_ready_all(host)
  local parts = num(redis.call('HGET', CONF, 'partitions'), 1)
  for part = 0, parts - 1 do mark_ready(part, host) end
end

-- fifo / lifo: discovery order; s:<priority>: priority first, discovery order among equals; else a number
local function score_of(score)
  if score == 'fifo' then return redis.call('HINCRBY', STATS, 'seq', 1) end
  if score == 'lifo' then return -redis.call('HINCRBY', STATS, 'seq', 1) end
  if string.sub(score, 1, 2) == 's:' then
    return tonumber(string.sub(score, 3)) * 4294967296 + redis.call('HINCRBY', STATS, 'seq', 1)
  end
  return tonumber(score)
end

-- Admits discovered URLs given as groups of 5 ARGV values starting at index i:
-- partition, seen bucket, 48-bit remainder, member "depth hops attempts url", score.
local function admit_links(i)
  local admitted = 0
  local state = redis.call('HGET', CONF, 'state')
  if state == 'STOPPED' or state == 'FINISHED' then return 0 end
  local maxPages = num(redis.call('HGET', CONF, 'maxPages'), 0)
  local laneSeen = redis.call('HGET', CONF, 'laneSeen') == '1'
  local count = num(redis.call('HGET', STATS, 'admitted'), 0)
  while i + 4 <= #ARGV do
    if maxPages > 0 and count >= maxPages then break end
    local part, bucket, rem, member, score = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2]), ARGV[i + 3], ARGV[i + 4]
    local seenKey = laneSeen and (P .. 's:' .. part .. ':' .. bucket) or (P .. 's:' .. bucket)
    if seen_add(seenKey, rem) then
      local host = host_of(string.match(member, '^%d+ %d+ %d+ (.*)$'))
      redis.call('ZADD', queue_key(part, host), score_of(score), member)
      redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
      count = count + 1
      admitted = admitted + 1
      mark_ready(part, host)
    end
    i = i + 5
  end
  if admitted > 0 then
    redis.call('HSET', STATS, 'admitted', count)
    redis.call('HINCRBY', STATS, 'queued', admitted)
  end
  return admitted
end

-- Lease member: "leaseId partition score depth hops attempts url"
local function parse_lease(lm)
  local id, part, score, member = string.match(lm, '^(%d+) (%d+) (%S+) (.*)$')
  return id, part, score, member
end

local function release_host(host)
  local busy = redis.call('HINCRBY', HBUSY, host, -1)
  if busy <= 0 then redis.call('HDEL', HBUSY, host) end
end

-- Puts expired leases back in their queues: a worker that died loses nothing.
local function reclaim(now, limit)
  local expired = redis.call('ZRANGEBYSCORE', INFLIGHT, '-inf', now, 'LIMIT', 0, limit)
  for _, lm in ipairs(expired) do
    local _, part, score, member = parse_lease(lm)
    local host = host_of(string.match(member, '^%d+ %d+ %d+ (.*)$'))
    redis.call('ZREM', INFLIGHT, lm)
    redis.call('ZADD', queue_key(part, host), tonumber(score), member)
    redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
    release_host(host)
    mark_ready_all(host)
  end
  if #expired > 0 then
    redis.call('HINCRBY', STATS, 'queued', #expired)
    redis.call('HINCRBY', STATS, 'reclaimed', #expired)
  end
  return #expired
end

local function check_finished(now)
  local state = redis.call('HGET', CONF, 'state')
  if state ~= 'RUNNING' and state ~= 'PAUSED' then return state end
  redis.call('ZREMRANGEBYSCORE', P .. 'loads', '-inf', now)
  if num(redis.call('HGET', STATS, 'queued'), 0) <= 0 and redis.call('ZCARD', INFLIGHT) == 0
      and redis.call('ZCARD', P .. 'loads') == 0 then
    redis.call('HSET', CONF, 'state', 'FINISHED', 'finishedAt', now)
    return 'FINISHED'
  end
  return state
end

-- enqueue now load links...   (load: a side load this enqueue finishes, or '')
if op == 'enqueue' then
  local admitted = admit_links(4)
  if ARGV[3] ~= '' then redis.call('ZREM', P .. 'loads', ARGV[3]) end
  return { admitted, check_finished(tonumber(ARGV[2])) }
end

-- claim now host deadline: take a host's sitemaps (once per crawl) as a side load until deadline
if op == 'claim' then
  if redis.call('HSETNX', P .. 'sitemaps', ARGV[3], '1') == 0 then return 0 end
  redis.call('ZADD', P .. 'loads', tonumber(ARGV[4]), 'sitemaps:' .. ARGV[3])
  return 1
end

-- lease now partition max leaseMs
if op == 'lease' then
  local now, part, max, leaseMs = tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
  reclaim(now, 200)
  if redis.call('HGET', CONF, 'state') ~= 'RUNNING' then return {} end
  local out = {}
  local ready = ready_key(part)
  local cap = num(redis.call('HGET', CONF, 'maxPerHost'), 1)
  local defaultDelay = num(redis.call('HGET', CONF, 'delayMs'), 0)
  local pickTop = num(redis.call('HGET', CONF, 'pickTop'), 1)
  local pickRandom = num(redis.call('HGET', CONF, 'pickRandom'), 0)
  local hosts
  if redis.call('HGET', CONF, 'hostOrder') == 'largest' then
    -- largest site first: of the hosts ready now (at most 256 looked at), those with the most queued URLs
    hosts = redis.call('ZRANGEBYSCORE', ready, '-inf', now, 'LIMIT', 0, 256)
    local size = {}
    for _, h in ipairs(hosts) do size[h] = redis.call('ZCARD', queue_key(part, h)) end
    table.sort(hosts, function(a, b) if size[a] ~= size[b] then return size[a] > size[b] end return a < b end)
  else
    hosts = redis.call('ZRANGEBYSCORE', ready, '-inf', now, 'LIMIT', 0, max)
  end
  for _, host in ipairs(hosts) do
    if #out >= max then break end
    local q = queue_key(part, host)
    local busy = num(redis.call('HGET', HBUSY, host), 0)
    local delay = num(redis.call('HGET', HDELAY, host), defaultDelay)
    while busy < cap and #out < max do
      local e
      if pickRandom > 0 and (redis.call('HINCRBY', STATS, 'pickSeq', 1) - 1) % (pickTop + pickRandom) >= pickTop then
        -- a random pick (depth-weight strategy): any URL of the queue
        e = redis.call('ZRANDMEMBER', q, 1, 'WITHSCORES')
        if #e > 0 then redis.call('ZREM', q, e[1]) end
      else
        e = redis.call('ZPOPMIN', q)
      end
      if #e == 0 then break end
      local id = redis.call('HINCRBY', STATS, 'leaseSeq', 1)
      local lm = id .. ' ' .. part .. ' ' .. e[2] .. ' ' .. e[1]
      redis.call('ZADD', INFLIGHT, now + leaseMs, lm)
      busy = busy + 1
      out[#out + 1] = lm
      if delay > 0 then break end
    end
    redis.call('HSET', HBUSY, host, busy)
    if busy >= cap or redis.call('EXISTS', q) == 0 then
      redis.call('ZREM', ready, host)
    elseif delay > 0 then
      redis.call('ZADD', ready, now + delay, host)
    end
    if delay > 0 then redis.call('HSET', HNEXT, host, now + delay) end
  end
  if #out > 0 then
    redis.call('HINCRBY', STATS, 'queued', -#out)
    redis.call('HINCRBY', STATS, 'queued:' .. part, -#out)
  end
  return out
end

-- complete now leaseMember hostNextAt hostDelay disposition(done|retry) counter pageBucket pageRem nFields fields... links...
if op == 'complete' then
  local now, lm = tonumber(ARGV[2]), ARGV[3]
  local nextAt, delay, disposition, counter = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6], ARGV[7]
  local pageBucket, pageRem = ARGV[8], tonumber(ARGV[9])
  local nFields = tonumber(ARGV[10])
  local fieldsAt = 11
  local linksAt = fieldsAt + nFields * 2
  if redis.call('ZREM', INFLIGHT, lm) == 0 then
    redis.call('HINCRBY', STATS, 'stale', 1)
    return { 'stale', 0, check_finished(now) }
  end
  local _, part, score, member = parse_lease(lm)
  local depth, hops, attempts, url = string.match(member, '^(%d+) (%d+) (%d+) (.*)$')
  local host = host_of(url)
  release_host(host)
  if nextAt > num(redis.call('HGET', HNEXT, host), 0) then redis.call('HSET', HNEXT, host, nextAt) end
  if delay >= 0 then redis.call('HSET', HDELAY, host, delay) end
  if disposition == 'retry' then
    local again = depth .. ' ' .. hops .. ' ' .. (tonumber(attempts) + 1) .. ' ' .. url
    redis.call('ZADD', queue_key(part, host), tonumber(score), again)
    redis.call('HINCRBY', STATS, 'queued', 1)
    redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
    redis.call('HINCRBY', STATS, 'retries', 1)
  elseif counter ~= '' then
    redis.call('HINCRBY', STATS, counter, 1)
    if counter == 'fetched' then
      redis.call('HINCRBY', STATS, 'fetched:' .. part, 1)
      if seen_add(P .. 'f:' .. pageBucket, pageRem) then redis.call('HINCRBY', STATS, 'unique', 1) end
    end
  end
  if nFields > 0 then
    local fields = {}
    for i = fieldsAt, linksAt - 1 do fields[#fields + 1] = ARGV[i] end
    redis.call('XADD', P .. 'pages', '*', unpack(fields))
  end
  local admitted = admit_links(linksAt)
  mark_ready_all(host)
  return { 'ok', admitted, check_finished(now) }
end

-- reclaim now limit
if op == 'reclaim' then
  local n = reclaim(tonumber(ARGV[2]), tonumber(ARGV[3]))
  return { n, check_finished(tonumber(ARGV[2])) }
end

return redis.error_reply('unknown frontier operation ' .. tostring(op))
