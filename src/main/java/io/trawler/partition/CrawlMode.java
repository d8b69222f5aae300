package io.trawler.partition;

import java.util.Locale;

/** How the crawlers of a partitioned crawl treat each other's URLs (SPEC §3). */
public enum CrawlMode {
    /** No talk: no shared seen set; links into another crawler's key paths are dropped. */
    INDEPENDENT,
    /** Links are routed to the owning crawler through Redis, with one seen set: no page is fetched twice. */
    COORDINATED;

    public static CrawlMode parse(String s) {
        return valueOf(s.toUpperCase(Locale.ROOT));
    }

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
