package io.trawler.frontier;

/**
 * The settings the frontier enforces for one crawl.
 *
 * @param maxPerHost URLs of one host in flight at once
 * @param delayMs    default delay between fetch starts on one host
 * @param maxPages   URLs admitted at most (0: no limit)
 * @param partitions crawler lanes
 * @param laneSeen   one seen set per lane (independent partitioned crawls) instead of one for the crawl
 * @param pickTop    leases by lowest score in a row …
 * @param pickRandom   … before this many random leases from the host queue (0: never random)
 * @param largestFirst serve the ready host with the most queued URLs first (else the longest-waiting)
 */
public record CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions, boolean laneSeen, int pickTop,
        int pickRandom, boolean largestFirst) {

    public CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions) {
        this(maxPerHost, delayMs, maxPages, partitions, false, 1, 0, false);
    }

    public int bucketBits() {
        return UrlFingerprint.bucketBitsFor(maxPages <= 0 ? 1_000_000 : maxPages);
    }
}
