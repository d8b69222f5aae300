package io.trawler.crawl;

import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.parse.CrawlScope;
import java.util.List;

/**
 * Everything a worker needs to crawl: the site's seeds, scope, politeness and limits as they were when
 * the crawl started, plus the crawl's strategy and lanes. The manager writes it to Redis as JSON at
 * start, so workers never need the database.
 */
public record CrawlSpec(String crawlId, String siteId, List<String> seeds, List<String> hosts, List<String> include,
        List<String> exclude, long delayMs, int maxConcurrentPerHost, boolean respectRobots, long maxPages, int maxDepth,
        String strategy, int partitions, String mode) {

    public CrawlScope scope() {
        return new CrawlScope(hosts, include, exclude, maxDepth);
    }

    public CrawlFrontierSettings frontierSettings() {
        return new CrawlFrontierSettings(maxConcurrentPerHost, delayMs, maxPages, partitions);
    }
}
