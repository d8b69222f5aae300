package io.trawler.crawl;

/** A crawl's counters with the pages fetched and queued in each lane. */
public record CrawlProgress(CrawlCounts counts, long[] laneFetched, long[] laneQueued, String[] laneNodes) {

    public CrawlProgress(CrawlCounts counts, long[] laneFetched, long[] laneQueued) {
        this(counts, laneFetched, laneQueued, new String[0]);
    }
}
