package io.trawler.crawl;

/**
 * The counters a crawl reports. {@code linksDropped}: links its pages carried that were refused for their length
 * (over 2,048 characters before or after normalisation).
 */
public record CrawlCounts(long fetched, long unique, long queued, long inFlight, long errors, long robotsDenied, long linksDropped) {
}
