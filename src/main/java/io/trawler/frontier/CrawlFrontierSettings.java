package io.trawler.frontier;

/**
 * The settings the frontier enforces for one crawl.
 *
 * @param maxPerHost URLs of one host in flight at once
 * @param delayMs    default delay between fetch starts on one host
 * @param maxPages   URLs admitted at most (0: no limit)
 * @param partitions crawler lanes
 */
public record CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions) {

    public int bucketBits() {
        return UrlFingerprint.bucketBitsFor(maxPages <= 0 ? 1_000_000 : maxPages);
    }
}
