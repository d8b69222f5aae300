-- Trawler frontier: every multi-step frontier operation of one crawl, atomically.
--
-- KEYS[1] = the key prefix of one shard of the crawl: "t:{c:<id>}:" (the crawl's home shard, which holds every lane of
-- an unsharded crawl and lane 0 of a sharded one) or "t:{c:<id>:<lane>.<salt>}:" (lane <lane> of a sharded crawl). Every
-- key this script touches starts with it, so all of them share one hash tag and one Redis Cluster slot.
-- ARGV[1] = operation: enqueue | lease | complete | reclaim | claim | rescore | revisit | purge | probe | finish | fetched
--           | backoff | reopen | drop | queues
--
-- A sharded crawl (conf shards > 1: partitioned, politeness scope node, no re-scoring) keeps each lane in a shard of its
-- own, with a copy of the settings and its own counters; a lane never finishes on its own: it reports DRAINED, and the
-- crawl finishes when every shard is drained at once (probe twice, then finish). The crawl's page limit and budget are
-- the crawl's (limitPages, limitBudget in the home shard): each shard admits and leases within an allowance (its
-- maxPages and budget, an even share at start); a URL found beyond the allowance is held (P held), not dropped, and the
-- manager moves allowance from shards that ran dry to shards holding URLs (release, grant), or, once no allowance is
-- left anywhere, lets the held URLs go (exhaust).
--
-- Keys under the prefix P:
--   P conf             HASH  state, maxPerHost, delayMs, maxPages, partitions, laneSeen, pickTop, pickRandom, hostOrder,
--                            maxAttempts (expired leases before a URL is abandoned), maxUnread (page records the
--                            manager may lag behind before leasing pauses),
--                            rescore (none|backlinks|opic|pagerank|focus-t|focus-tl|focus-learn), budget, focusF, focusA, focusB,
--                            continuous (1: the crawl stays RUNNING when it runs dry, to take revisits and recrawls),
--                            scope (politeness scope: site | node), lane:<n> (the node that serves lane n; absent or
--                            empty: any node), finishedAt, json, shards (shards of the crawl, 1 when absent),
--                            shard (the lane this shard holds, when sharded)
--   P stats            HASH  admitted, queued, queued:<n>, seq, leaseSeq, fetched, fetched:<n>, unique, errors, dropped, ops
--                            (changes that can make the shard busy again: the finish check's consistency token), ...
--   P s:<bucket>       STRING seen fingerprints: sorted 6-byte big-endian remainders (exact dedup)
--   P s:<n>:<bucket>   STRING the same, one seen set per lane (independent partitioned crawls: laneSeen = 1)
--   P f:<bucket>       STRING fingerprints of pages fetched by any lane (distinct pages for the metrics)
--   P p<n>:ready       ZSET  host -> earliest time (ms) it may be leased from (hosts with work)
--   P p<n>:q:<host>    ZSET  "depth hops[:tunnel] attempts url" -> priority (lowest first): the head of the host's queue,
--                            at most queueHead members (conf; 0 or absent: the whole queue)
--   P p<n>:b:<host>    LIST  the rest of the host's queue, spilled in compact form (see spill_encode): about a third of a
--                            sorted-set member's memory, kept in score order (see queue_add); a lease takes the better of
--                            the head's best and the spill's front (pop_best), and the head is topped up from the front
--                            when it falls below half. Never used by strategies that re-score queued URLs (they must find
--                            any queued URL's member). Invariant: a spill is never left beside an empty head.
--   P inflight         ZSET  "leaseId partition score worker|client depth hops attempts url" -> lease deadline (ms)
--   P owners           ZSET  worker -> when it last leased or heart-beat (ms); a worker silent longer than the
--                            timeout its lease call gives is dead, and its leases go back to their queues at once
--   P hbusy            HASH  politeness key -> URLs in flight
--   P hnext            HASH  politeness key -> next time (ms) politeness allows a fetch
--   P hdelay           HASH  host -> delay (ms) between fetch starts
--     The politeness key is the host with scope "site" (one polite client per host, whichever node fetches), and
--     "client|host" with scope "node", where the client is the source address the leasing worker fetches the host
--     from (its node name when it has none of its own): each node is then its own polite client.
--   P pages            STREAM page records for the manager to ingest
--   P sitemaps         HASH  host -> 1 once a worker has taken the host's sitemaps
--   P held             ZSET  url -> score: URLs a sharded crawl's lane found beyond its allowance (at most heldCap)
--   P heldm            HASH  url -> "bucket remainder member" of each held URL, to admit it when allowance comes
--   P loads            ZSET  side loads (sitemaps) in progress -> deadline; the crawl is not finished while one runs
-- Ordering strategies that re-score queued URLs (rescore = backlinks | opic | pagerank):
--   P qm               HASH  url -> "partition depth hops attempts" of each queued URL, to find its member
--   P w                HASH  url -> weight: OPIC cash, or PageRank (temporary or recomputed); score = -weight
-- Focused crawls (rescore = focus-t | focus-tl), the seed-003 queues 2 (relevant) and 3 (irrelevant):
--   P fr:c / P fi:c    HASH  "/"-terminated URL prefix -> fetched relevant / irrelevant URLs under it
--   P fr:k / P fi:k    HASH  prefix -> how many of its one-segment extensions are frequent (count >= f)
--   P x:<bucket>       STRING fingerprints of the irrelevant pages (queue 3), as the seen buckets

local P = KEYS[1]
local op = ARGV[1]
local CONF, STATS, INFLIGHT = P .. 'conf', P .. 'stats', P .. 'inflight'
local HBUSY, HNEXT, HDELAY = P .. 'hbusy', P .. 'hnext', P .. 'hdelay'
local OWNERS = P .. 'owners'
-- the crawl's settings (fixed when it starts), read in one HMGET; state (here only to tell whether the crawl exists)
-- and lane:<n> change, and are read where they are needed
local S = {}
do
  local names = { 'state', 'scope', 'shards', 'shard', 'rescore', 'maxPerHost', 'delayMs', 'maxPages', 'partitions', 'laneSeen', 'pickTop', 'pickRandom', 'hostOrder', 'budget', 'continuous', 'maxAttempts', 'maxUnread', 'focusF', 'focusA', 'focusB', 'heldCap', 'exhausted', 'queueHead' }
  local values = redis.call('HMGET', CONF, unpack(names))
  for i, name in ipairs(names) do S[name] = values[i] end
end
-- a crawl (or shard) that does not exist, or no longer: nothing is written, so that a late lease, completion,
-- heartbeat-driven call or handover never re-creates a key of a deleted crawl (purge excepted: it deletes)
if S.state == false and op ~= 'purge' then
  if op == 'lease' then return {} end
  if op == 'complete' then return { 'stale', 0, 'UNKNOWN' } end
  if op == 'enqueue' or op == 'reclaim' then return { 0, 'UNKNOWN' } end
  if op == 'probe' then return { 'UNKNOWN', 1, 0 } end
  if op == 'finish' or op == 'reopen' then return 'UNKNOWN' end
  return 0
end
local NODE_SCOPE = S.scope == 'node'
local SHARDS = tonumber(S.shards or '1')
local SHARD = S.shard
-- a sharded crawl with a crawl-wide page limit holds URLs found beyond a lane's allowance (until it is exhausted)
local HELD, HELDM = P .. 'held', P .. 'heldm'
local HOLDS = SHARDS > 1 and tonumber(S.heldCap or '0') > 0 and S.exhausted ~= '1'
-- with scope node, a host not yet polite for one client may be for another: it is looked at again at the latest this
-- soon (ms)
local NODE_RESCAN = 100

-- The politeness key of a host for a client ('-': the crawl's politeness is the site's, one per host).
local function pkey(client, host)
  if client == '-' or client == '' or not NODE_SCOPE then return host end
  return client .. '|' .. host
end

-- Java's String.hashCode of an ASCII string, as a signed 32-bit number (HttpFetcher picks a source address by it).
local function java_hash(str)
  local h = 0
  for i = 1, #str do h = (h * 31 + string.byte(str, i)) % 4294967296 end
  if h >= 2147483648 then h = h - 4294967296 end
  return h
end

-- The client a worker fetches a host from: one of its source addresses (a list, as HttpFetcher chooses among them),
-- or its node when it has none.
local function client_for(node, addresses, host)
  if #addresses == 0 then return node end
  return addresses[(java_hash(host) % #addresses) + 1]
end

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

-- Binary search of a remainder in a bucket string: true and its slot, or false and the slot to insert at.
local function bucket_find(s, rem)
  local lo, hi = 0, #s / 6 - 1
  while lo <= hi do
    local mid = math.floor((lo + hi) / 2)
    local v = dec48(s, mid * 6 + 1)
    if v == rem then return true, mid end
    if v < rem then lo = mid + 1 else hi = mid - 1 end
  end
  return false, lo
end

-- Adds a remainder to a seen bucket; true when it was not there yet.
local function seen_add(key, rem)
  local s = redis.call('GET', key)
  if not s then
    redis.call('SET', key, enc48(rem))
    return true
  end
  local found, at = bucket_find(s, rem)
  if found then return false end
  redis.call('SET', key, string.sub(s, 1, at * 6) .. enc48(rem) .. string.sub(s, at * 6 + 1))
  return true
end

-- Whether a seen bucket holds a remainder.
local function seen_has(key, rem)
  local s = redis.call('GET', key)
  return s ~= false and s ~= nil and (bucket_find(s, rem))
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
  -- with scope node the clients' politeness is checked when one leases: the host is ready as far as the lane knows
  local nxt = NODE_SCOPE and 0 or num(redis.call('HGET', HNEXT, host), 0)
  local current = redis.call('ZSCORE', ready, host)
  if current then
    if tonumber(current) < nxt then redis.call('ZADD', ready, nxt, host) end
    return
  end
  if redis.call('EXISTS', queue_key(part, host)) == 0 then return end
  local cap = num(S.maxPerHost, 1)
  if not NODE_SCOPE and num(redis.call('HGET', HBUSY, host), 0) >= cap then return end
  redis.call('ZADD', ready, nxt, host)
end

local function mark_ready_all(host)
  if SHARDS > 1 then return mark_ready(SHARD, host) end
  local parts = num(S.partitions, 1)
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

local RESCORE = S.rescore or 'none'
local INDEXED = RESCORE == 'backlinks' or RESCORE == 'opic' or RESCORE == 'pagerank' or RESCORE == 'focus-learn'
local WEIGHTS = P .. 'w'
local QM = P .. 'qm'
local BACKLINK = 4294967296

-- URLs queued in a lane, and in the crawl, changed by d
local function count_queued(part, d)
  redis.call('HINCRBY', STATS, 'queued', d)
  redis.call('HINCRBY', STATS, 'queued:' .. part, d)
end

-- The head of a host queue holds at most HEAD members, the rest is spilled (0: no spill)
local HEAD = INDEXED and 0 or num(S.queueHead, 0)

local function spill_key(part, host)
  return P .. 'p' .. part .. ':b:' .. host
end

-- A spilled entry: "score depth hops attempts " and the URL relative to its host: '+' for https://host, '-' for
-- http://host, '=' before any other URL. The score in %.17g, which a double survives exactly.
local function spill_encode(score, member, host)
  local head, url = string.match(member, '^(%d+ [%d:]+ %d+) (.*)$')
  local rest
  local https, http = 'https://' .. host, 'http://' .. host
  if string.sub(url, 1, #https) == https then
    rest = '+' .. string.sub(url, #https + 1)
  elseif string.sub(url, 1, #http) == http then
    rest = '-' .. string.sub(url, #http + 1)
  else
    rest = '=' .. url
  end
  return string.format('%.17g', score) .. ' ' .. head .. ' ' .. rest
end

-- score (a number), member and the score as written (exact, for a lease member) of a spilled entry
local function spill_decode(e, host)
  local score, head, code, rest = string.match(e, '^(%S+) (%d+ [%d:]+ %d+) (.)(.*)$')
  local url = rest
  if code == '+' then url = 'https://' .. host .. rest elseif code == '-' then url = 'http://' .. host .. rest end
  return tonumber(score), head .. ' ' .. url, score
end

-- the score of a spilled entry (nil for none)
local function spill_score(e)
  if not e then return nil end
  return tonumber(string.match(e, '^(%S+) '))
end

-- Queues a URL (member, score s) in its host's queue. The spill is kept in score order, its front lowest: a URL goes to
-- the head while it has room and nothing is spilled; else to the spill's tail when it scores no better than the tail
-- (breadth-first: every new URL); else to the head, whose worst member then moves to the spill's front when that keeps
-- the spill in order (LIFO: every new URL). A URL scoring between the spill's front and its tail (a revisit behind
-- older revisits, a depth-weight score) stays in the head, beyond its size, rather than a scan of the spill to place
-- it; pop_best still leases the queue in score order.
local function queue_add(part, host, s, member)
  local q = queue_key(part, host)
  if HEAD <= 0 then
    redis.call('ZADD', q, s, member)
    return
  end
  local b = spill_key(part, host)
  local spilled = redis.call('LLEN', b)
  if spilled == 0 and redis.call('ZCARD', q) < HEAD then
    redis.call('ZADD', q, s, member)
    return
  end
  if spilled > 0 and s >= spill_score(redis.call('LINDEX', b, -1)) then
    redis.call('RPUSH', b, spill_encode(s, member, host))
    return
  end
  redis.call('ZADD', q, s, member)
  if redis.call('ZCARD', q) > HEAD then
    -- the head's worst member that scores no higher than the spill's front moves there (a head member scoring above
    -- the front, a requeued URL, stays: pop_best leases it in its turn)
    local front = spilled > 0 and redis.call('LINDEX', b, 0) or nil
    local out = redis.call('ZREVRANGEBYSCORE', q, front and string.match(front, '^(%S+) ') or '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
    if out[1] then
      redis.call('ZREM', q, out[1])
      redis.call('LPUSH', b, spill_encode(tonumber(out[2]), out[1], host))
    end
  end
end

-- Tops a host's head up from its spill once it holds less than half of HEAD; returns how many came back. A spilled
-- entry the head holds already (a revisit queued beside a spilled seed of the same member) is one URL, not two: the
-- counters lose the second.
local function top_up(part, host)
  if HEAD <= 0 then return 0 end
  local q = queue_key(part, host)
  local have = redis.call('ZCARD', q)
  if have >= math.max(1, math.floor(HEAD / 2)) then return 0 end
  local got = redis.call('LPOP', spill_key(part, host), HEAD - have)
  if not got then return 0 end
  local added = 0
  for i = 1, #got, 500 do
    local args = {}
    for j = i, math.min(i + 499, #got) do
      local sc, m = spill_decode(got[j], host)
      args[#args + 1] = sc
      args[#args + 1] = m
    end
    -- LT: a member the head holds already keeps the better score of the two
    added = added + redis.call('ZADD', q, 'LT', unpack(args))
  end
  if added < #got then count_queued(part, added - #got) end
  return #got
end

-- A random pick (depth-weight strategy) from the host queue's head and the next entries of its spill (at most 4,096, or
-- four heads): { member, score } taken out of the queue, or {} when it is empty. A pick from the spill is blanked and
-- removed (LREM from the front, bounded by the window), so the spill stays in order.
local function random_pick(part, host)
  local q = queue_key(part, host)
  local b = spill_key(part, host)
  local spilled = HEAD > 0 and math.min(redis.call('LLEN', b), math.max(4 * HEAD, 4096)) or 0
  if spilled > 0 then
    -- scripts' math.random repeats itself from call to call: the pick counter times a large odd stride spreads the picks
    local head = redis.call('ZCARD', q)
    local at = (num(redis.call('HGET', STATS, 'pickSeq'), 0) * 40503) % (head + spilled) - head
    if at >= 0 then
      local e = redis.call('LINDEX', b, at)
      redis.call('LSET', b, at, '')
      redis.call('LREM', b, 1, '')
      local _, m, written = spill_decode(e, host)
      return { m, written }
    end
  end
  local e = redis.call('ZRANDMEMBER', q, 1, 'WITHSCORES')
  if #e > 0 then
    redis.call('ZREM', q, e[1])
    top_up(part, host)
  end
  return e
end

-- The best URL of a host's queue, taken out: { member, score }, or {} when it is empty. Spilled entries scoring better
-- than the head's best (URLs that stayed in the head beside a spill that scores lower, see queue_add) move up first, so
-- that the queue is leased in score order; the head is topped up when it falls below half.
local function pop_best(part, host)
  local q = queue_key(part, host)
  if HEAD > 0 then
    local b = spill_key(part, host)
    for _ = 1, 64 do
      local front = redis.call('LINDEX', b, 0)
      if not front then break end
      local top = redis.call('ZRANGE', q, 0, 0, 'WITHSCORES')
      if top[2] and tonumber(top[2]) <= spill_score(front) then break end
      redis.call('LPOP', b)
      local sc, m = spill_decode(front, host)
      if redis.call('ZADD', q, 'LT', sc, m) == 0 then
        -- the head holds that member already (a revisit beside a spilled seed): one URL, not two
        count_queued(part, -1)
      end
    end
  end
  local e = redis.call('ZPOPMIN', q)
  if #e > 0 then top_up(part, host) end
  return e
end

-- Records where a queued URL's member is (strategies that re-score queued URLs).
local function index_queued(part, member)
  if INDEXED then
    local head, url = string.match(member, '^(%d+ [%d:]+ %d+) (.*)$')
    redis.call('HSET', QM, url, part .. ' ' .. head)
  end
end

local function unindex(member)
  if INDEXED then redis.call('HDEL', QM, string.match(member, '^%d+ [%d:]+ %d+ (.*)$')) end
end

-- The queue key and member of a queued URL, or nil.
local function queued(url)
  local m = redis.call('HGET', QM, url)
  if not m then return nil end
  local part, head = string.match(m, '^(%d+) (.*)$')
  return queue_key(part, host_of(url)), head .. ' ' .. url
end

-- Admits discovered URLs given as groups of 5 ARGV values starting at index i:
-- partition, seen bucket, 48-bit remainder, member "depth hops attempts url", score.
-- ctx (links of a fetched page, or nil for seeds and sitemaps) may compute the score of a new URL
-- (ctx.score) and update a known one (ctx.known).
local function admit_links(i, ctx)
  local admitted = 0
  local state = redis.call('HGET', CONF, 'state')
  if state == 'STOPPED' or state == 'FINISHED' then return 0 end
  local maxPages = num(S.maxPages, 0)
  local laneSeen = S.laneSeen == '1'
  local count = num(redis.call('HGET', STATS, 'admitted'), 0)
  while i + 4 <= #ARGV do
    local part, bucket, rem, member, score = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2]), ARGV[i + 3], ARGV[i + 4]
    local url = string.match(member, '^%d+ [%d:]+ %d+ (.*)$')
    local seenKey = laneSeen and (P .. 's:' .. part .. ':' .. bucket) or (P .. 's:' .. bucket)
    if maxPages > 0 and count >= maxPages then
      if HOLDS and not seen_has(seenKey, rem) and redis.call('HEXISTS', HELDM, url) == 0 then
        -- beyond this lane's allowance, not beyond the crawl's: held until the manager grants more (or lets it go)
        if redis.call('ZCARD', HELD) < num(S.heldCap, 0) then
          redis.call('ZADD', HELD, score_of(score), url)
          redis.call('HSET', HELDM, url, bucket .. ' ' .. rem .. ' ' .. member)
        end
      end
      if ctx and ctx.known then ctx.known(url) end
    elseif seen_add(seenKey, rem) then
      local host = host_of(url)
      local s
      if ctx and ctx.score then
        s = ctx.score(url)
      else
        s = score_of(score)
        if (RESCORE == 'opic' or RESCORE == 'pagerank') and s < 0 then redis.call('HSET', WEIGHTS, url, -s) end
      end
      queue_add(part, host, s, member)
      index_queued(part, member)
      redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
      count = count + 1
      admitted = admitted + 1
      mark_ready(part, host)
    elseif ctx and ctx.known then
      ctx.known(url)
    end
    i = i + 5
  end
  if admitted > 0 then
    redis.call('HSET', STATS, 'admitted', count)
    redis.call('HINCRBY', STATS, 'queued', admitted)
  end
  return admitted
end

-- URL prefixes ending in "/", shortest (scheme://host/) first, the query left out (UrlPrefixAnalyser).
local function prefixes(url)
  local out = {}
  local from = string.find(url, '://', 1, true)
  from = from and from + 3 or 1
  local stop = string.find(url, '[?#]', from) or (#url + 1)
  local slash = string.find(url, '/', from, true)
  if not slash or slash >= stop then
    out[1] = string.sub(url, 1, stop - 1) .. '/'
    return out
  end
  while slash and slash < stop do
    out[#out + 1] = string.sub(url, 1, slash)
    slash = string.find(url, '/', slash + 1, true)
  end
  return out
end

local function prefix_add(key, url, f)
  local ps = prefixes(url)
  for j, p in ipairs(ps) do
    local n = redis.call('HINCRBY', key .. 'c', p, 1)
    if n == f and j > 1 then redis.call('HINCRBY', key .. 'k', ps[j - 1], 1) end
  end
end

local function is_maximal(key, p, f)
  return num(redis.call('HGET', key .. 'c', p), 0) >= f and num(redis.call('HGET', key .. 'k', p), 0) == 0
end

local function prefix_match(key, url, f)
  for _, p in ipairs(prefixes(url)) do
    if is_maximal(key, p, f) then return p end
  end
  return nil
end

-- The scoring context of a fetched page's links, per strategy (nil when the strategy needs none).
local function page_context(url, pageBucket, pageRem, linksAt, sim, relevant)
  local nLinks = math.floor((#ARGV - linksAt + 1) / 5)
  if RESCORE == 'backlinks' then
    return {
      score = function(u) return -BACKLINK + redis.call('HINCRBY', STATS, 'seq', 1) end,
      known = function(u)
        local q, m = queued(u)
        if q and redis.call('ZSCORE', q, m) then redis.call('ZINCRBY', q, -BACKLINK, m) end
      end }
  end
  if RESCORE == 'opic' or RESCORE == 'pagerank' then
    local w = num(redis.call('HGET', WEIGHTS, url), 0)
    redis.call('HDEL', WEIGHTS, url)
    if nLinks == 0 then
      if RESCORE == 'opic' and w > 0 then redis.call('HINCRBYFLOAT', STATS, 'cashSink', w) end
      return nil
    end
    local share = w / nLinks
    return {
      score = function(u) return -tonumber(redis.call('HINCRBYFLOAT', WEIGHTS, u, share)) end,
      known = function(u)
        local q, m = queued(u)
        if q then
          local nw = redis.call('HINCRBYFLOAT', WEIGHTS, u, share)
          redis.call('ZADD', q, 'XX', -tonumber(nw), m)
        end
      end }
  end
  if RESCORE == 'focus-learn' and sim ~= '' then
    -- the worker scored the links (link context, tunnelling, its link model); the crawl counts the page
    redis.call('HINCRBY', STATS, relevant == '1' and 'relevant' or 'irrelevant', 1)
    return nil
  end
  if (RESCORE == 'focus-t' or RESCORE == 'focus-tl') and sim ~= '' then
    local f = num(S.focusF, 3)
    local a = num(S.focusA, 1.5)
    local b = num(S.focusB, 0.5)
    local tl = RESCORE == 'focus-tl'
    -- the page joins queue 2 or queue 3
    if relevant == '1' then
      redis.call('HINCRBY', STATS, 'relevant', 1)
      if tl then prefix_add(P .. 'fr:', url, f) end
    else
      redis.call('HINCRBY', STATS, 'irrelevant', 1)
      if tl then
        prefix_add(P .. 'fi:', url, f)
        seen_add(P .. 'x:' .. pageBucket, pageRem)
      end
    end
    -- N_p: the page's links, less those known to be irrelevant (T&L)
    local np = nLinks
    if tl then
      for j = linksAt, #ARGV - 4, 5 do
        if seen_has(P .. 'x:' .. ARGV[j + 1], tonumber(ARGV[j + 2])) then np = np - 1 end
      end
    end
    local priority = tonumber(sim) / math.max(np, 1)
    return {
      score = function(u)
        local m = 1
        if tl then
          -- a for a prefix of S, b for one of U = M - S; when both match, the longer prefix decides
          local ps = prefix_match(P .. 'fr:', u, f)
          local pu = prefix_match(P .. 'fi:', u, f)
          if pu and is_maximal(P .. 'fr:', pu, f) then pu = nil end
          if ps and (not pu or #ps >= #pu) then m = a elseif pu then m = b end
        end
        return -(priority * m)
      end }
  end
  return nil
end

-- Lease member: "leaseId partition score worker|client depth hops attempts url" (leases made before workers named
-- themselves lack "worker|client": no owner, the site's politeness)
local function parse_lease(lm)
  local id, part, score, worker, client, member = string.match(lm, '^(%d+) (%d+) (%S+) ([^ |]*)|(%S*) (.*)$')
  if id then return id, part, score, member, worker, client end
  id, part, score, member = string.match(lm, '^(%d+) (%d+) (%S+) (.*)$')
  return id, part, score, member, '', '-'
end

local function release_host(key)
  local busy = redis.call('HINCRBY', HBUSY, key, -1)
  if busy <= 0 then redis.call('HDEL', HBUSY, key) end
end

-- Puts expired leases back in their queues: a worker that died loses nothing. An expired lease counts as an
-- attempt; a URL whose leases expired maxAttempts times (it kills or hangs workers) gets a final page record
-- (outcome abandoned) instead of another lease.
local function requeue_leases(expired, now)
  local maxAttempts = num(S.maxAttempts, 3)
  local requeued = 0
  for _, lm in ipairs(expired) do
    local _, part, score, member, _, client = parse_lease(lm)
    local depth, hops, attempts, url = string.match(member, '^(%d+) ([%d:]+) (%d+) (.*)$')
    local host = host_of(url)
    local tries = tonumber(attempts) + 1
    redis.call('ZREM', INFLIGHT, lm)
    release_host(pkey(client, host))
    if tries >= maxAttempts then
      redis.call('XADD', P .. 'pages', '*', 'url', url, 'status', '0', 'outcome', 'abandoned', 'fetchedAt', tostring(now),
        'partition', part, 'depth', depth,
        'error', 'its lease expired ' .. tries .. ' times: the URL hung or killed the workers that took it')
      redis.call('HINCRBY', STATS, 'errors', 1)
      redis.call('HINCRBY', STATS, 'abandoned', 1)
    else
      local again = depth .. ' ' .. hops .. ' ' .. tries .. ' ' .. url
      -- a member queued already (a URL leased twice, as a revisit beside its spilled seed) is one URL
      if redis.call('ZADD', queue_key(part, host), 'LT', tonumber(score), again) == 1 then
        index_queued(part, again)
        redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
        requeued = requeued + 1
      end
    end
    mark_ready_all(host)
  end
  if requeued > 0 then redis.call('HINCRBY', STATS, 'queued', requeued) end
  if #expired > 0 then redis.call('HINCRBY', STATS, 'reclaimed', #expired) end
  return #expired
end

-- Leases of workers silent for longer than timeoutMs (killed, or cut off from Redis) go back to their queues now,
-- not when their deadlines pass; such a worker's late completion is then stale. The in-flight set is read whole,
-- which happens only when a worker has died, and holds at most the workers' concurrency.
local function reclaim_dead(now, timeoutMs)
  if timeoutMs <= 0 then return 0 end
  local dead = redis.call('ZRANGEBYSCORE', OWNERS, '-inf', now - timeoutMs, 'LIMIT', 0, 16)
  if #dead == 0 then return 0 end
  local gone = {}
  for _, w in ipairs(dead) do gone[w] = true end
  redis.call('ZREM', OWNERS, unpack(dead))
  local theirs = {}
  for _, lm in ipairs(redis.call('ZRANGE', INFLIGHT, 0, -1)) do
    local _, _, _, _, worker = parse_lease(lm)
    if gone[worker] then theirs[#theirs + 1] = lm end
  end
  if #theirs > 0 then redis.call('HINCRBY', STATS, 'reclaimedDead', #theirs) end
  return requeue_leases(theirs, now)
end

local function reclaim(now, limit, timeoutMs)
  local n = reclaim_dead(now, timeoutMs or 0)
  return n + requeue_leases(redis.call('ZRANGEBYSCORE', INFLIGHT, '-inf', now, 'LIMIT', 0, limit), now)
end

-- Whether the shard has nothing left to do: nothing queued (or its budget spent), nothing in flight, no side load.
local function drained(now)
  redis.call('ZREMRANGEBYSCORE', P .. 'loads', '-inf', now)
  local budget = num(S.budget, 0)
  local spent = budget > 0 and num(redis.call('HGET', STATS, 'leaseSeq'), 0) >= budget
  if not spent and S.continuous == '1' then return false end
  return (spent or num(redis.call('HGET', STATS, 'queued'), 0) <= 0) and redis.call('ZCARD', INFLIGHT) == 0
      and redis.call('ZCARD', P .. 'loads') == 0 and (SHARDS <= 1 or redis.call('ZCARD', HELD) == 0)
end

-- Something happened that may have made the shard busy again (see stats ops).
local function touched()
  redis.call('HINCRBY', STATS, 'ops', 1)
end

local function check_finished(now)
  local state = redis.call('HGET', CONF, 'state')
  if state ~= 'RUNNING' and state ~= 'PAUSED' then return state end
  if drained(now) then
    -- a lane of a sharded crawl cannot see the others: whoever calls settles the crawl (probe and finish every shard)
    if SHARDS > 1 then return 'DRAINED' end
    redis.call('HSET', CONF, 'state', 'FINISHED', 'finishedAt', now)
    return 'FINISHED'
  end
  return state
end

-- enqueue now load links...   (load: a side load this enqueue finishes, or '')
if op == 'enqueue' then
  local admitted = admit_links(4, nil)
  if admitted > 0 then touched() end
  if ARGV[3] ~= '' then redis.call('ZREM', P .. 'loads', ARGV[3]) end
  return { admitted, check_finished(tonumber(ARGV[2])) }
end

-- claim now host deadline: take a host's sitemaps (once per crawl) as a side load until deadline
if op == 'claim' then
  if redis.call('HSETNX', P .. 'sitemaps', ARGV[3], '1') == 0 then return 0 end
  redis.call('ZADD', P .. 'loads', tonumber(ARGV[4]), 'sitemaps:' .. ARGV[3])
  touched()
  return 1
end

-- lease now partition max leaseMs worker node addresses timeoutMs nodeLanes
--   worker: the leasing worker's name ('' for none: its leases expire only at their deadlines); node: its node (a lane
--   given to another node is not leased); addresses: its source addresses, comma-separated ('' for none);
--   timeoutMs: how long a silent worker counts as alive (0: leases expire only at their deadlines); nodeLanes: how many
--   lanes of the crawl the worker's node serves. In a sharded crawl each lane keeps its node's politeness in its own
--   shard, so a node serving k lanes waits k times the delay in each: together, one polite client.
if op == 'lease' then
  local now, part, max, leaseMs = tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
  local worker, node, timeoutMs = ARGV[6] or '', ARGV[7] or '', tonumber(ARGV[9] or '0')
  local delayShare = (SHARDS > 1 and NODE_SCOPE) and math.max(1, tonumber(ARGV[10] or '1')) or 1
  local addresses = {}
  for a in string.gmatch(ARGV[8] or '', '[^,]+') do addresses[#addresses + 1] = a end
  -- first the dead (a worker that stopped and started again under its name finds its old leases back in the queues)
  if reclaim(now, 200, timeoutMs) > 0 then
    touched()
    -- the last URLs may have been abandoned just now: the crawl (or, sharded, this shard) may be done
    check_finished(now)
  end
  if worker ~= '' then redis.call('ZADD', OWNERS, now, worker) end
  if redis.call('HGET', CONF, 'state') ~= 'RUNNING' then return {} end
  local laneNode = redis.call('HGET', CONF, 'lane:' .. part)
  if laneNode and laneNode ~= '' and node ~= '' and laneNode ~= node then return {} end
  -- back-pressure: while the manager has more than maxUnread page records to ingest, nothing more is leased
  local maxUnread = num(S.maxUnread, 0)
  if maxUnread > 0 and redis.call('XLEN', P .. 'pages') >= maxUnread then
    redis.call('HINCRBY', STATS, 'backPressure', 1)
    return {}
  end
  local out = {}
  local ready = ready_key(part)
  local cap = num(S.maxPerHost, 1)
  -- a node serving k lanes of a sharded crawl: each lane its share of the node's cap (at least one)
  if delayShare > 1 then cap = math.max(1, math.floor(cap / delayShare)) end
  local defaultDelay = num(S.delayMs, 0)
  local pickTop = num(S.pickTop, 1)
  local pickRandom = num(S.pickRandom, 0)
  local budget = num(S.budget, 0)
  if budget > 0 then
    max = math.min(max, budget - num(redis.call('HGET', STATS, 'leaseSeq'), 0))
    if max <= 0 then return {} end
  end
  local hosts
  local hostOrder = S.hostOrder
  if hostOrder == 'largest' then
    -- largest site first: of the hosts ready now (at most 256 looked at), those with the most queued URLs
    hosts = redis.call('ZRANGEBYSCORE', ready, '-inf', now, 'LIMIT', 0, 256)
    local size = {}
    for _, h in ipairs(hosts) do
      size[h] = redis.call('ZCARD', queue_key(part, h)) + (HEAD > 0 and redis.call('LLEN', spill_key(part, h)) or 0)
    end
    table.sort(hosts, function(a, b) if size[a] ~= size[b] then return size[a] > size[b] end return a < b end)
  elseif hostOrder == 'best' then
    -- scored strategies: of the hosts ready now (at most 256 looked at), the one holding the best URL first
    hosts = redis.call('ZRANGEBYSCORE', ready, '-inf', now, 'LIMIT', 0, 256)
    local best, key = {}, {}
    for _, h in ipairs(hosts) do
      local top = redis.call('ZRANGE', queue_key(part, h), 0, 0, 'WITHSCORES')
      best[h] = top[2] and tonumber(top[2]) or math.huge
      key[h] = top[1] or ''
      -- a spilled URL may score better than the head's best (see pop_best)
      local front = HEAD > 0 and redis.call('LINDEX', spill_key(part, h), 0) or nil
      if front and spill_score(front) < best[h] then
        best[h], key[h] = spill_decode(front, h)
      end
    end
    table.sort(hosts, function(a, b)
      if best[a] ~= best[b] then return best[a] < best[b] end
      if key[a] ~= key[b] then return key[a] < key[b] end
      return a < b
    end)
  else
    -- with scope node some ready hosts may not be polite for this client yet: look a little further
    hosts = redis.call('ZRANGEBYSCORE', ready, '-inf', now, 'LIMIT', 0, NODE_SCOPE and max + 32 or max)
  end
  for _, host in ipairs(hosts) do
    if #out >= max then break end
    local q = queue_key(part, host)
    local client = NODE_SCOPE and client_for(node, addresses, host) or '-'
    local key = pkey(client, host)
    local busy = num(redis.call('HGET', HBUSY, key), 0)
    local delay = num(redis.call('HGET', HDELAY, host), defaultDelay) * delayShare
    -- politeness is the host's (scope site), whichever lane asks: another lane may have fetched from it (or been told
    -- to back off) since this lane scheduled it; then this lane waits for the host's next allowed time too. With scope
    -- node it is this client's, and another client may be free sooner: the host is looked at again soon.
    local hostNext = num(redis.call('HGET', HNEXT, key), 0)
    local polite = hostNext <= now and (not NODE_SCOPE or busy < cap)
    if not polite then
      redis.call('ZADD', ready, NODE_SCOPE and math.min(math.max(hostNext, now + 1), now + NODE_RESCAN) or hostNext, host)
    end
    while polite and busy < cap and #out < max do
      local e
      if pickRandom > 0 and (redis.call('HINCRBY', STATS, 'pickSeq', 1) - 1) % (pickTop + pickRandom) >= pickTop then
        -- a random pick (depth-weight strategy): any URL of the queue
        e = random_pick(part, host)
      else
        e = pop_best(part, host)
      end
      if #e == 0 then break end
      unindex(e[1])
      local id = redis.call('HINCRBY', STATS, 'leaseSeq', 1)
      local lm = id .. ' ' .. part .. ' ' .. e[2] .. ' ' .. worker .. '|' .. client .. ' ' .. e[1]
      redis.call('ZADD', INFLIGHT, now + leaseMs, lm)
      busy = busy + 1
      out[#out + 1] = lm
      if delay > 0 then break end
    end
    if polite then
      redis.call('HSET', HBUSY, key, busy)
      if redis.call('EXISTS', q) == 0 or (busy >= cap and not NODE_SCOPE) then
        redis.call('ZREM', ready, host)
      elseif NODE_SCOPE and (busy >= cap or delay > 0) then
        -- another client may lease the host at once; this one finds it not yet polite and puts it off to its own time
        redis.call('ZADD', ready, now + 1, host)
      elseif delay > 0 then
        redis.call('ZADD', ready, now + delay, host)
      end
      if delay > 0 then redis.call('HSET', HNEXT, key, now + delay) end
    end
  end
  if #out > 0 then
    redis.call('HINCRBY', STATS, 'queued', -#out)
    redis.call('HINCRBY', STATS, 'queued:' .. part, -#out)
    touched()
  end
  return out
end

-- complete now leaseMember hostNextAt hostDelay disposition(done|retry) counter pageBucket pageRem sim relevant
--          nFields fields... links...        (sim, relevant: the page's topic relevance in a focused crawl, else '';
--          pageBucket '': the page's fetched fingerprint is kept in another shard, which the caller tells itself)
if op == 'complete' then
  local now, lm = tonumber(ARGV[2]), ARGV[3]
  local nextAt, delay, disposition, counter = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6], ARGV[7]
  local pageBucket, pageRem = ARGV[8], tonumber(ARGV[9])
  local sim, relevant = ARGV[10], ARGV[11]
  local nFields = tonumber(ARGV[12])
  local fieldsAt = 13
  local linksAt = fieldsAt + nFields * 2
  if redis.call('ZREM', INFLIGHT, lm) == 0 then
    redis.call('HINCRBY', STATS, 'stale', 1)
    return { 'stale', 0, check_finished(now) }
  end
  touched()
  local _, part, score, member, _, client = parse_lease(lm)
  local depth, hops, attempts, url = string.match(member, '^(%d+) ([%d:]+) (%d+) (.*)$')
  local host = host_of(url)
  local key = pkey(client, host)
  release_host(key)
  if nextAt > num(redis.call('HGET', HNEXT, key), 0) then redis.call('HSET', HNEXT, key, nextAt) end
  if delay >= 0 then redis.call('HSET', HDELAY, host, delay) end
  if disposition == 'retry' then
    local again = depth .. ' ' .. hops .. ' ' .. (tonumber(attempts) + 1) .. ' ' .. url
    if redis.call('ZADD', queue_key(part, host), 'LT', tonumber(score), again) == 1 then
      index_queued(part, again)
      redis.call('HINCRBY', STATS, 'queued', 1)
      redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
    end
    redis.call('HINCRBY', STATS, 'retries', 1)
  elseif counter ~= '' then
    redis.call('HINCRBY', STATS, counter, 1)
    if counter == 'fetched' then
      redis.call('HINCRBY', STATS, 'fetched:' .. part, 1)
      if pageBucket ~= '' and seen_add(P .. 'f:' .. pageBucket, pageRem) then redis.call('HINCRBY', STATS, 'unique', 1) end
    end
  end
  if nFields > 0 then
    local fields = {}
    for i = fieldsAt, linksAt - 1 do fields[#fields + 1] = ARGV[i] end
    redis.call('XADD', P .. 'pages', '*', unpack(fields))
    for i = fieldsAt, linksAt - 1, 2 do
      if ARGV[i] == 'linksDropped' then redis.call('HINCRBY', STATS, 'linksDropped', tonumber(ARGV[i + 1]) or 0) end
    end
  end
  local ctx = nil
  if disposition ~= 'retry' and counter == 'fetched' then ctx = page_context(url, pageBucket, pageRem, linksAt, sim, relevant) end
  local admitted = admit_links(linksAt, ctx)
  mark_ready_all(host)
  return { 'ok', admitted, check_finished(now) }
end

-- rescore url weight url weight ...: new weights for the URLs still queued (partial PageRank; a learning focused
-- crawl's link scores)
if op == 'rescore' then
  local moved = 0
  for j = 2, #ARGV - 1, 2 do
    local q, m = queued(ARGV[j])
    if q then
      if RESCORE == 'pagerank' or RESCORE == 'opic' then redis.call('HSET', WEIGHTS, ARGV[j], ARGV[j + 1]) end
      redis.call('ZADD', q, 'XX', -tonumber(ARGV[j + 1]), m)
      moved = moved + 1
    end
  end
  return moved
end

-- revisit now priority partition url partition url ...: queues known URLs again, seen or not: scheduled
-- revisits (priority -1) ahead of newly found URLs, recrawl requests (0..10, higher first) ahead of both;
-- FIFO within a priority. A URL queued already only ever moves up. Returns how many were queued anew.
if op == 'revisit' then
  local state = redis.call('HGET', CONF, 'state')
  if state ~= 'RUNNING' and state ~= 'PAUSED' then return 0 end
  local base = -(tonumber(ARGV[3]) + 2) * 35184372088832   -- 2^45 per priority level
  local added = 0
  for j = 4, #ARGV - 1, 2 do
    local part, url = ARGV[j], ARGV[j + 1]
    local q, m = nil, nil
    if INDEXED then q, m = queued(url) end
    local s = base + redis.call('HINCRBY', STATS, 'seq', 1)
    if q then
      redis.call('ZADD', q, 'LT', s, m)
    else
      local member = '0 0 0 ' .. url
      local host = host_of(url)
      local hq = queue_key(part, host)
      if redis.call('ZSCORE', hq, member) then
        redis.call('ZADD', hq, 'LT', s, member)
      else
        -- ahead of every queued URL: into the head (its worst spilled when it is full)
        queue_add(part, host, s, member)
        index_queued(part, member)
        redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
        added = added + 1
      end
      mark_ready(part, host)
    end
  end
  if added > 0 then
    redis.call('HINCRBY', STATS, 'queued', added)
    redis.call('HINCRBY', STATS, 'revisits', added)
    touched()
  end
  return added
end

-- drop now part host [member ...]: an operator takes queued URLs of a host in a lane out of the crawl (the members
-- given, else up to 1,000 of the queue's first); they stay seen, so no link brings them back. Returns { dropped,
-- state after the finish check }.
if op == 'drop' then
  local now, part, host = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
  local q = queue_key(part, host)
  local members = {}
  if #ARGV > 4 then
    for j = 5, #ARGV do members[#members + 1] = ARGV[j] end
  else
    members = redis.call('ZRANGE', q, 0, 999)
  end
  local n = 0
  for _, m in ipairs(members) do
    if redis.call('ZREM', q, m) == 1 then
      n = n + 1
      unindex(m)
    end
  end
  if HEAD > 0 then
    if #ARGV == 4 and redis.call('EXISTS', q) == 0 then
      -- the whole queue goes: its spill with it
      local b = spill_key(part, host)
      n = n + redis.call('LLEN', b)
      redis.call('UNLINK', b)
    else
      top_up(part, host)
    end
  end
  if n > 0 then
    redis.call('HINCRBY', STATS, 'queued', -n)
    redis.call('HINCRBY', STATS, 'queued:' .. part, -n)
    redis.call('HINCRBY', STATS, 'dropped', n)
    if redis.call('EXISTS', q) == 0 then redis.call('ZREM', ready_key(part), host) end
    touched()
  end
  return { n, check_finished(now) }
end

-- dropspilled now part host chunk anchorIndex anchor index entry ...: an operator takes spilled URLs out of the crawl,
-- each given as read at its index of the host's spill, and reads the next chunk. The entries were read in the chunk
-- ending with the anchor (anchorIndex -1: nothing read yet, start at the front). Leases and new URLs may have moved the
-- spill since (a top-up pops its front, an eviction pushes onto it): the anchor, found again (one LPOS at most), tells
-- by how much; an entry not where it moved to is gone from the spill (leased or dropped) and skipped. Returns
-- { dropped, state after the finish check, the index the next chunk starts at, its entries... }: read after the drop, in
-- the same call, so that nothing moves between the two.
if op == 'dropspilled' then
  local now, part, host, chunk = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
  local b = spill_key(part, host)
  local anchorAt, anchor = tonumber(ARGV[6]), ARGV[7]
  local n = 0
  local nextAt = 0
  if anchorAt >= 0 then
    local shift = 0
    if redis.call('LINDEX', b, anchorAt) ~= anchor then
      local pos = redis.call('LPOS', b, anchor)
      -- the anchor gone: a top-up took it, and everything read before it, into the head
      shift = pos and (pos - anchorAt) or nil
    end
    if shift then
      -- the entries to drop where they are now, read in one LRANGE from the first of them to the anchor
      local from = #ARGV >= 9 and math.max(tonumber(ARGV[8]) + shift, 0) or nil
      local window = from and redis.call('LRANGE', b, from, anchorAt + shift) or {}
      for j = 8, #ARGV - 1, 2 do
        local at, e = tonumber(ARGV[j]) + shift, ARGV[j + 1]
        if at >= 0 and window[at - from + 1] == e then
          redis.call('LSET', b, at, '')
          n = n + 1
        end
      end
      if n > 0 then
        redis.call('LREM', b, n, '')
        count_queued(part, -n)
        redis.call('HINCRBY', STATS, 'dropped', n)
        touched()
      end
      nextAt = anchorAt + shift + 1 - n
    end
  end
  local out = { n, check_finished(now), nextAt }
  for _, e in ipairs(redis.call('LRANGE', b, nextAt, nextAt + chunk - 1)) do out[#out + 1] = e end
  return out
end

-- queues part cursor: one SCAN step over the lane's host queues on this node (the shard's keys all live here):
-- { next cursor, host ... }
if op == 'queues' then
  local prefix = P .. 'p' .. ARGV[2] .. ':q:'
  local r = redis.call('SCAN', ARGV[3], 'MATCH', prefix .. '*', 'COUNT', 500)
  local out = { r[1] }
  for _, k in ipairs(r[2]) do out[#out + 1] = string.sub(k, #prefix + 1) end
  return out
end

-- reclaim now limit timeoutMs
if op == 'reclaim' then
  local n = reclaim(tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4] or '0'))
  if n > 0 then touched() end
  return { n, check_finished(tonumber(ARGV[2])) }
end

-- purge cursor: deletes up to about a thousand of the crawl's keys (SCAN of this node, which holds every key of the
-- crawl's hash tag) and returns the next cursor, "0" at the end
if op == 'purge' then
  local r = redis.call('SCAN', ARGV[2], 'MATCH', P .. '*', 'COUNT', 1000)
  local keys = r[2]
  for i = 1, #keys, 500 do
    redis.call('UNLINK', unpack(keys, i, math.min(i + 499, #keys)))
  end
  return r[1]
end

-- probe now: { state, 1 when drained (or finished) else 0, ops } of this shard, for the finish check of a sharded crawl
if op == 'probe' then
  local state = redis.call('HGET', CONF, 'state') or 'UNKNOWN'
  local idle = state == 'FINISHED' or ((state == 'RUNNING' or state == 'PAUSED') and drained(tonumber(ARGV[2])))
  return { state, idle and 1 or 0, num(redis.call('HGET', STATS, 'ops'), 0) }
end

-- finish now ops: the crawl was seen drained in every shard at once; this shard ends if it is still drained and nothing
-- happened in it since (its ops still as probed), else answers BUSY (a stopped one stays stopped). A shard that ended
-- remembers the state it ended from, for a reopen.
if op == 'finish' then
  local state = redis.call('HGET', CONF, 'state')
  if state == 'RUNNING' or state == 'PAUSED' then
    if num(redis.call('HGET', STATS, 'ops'), 0) ~= tonumber(ARGV[3]) or not drained(tonumber(ARGV[2])) then return 'BUSY' end
    redis.call('HSET', CONF, 'state', 'FINISHED', 'finishedAt', ARGV[2], 'finishedFrom', state)
    return 'FINISHED'
  end
  return state or 'UNKNOWN'
end

-- reopen: another shard of the crawl turned out busy while this one was being finished: it goes back to its state
if op == 'reopen' then
  local from = redis.call('HGET', CONF, 'finishedFrom')
  if redis.call('HGET', CONF, 'state') == 'FINISHED' and from then
    redis.call('HSET', CONF, 'state', from)
    redis.call('HDEL', CONF, 'finishedAt', 'finishedFrom')
  end
  return redis.call('HGET', CONF, 'state') or 'UNKNOWN'
end

-- allowance now: { maxPages, admitted, held, budget, leaseSeq, queued, 1 when drained else 0 } of this shard, for the
-- manager's balancing of a sharded crawl's crawl-wide limits
if op == 'allowance' then
  return { num(S.maxPages, 0), num(redis.call('HGET', STATS, 'admitted'), 0), redis.call('ZCARD', HELD), num(S.budget, 0),
    num(redis.call('HGET', STATS, 'leaseSeq'), 0), num(redis.call('HGET', STATS, 'queued'), 0),
    drained(tonumber(ARGV[2])) and 1 or 0 }
end

-- release now: a drained shard gives back the allowance it did not use: { pages, budget } released (0 when busy)
if op == 'release' then
  if not drained(tonumber(ARGV[2])) then return { 0, 0 } end
  local pages, budget = 0, 0
  local maxPages, admitted = num(S.maxPages, 0), num(redis.call('HGET', STATS, 'admitted'), 0)
  if maxPages > admitted then
    pages = maxPages - admitted
    redis.call('HSET', CONF, 'maxPages', admitted)
  end
  local b, used = num(S.budget, 0), num(redis.call('HGET', STATS, 'leaseSeq'), 0)
  if b > used then
    budget = b - used
    redis.call('HSET', CONF, 'budget', used)
  end
  return { pages, budget }
end

-- grant now pages budget: more allowance for this shard; held URLs are admitted into it at once, in the order they were
-- found. Returns { admitted, still held }.
if op == 'grant' then
  local pages, budget = tonumber(ARGV[3]), tonumber(ARGV[4])
  if budget > 0 then redis.call('HINCRBY', CONF, 'budget', budget) end
  if pages <= 0 then return { 0, redis.call('ZCARD', HELD) } end
  local maxPages = redis.call('HINCRBY', CONF, 'maxPages', pages)
  local state = redis.call('HGET', CONF, 'state')
  local count = num(redis.call('HGET', STATS, 'admitted'), 0)
  local admitted = 0
  local laneSeen = S.laneSeen == '1'
  while count < maxPages and (state == 'RUNNING' or state == 'PAUSED') do
    local top = redis.call('ZPOPMIN', HELD)
    if #top == 0 then break end
    local url, sc = top[1], tonumber(top[2])
    local m = redis.call('HGET', HELDM, url)
    redis.call('HDEL', HELDM, url)
    if m then
      local bucket, rem, member = string.match(m, '^(%S+) (%S+) (.*)$')
      local part = SHARD or '0'
      local seenKey = laneSeen and (P .. 's:' .. part .. ':' .. bucket) or (P .. 's:' .. bucket)
      if seen_add(seenKey, tonumber(rem)) then
        local host = host_of(url)
        queue_add(part, host, sc, member)
        redis.call('HINCRBY', STATS, 'queued:' .. part, 1)
        count = count + 1
        admitted = admitted + 1
        mark_ready(part, host)
      end
    end
  end
  if admitted > 0 then
    redis.call('HSET', STATS, 'admitted', count)
    redis.call('HINCRBY', STATS, 'queued', admitted)
  end
  touched()
  return { admitted, redis.call('ZCARD', HELD) }
end

-- exhaust: the crawl's page limit is used up in every shard: held URLs are let go (counted in limitRefused), and none is
-- held again. Returns how many were let go.
if op == 'exhaust' then
  local n = redis.call('ZCARD', HELD)
  redis.call('DEL', HELD, HELDM)
  redis.call('HSET', CONF, 'exhausted', '1')
  if n > 0 then
    redis.call('HINCRBY', STATS, 'limitRefused', n)
    touched()
  end
  return n
end

-- backoff now client host nextAt: a back-off (429, 503, Retry-After) the client was told to keep for the host, learned
-- in another lane's shard of a sharded crawl: the client waits here too
if op == 'backoff' then
  local key = pkey(ARGV[3], ARGV[4])
  if tonumber(ARGV[5]) > num(redis.call('HGET', HNEXT, key), 0) then redis.call('HSET', HNEXT, key, ARGV[5]) end
  return 1
end

-- fetched bucket remainder: a page fetched by a lane of another shard, counted once among the crawl's distinct pages
-- in the shard that keeps its fingerprint
if op == 'fetched' then
  if seen_add(P .. 'f:' .. ARGV[2], tonumber(ARGV[3])) then
    redis.call('HINCRBY', STATS, 'unique', 1)
    return 1
  end
  return 0
end

return redis.error_reply('unknown frontier operation ' .. tostring(op))
