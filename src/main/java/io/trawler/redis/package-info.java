/**
 * Redis plumbing the Redis-backed stores share (the frontier, the revisit state, the login throttle): Lua scripts
 * sent by their digest and loaded again after a restart, blocking waits with a bound for code off the event loop,
 * and sorted-set replies read as (member, score) pairs. No capability lives here, and it depends on no other
 * Trawler package.
 */
package io.trawler.redis;
