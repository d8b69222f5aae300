/**
 * The frontier in one process's memory: {@link io.trawler.frontier.memory.InMemoryFrontier} implements the
 * {@link io.trawler.frontier.Frontier} port with the same rules as the Redis backend's script (per-host queues and
 * ready sets, politeness per host or per client, scores, picks and host orders, re-scoring and focused crawling through
 * the shared {@code order} rules, page limits and budgets, leases, reclaims and abandoned URLs, side loads, the page
 * record stream) in plain Java. It passes the frontier's contract suite, and makes the worker testable without Redis or
 * Quarkus. It never shards: a single process has one shard, so the sharded backend's allowance balancing has nothing to
 * do here.
 */
package io.trawler.frontier.memory;
