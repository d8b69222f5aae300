package io.trawler.frontier;

import io.trawler.order.FrontierRules;
import io.trawler.order.Rescoring;

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
 * @param politenessScope whose politeness the frontier keeps: the site's (one per host) or each node's
 * @param laneNodes  the node each lane starts on ({@code ""}: any node; empty list: every lane on any node)
 */
public record CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions, boolean laneSeen, FrontierRules rules,
        long budget, boolean continuous, PolitenessScope politenessScope, java.util.List<String> laneNodes) {

    public CrawlFrontierSettings {
        laneNodes = java.util.List.copyOf(laneNodes);
    }

    public CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions) {
        this(maxPerHost, delayMs, maxPages, partitions, false, FrontierRules.PLAIN, 0, false);
    }

    public CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions, boolean laneSeen, FrontierRules rules,
            long budget) {
        this(maxPerHost, delayMs, maxPages, partitions, laneSeen, rules, budget, false);
    }

    public CrawlFrontierSettings(int maxPerHost, long delayMs, long maxPages, int partitions, boolean laneSeen, FrontierRules rules,
            long budget, boolean continuous) {
        this(maxPerHost, delayMs, maxPages, partitions, laneSeen, rules, budget, continuous, PolitenessScope.SITE, java.util.List.of());
    }

    /** The same settings with lanes starting on the given nodes. */
    public CrawlFrontierSettings withLaneNodes(java.util.List<String> nodes) {
        return new CrawlFrontierSettings(maxPerHost, delayMs, maxPages, partitions, laneSeen, rules, budget, continuous, politenessScope, nodes);
    }

    /** The same settings with another politeness scope. */
    public CrawlFrontierSettings withPolitenessScope(PolitenessScope scope) {
        return new CrawlFrontierSettings(maxPerHost, delayMs, maxPages, partitions, laneSeen, rules, budget, continuous, scope, laneNodes);
    }

    /**
     * Shards the crawl's frontier spreads over (one per lane, else 1): a partitioned crawl whose politeness is each
     * node's, whose ordering never re-scores queued URLs and whose page limit and budget leave every lane a share. Then
     * no host's politeness and no score spans lanes, and every multi-step operation stays within one lane's shard. With
     * scope {@code site} one host's politeness spans every lane (and its rate is one client's, which one shard serves
     * many times over); re-scoring strategies move weights between URLs of any lane.
     */
    public int shards() {
        boolean split = partitions > 1 && politenessScope == PolitenessScope.NODE
                && rules.rescoring() == Rescoring.NONE
                && (maxPages <= 0 || maxPages >= partitions) && (budget <= 0 || budget >= partitions);
        return split ? partitions : 1;
    }

    int bucketBits() {
        return UrlFingerprint.bucketBitsFor(maxPages <= 0 ? 1_000_000 : maxPages);
    }
}
