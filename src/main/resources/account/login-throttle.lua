-- One login-throttle key (a user name or an address): a hash {count, first, until} that expires with its window.
-- KEYS[1] the key; ARGV: op, now (ms), free attempts, window (ms), max wait (ms).
--   attempt: 0 and the attempt counted when it may go ahead, else the milliseconds it must still wait (nothing
--            counted); checking and counting in one step, so parallel guesses cannot all pass one check
--   success: the attempt succeeded: forgets the key (a user name) or takes the attempt back (an address)
local key = KEYS[1]
local op, now, free, window, maxWait = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if op == 'success' then
  if ARGV[6] == 'forget' then
    redis.call('DEL', key)
  elseif redis.call('EXISTS', key) == 1 and redis.call('HINCRBY', key, 'count', -1) <= 0 then
    redis.call('DEL', key)
  end
  return 0
end
local v = redis.call('HMGET', key, 'count', 'first', 'until')
local count, first, untilMs = tonumber(v[1]) or 0, tonumber(v[2]) or now, tonumber(v[3]) or 0
if untilMs > now then
  return untilMs - now
end
if first < now - window then
  count, first, untilMs = 0, now, 0
end
count = count + 1
-- the free attempts go ahead; the one that uses the last of them sets the wait before the next (1 s, then 2 s, …)
if count >= free then
  local shift = math.min(20, count - free)
  untilMs = now + math.min(maxWait, 1000 * (2 ^ shift))
end
redis.call('HSET', key, 'count', count, 'first', first, 'until', untilMs)
redis.call('PEXPIREAT', key, math.max(first + window, untilMs) + 1000)
return 0
