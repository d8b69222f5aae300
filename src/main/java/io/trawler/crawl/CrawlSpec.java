package io.trawler.crawl;

import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.parse.CrawlScope;
import io.trawler.order.Strategy;
import io.trawler.partition.CrawlMode;
import io.trawler.partition.LaneRouting;
import java.util.List;
import java.util.Map;

/**
 * Everything a worker needs to crawl: the site's seeds, scope, politeness and limits as they were when
 * the crawl started, plus the crawl's strategy and lanes: each lane's seeds, the key paths each lane owns,
 * and how many URLs the site's previous crawl knew (for coverage). The manager writes it to Redis as JSON at
 * start, so workers never need the database.
 */
public record CrawlSpec(String crawlId, String siteId, List<String> seeds, List<String> hosts, List<String> include,
        List<String> exclude, long delayMs, int maxConcurrentPerHost, boolean respectRobots, long maxPages, int maxDepth,
        String strategy, int partitions, String mode, List<List<String>> laneSeeds, Map<String, Integer> owners, long knownUrls) {

    public CrawlScope scope() {
        return new CrawlScope(hosts, include, exclude, maxDepth);
    }

    public CrawlFrontierSettings frontierSettings() {
        boolean random = order().randomPicks();
        return new CrawlFrontierSettings(maxConcurrentPerHost, delayMs, maxPages, partitions,
                partitions > 1 && crawlMode() == CrawlMode.INDEPENDENT, 1, random ? 1 : 0, order().largestFirst());
    }

    /** The ordering strategy: the score discovered URLs get. */
    public Strategy order() {
        return Strategy.parse(strategy);
    }

    public CrawlMode crawlMode() {
        return CrawlMode.parse(mode);
    }

    /** Where discovered URLs go: the lanes' key paths (empty for one lane). */
    public LaneRouting routing() {
        return new LaneRouting(owners == null ? Map.of() : owners, crawlMode(), partitions);
    }
}
