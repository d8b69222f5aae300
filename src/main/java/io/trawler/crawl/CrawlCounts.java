package io.trawler.crawl;

/** The counters a crawl reports. */
public record CrawlCounts(long fetched, long unique, long queued, long inFlight, long errors, long robotsDenied) {
}
