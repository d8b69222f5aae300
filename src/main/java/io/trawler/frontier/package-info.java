/**
 * The crawl frontier: which URLs wait, which are in flight, and when each host may be fetched again.
 *
 * <p>The rest of Trawler sees the {@link io.trawler.frontier.Frontier} port (enqueue, lease, complete, controls,
 * counts) and its {@link io.trawler.frontier.PageRecordSource} side; {@link io.trawler.frontier.RedisFrontier} implements
 * both on one Redis server or a Redis Cluster, and key names never leave this package (tests that look into Redis
 * excepted). State lives in Redis under one hash tag per crawl ({@link io.trawler.frontier.FrontierKeys}); all
 * multi-step changes are one call of {@code frontier.lua}, so they are atomic and a worker needs one
 * round trip per page. URLs wait in per-host sorted sets; a host is in its partition's ready set only
 * while it has work, is below its concurrency cap and politeness allows it. Leasing moves a URL to the
 * in-flight set scored by its lease deadline; completing removes it, updates the host's politeness
 * state, records the page and admits the page's links in the same step. Expired leases are put back
 * by whichever worker leases next, so a dead worker loses nothing. Dedup is exact and compact: 64-bit
 * fingerprints of normalised URLs, kept as sorted 6-byte entries in about 256-entry string buckets.
 *
 * <p>The {@link io.trawler.frontier.WorkerRegistry} (which workers are alive, on which node, with what load) lives
 * here too, in Redis beside the frontier, whose leases it takes back from silent workers.
 */
package io.trawler.frontier;
