package io.trawler.api;

import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlCounts;
import java.time.Instant;
import java.util.List;

/** A crawl as GET /api/v1/crawls/{id} and the event stream show it. */
public record CrawlView(String id, String siteId, String state, String strategy, String mode, Instant startedAt,
        Instant finishedAt, CrawlCounts counts, Metrics metrics, List<PartitionCounts> partitions) {

    /** Partition metrics (SPEC §3); null until the crawl has the data to compute them. */
    public record Metrics(Double overlap, Double coverage, Double acceleration, Double composite) {
    }

    public record PartitionCounts(int index, long fetched, long unique, long queued) {
    }

    static CrawlView of(Crawl c, CrawlCounts counts) {
        // one lane: nothing can be fetched twice, so overlap is 0; coverage needs a previous crawl (partition planner)
        Metrics metrics = new Metrics(c.partitions == 1 ? 0.0 : null, null, null, null);
        return new CrawlView(c.id, c.siteId, c.state, c.strategy, c.mode, c.startedAt, c.finishedAt, counts, metrics,
                List.of(new PartitionCounts(0, counts.fetched(), counts.unique(), counts.queued())));
    }
}
