-- Trawler revisit state of one site, atomically. KEYS[1] = the site's prefix "t:{r:<site>}:".
-- Pages are spread over 2^bits buckets by their URL fingerprint, so that every bucket stays a small hash and a
-- small sorted set in Redis's compact listpack encoding (a few bytes of overhead per page instead of ~60):
--   P meta       HASH  bits, pages
--   P h:<b>      HASH  8-byte URL fingerprint -> u16 URL length, URL, packed PageHistory
--   P d:<b>      ZSET  8-byte URL fingerprint -> time (ms) the page is next due
--   P di         ZSET  bucket -> the earliest due time in it
-- Search-usage signals (user-experience policy), only for pages that appeared in results:
--   P v          HASH  URL -> view weight (impressions at rank r count 1/r, clicks 1)
--   P q          HASH  URL -> the latest distinct queries it appeared for (at most 5, newline-separated)
--   P im         HASH  URL -> impacts of its last measured changes (space-separated)
--   P meta       also  views, viewed (sum and count of weights), impactSum, impactCount
local P = KEYS[1]
local op = ARGV[1]
local DI = P .. 'di'
local META = P .. 'meta'

local function reindex(b)
  local first = redis.call('ZRANGE', P .. 'd:' .. b, 0, 0, 'WITHSCORES')
  if #first == 0 then redis.call('ZREM', DI, b) else redis.call('ZADD', DI, first[2], b) end
end

-- put bucket fp value due fp value due ...: stores histories; due '' keeps the page's schedule, '-1' removes it
if op == 'put' then
  local b = ARGV[2]
  local h, d = P .. 'h:' .. b, P .. 'd:' .. b
  local added = 0
  for i = 3, #ARGV - 2, 3 do
    added = added + redis.call('HSET', h, ARGV[i], ARGV[i + 1])
    local due = ARGV[i + 2]
    if due == '-1' then redis.call('ZREM', d, ARGV[i]) elseif due ~= '' then redis.call('ZADD', d, due, ARGV[i]) end
  end
  if added > 0 then redis.call('HINCRBY', META, 'pages', added) end
  reindex(b)
  return added
end

-- unscheduled bucket due: schedules at `due` every page of the bucket that has a history and no due time (pages
-- found before the site had a refresh plan)
if op == 'unscheduled' then
  local b, due = ARGV[2], ARGV[3]
  local d = P .. 'd:' .. b
  local n = 0
  for _, fp in ipairs(redis.call('HKEYS', P .. 'h:' .. b)) do
    if not redis.call('ZSCORE', d, fp) then
      redis.call('ZADD', d, due, fp)
      n = n + 1
    end
  end
  if n > 0 then reindex(b) end
  return n
end

-- take now max holdMs: up to max URLs due by now, earliest buckets first; each stays scheduled at now + holdMs
-- (it comes back if its fetch is never recorded)
if op == 'take' then
  local now, max, hold = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
  local out = {}
  for _, b in ipairs(redis.call('ZRANGE', DI, '-inf', now, 'BYSCORE', 'LIMIT', 0, max)) do
    if #out >= max then break end
    local d = P .. 'd:' .. b
    for _, fp in ipairs(redis.call('ZRANGE', d, '-inf', now, 'BYSCORE', 'LIMIT', 0, max - #out)) do
      local v = redis.call('HGET', P .. 'h:' .. b, fp)
      if v then
        out[#out + 1] = string.sub(v, 3, 2 + string.byte(v, 1) * 256 + string.byte(v, 2))
        redis.call('ZADD', d, 'XX', now + hold, fp)
      else
        redis.call('ZREM', d, fp)
      end
    end
    reindex(b)
  end
  return out
end

-- counts now: { pages due by now, earliest due time or -1, pages }
if op == 'counts' then
  local now = tonumber(ARGV[2])
  local n = 0
  for _, b in ipairs(redis.call('ZRANGE', DI, '-inf', now, 'BYSCORE')) do
    n = n + redis.call('ZCOUNT', P .. 'd:' .. b, '-inf', now)
  end
  local first = redis.call('ZRANGE', DI, 0, 0, 'WITHSCORES')
  return { n, first[2] or '-1', redis.call('HGET', META, 'pages') or '0' }
end

-- duehist now step n: pages due in each of n windows of step ms from now (the first also holds pages overdue);
-- reads only the buckets whose earliest due time falls before the horizon
if op == 'duehist' then
  local now, step, n = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
  local horizon = now + step * n
  local bins = {}
  for i = 1, n do bins[i] = 0 end
  for _, b in ipairs(redis.call('ZRANGE', DI, '-inf', '(' .. horizon, 'BYSCORE')) do
    local items = redis.call('ZRANGE', P .. 'd:' .. b, '-inf', '(' .. horizon, 'BYSCORE', 'WITHSCORES')
    for i = 2, #items, 2 do
      local k = math.floor((tonumber(items[i]) - now) / step) + 1
      if k < 1 then k = 1 end
      bins[k] = bins[k] + 1
    end
  end
  return bins
end

-- signal url weight query url weight query ...: adds view weight to pages and remembers their queries
if op == 'signal' then
  for i = 2, #ARGV - 2, 3 do
    local url, w, q = ARGV[i], tonumber(ARGV[i + 1]), ARGV[i + 2]
    if redis.call('HEXISTS', P .. 'v', url) == 0 then redis.call('HINCRBY', META, 'viewed', 1) end
    redis.call('HINCRBYFLOAT', P .. 'v', url, w)
    redis.call('HINCRBYFLOAT', META, 'views', w)
    if q ~= '' then
      local list = { q }
      for item in string.gmatch(redis.call('HGET', P .. 'q', url) or '', '[^\n]+') do
        if item ~= q and #list < 5 then list[#list + 1] = item end
      end
      redis.call('HSET', P .. 'q', url, table.concat(list, '\n'))
    end
  end
  return 1
end

-- impact url keep value: records the impact of a page's latest change, keeping its last `keep` values
if op == 'impact' then
  local url, keep, value = ARGV[2], tonumber(ARGV[3]), ARGV[4]
  local list = { value }
  for item in string.gmatch(redis.call('HGET', P .. 'im', url) or '', '%S+') do
    if #list < keep then list[#list + 1] = item end
  end
  redis.call('HSET', P .. 'im', url, table.concat(list, ' '))
  redis.call('HINCRBYFLOAT', META, 'impactSum', value)
  redis.call('HINCRBY', META, 'impactCount', 1)
  return #list
end

return redis.error_reply('unknown refresh operation ' .. tostring(op))
