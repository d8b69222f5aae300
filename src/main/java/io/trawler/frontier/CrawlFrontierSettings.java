package io.trawler.frontier;

import io.trawler.order.FrontierRules;

/**
 * The settings the frontier enforces for one crawl.
 *
 * @param maxPerHost URLs of one host in flight at once
 * @param delayMs    default delay between fetch starts on one host
 * @param maxPages   URLs admitted at most (0: no limit)
 * @param partitions crawler lanes
 * @param laneSeen   one seen set per lane (independent partitioned crawls) instead of one for the crawl
 * @param rules      the ordering strategy's picks, host order and re-scoring
 * @param budget     leases at most (0: no limit): a crawl that used its budget finishes once nothing is in flight
 * @param continuous the crawl stays RUNNING when its queues run dry, to take revisits and recrawls, until stopped
 */
public record CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions, boolean laneSeen, FrontierRules rules,
        long budget, boolean continuous) {

    public CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions) {
        this(maxPerHost, delayMs, maxPages, partitions, false, FrontierRules.PLAIN, 0, false);
    }

    public CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions, boolean laneSeen, FrontierRules rules,
            long budget) {
        this(maxPerHost, delayMs, maxPages, partitions, laneSeen, rules, budget, false);
    }

    public int bucketBits() {
        return UrlFingerprint.bucketBitsFor(maxPages <= 0 ? 1_000_000 : maxPages);
    }
}
