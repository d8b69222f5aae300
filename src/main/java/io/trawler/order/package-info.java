/**
 * Ordering strategies (SPEC §2, seeds 001–003), in plain Java: {@link io.trawler.order.OrderingStrategy} and
 * its ten implementations (built by name in {@link io.trawler.order.Strategies}), the
 * {@link io.trawler.order.FrontierRules} the Redis frontier applies for them, and the rules they rest on:
 * directory depth and the Tianwang weight, backlink counts, OPIC cash, partial PageRank, and focused crawling
 * (Lucene text analysis, topic model, URL prefix analyser for the seed's T and T&amp;L; link features, link model and
 * a per-worker link learner for the learning strategy). The frontier's Lua script mirrors the re-scoring rules; the
 * worker and manager wire them.
 */
package io.trawler.order;
