package io.trawler.crawl;

/** A crawl's counters with the pages fetched and queued in each lane. */
public record CrawlProgress(CrawlCounts counts, long[] laneFetched, long[] laneQueued) {
}
