package io.trawler.crawl;

/**
 * Fired (synchronously) when the manager lets go of a crawl (after its end, or when it is deleted), for whoever keeps
 * something of it in memory: the ingester's link graph files and cursors, the PageRank refresher's tracked graph.
 */
public record CrawlForgotten(String crawlId) {
}
