package io.trawler.crawl;

/**
 * The counters a crawl reports. {@code linksDropped}: links its pages carried that were refused for their length
 * (over 2,048 characters before or after normalisation).
 */
public record CrawlCounts(long fetched, long unique, long queued, long inFlight, long errors, long robotsDenied, long linksDropped) {

    /** The counts stored in the crawl's row (written as it ends; the frontier's are the live ones while it runs). */
    public static CrawlCounts stored(Crawl c) {
        return new CrawlCounts(c.fetched, c.uniquePages, c.queued, c.inFlight, c.errors, c.robotsDenied, c.linksDropped);
    }
}
