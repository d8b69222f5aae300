-- One login-throttle key (a user name or an address): a hash {count, first, until} that expires with its window.
-- KEYS[1] the key; ARGV: op ("fail" | "wait"), now (ms), free failures, window (ms), max wait (ms).
-- Returns the milliseconds the caller must still wait (0: go ahead).
local key = KEYS[1]
local op, now, free, window, maxWait = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local v = redis.call('HMGET', key, 'count', 'first', 'until')
local count, first, untilMs = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])
if op == 'wait' then
  if untilMs == nil then return 0 end
  return math.max(0, untilMs - now)
end
if count == nil or first < now - window then
  count, first, untilMs = 0, now, 0
end
count = count + 1
if count > free then
  local shift = math.min(20, count - free - 1)
  untilMs = now + math.min(maxWait, 1000 * (2 ^ shift))
end
redis.call('HSET', key, 'count', count, 'first', first, 'until', untilMs)
redis.call('PEXPIREAT', key, math.max(first + window, untilMs) + 1000)
return math.max(0, untilMs - now)
