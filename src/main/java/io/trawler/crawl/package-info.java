/**
 * Crawl lifecycle on the manager: starting a crawl (spec to Redis, seeds to the frontier), pause,
 * resume and stop, finish detection, and ingestion of page records and link graphs from Redis.
 */
package io.trawler.crawl;
