package io.trawler.frontier;

/**
 * A host with work in one lane of a crawl: URLs queued for it and the earliest time (epoch ms) it may be fetched
 * from again (politeness delay, Crawl-delay or back-off). A host busy to its concurrency limit is not ready and
 * not listed until a fetch completes.
 */
public record HostQueue(String host, int partition, long queued, long nextFetchAt) {
}
