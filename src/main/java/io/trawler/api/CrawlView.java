package io.trawler.api;

import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlCounts;
import io.trawler.crawl.CrawlProgress;
import io.trawler.partition.PartitionMetrics;
import io.trawler.plan.PlanConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A crawl as GET /api/v1/crawls/{id} and the event stream show it. */
public record CrawlView(String id, String siteId, String state, @Schema(nullable = true) String strategy, @Schema(nullable = true) String mode, Instant startedAt,
        @Schema(nullable = true) Instant finishedAt, CrawlCounts counts, Metrics metrics, List<PartitionCounts> partitions,
        @Schema(nullable = true, description = "an editor's name for the crawl (addition)") String name,
        @Schema(nullable = true, description = "an editor's note on the crawl (addition)") String note) {

    /**
     * The live partition metrics of SPEC §3: N = pages fetched by all lanes, I = distinct pages, U = URLs
     * known from the site's previous crawl, M = pages of the busiest lane. Coverage, acceleration and
     * composite are null when the site had no previous crawl. Until the crawl has finished they are {@code partial}:
     * coverage is I/U so far, and acceleration is I/M, the distinct pages so far per page of the busiest lane (U/M,
     * SPEC's, only means something once the crawl is done: 149 pages into a crawl it read 50).
     */
    public record Metrics(@Schema(nullable = true) Double overlap, @Schema(nullable = true) Double coverage, @Schema(nullable = true) Double acceleration, @Schema(nullable = true) Double composite,
            @Schema(nullable = true, description = "Measured, not counted: distinct pages a second of this crawl (so far) over pages a second of"
                    + " the site's latest finished single-lane crawl; null for a single-lane crawl or without one")
            Double wallClockAcceleration,
            @Schema(description = "True until the crawl has finished: the figures describe the pages so far (a stopped crawl's stay partial)")
            boolean partial) {
    }

    /** One lane: pages it fetched (each once: a lane has its own or a shared seen set) and URLs it has queued. */
    /** One lane: its pages, its queue, and while the crawl runs the worker node serving it (null: any node, or ended). */
    public record PartitionCounts(int index, long fetched, long unique, long queued, @Schema(nullable = true) String node,
            @Schema(description = "The source addresses the lane's node fetches from (its live workers'; empty: the system's, or no live"
                    + " node)") List<String> addresses) {
    }

    public static CrawlView of(Crawl c, CrawlProgress progress, PlanConfig plan) {
        return of(c, progress, plan, node -> List.of());
    }

    /** As {@link #of(Crawl, CrawlProgress, PlanConfig)}, each lane with its node's source addresses. */
    public static CrawlView of(Crawl c, CrawlProgress progress, PlanConfig plan, java.util.function.Function<String, List<String>> addressesOf) {
        CrawlCounts counts = progress.counts();
        long busiest = 0;
        List<PartitionCounts> lanes = new ArrayList<>();
        for (int i = 0; i < progress.laneFetched().length; i++) {
            long f = progress.laneFetched()[i];
            busiest = Math.max(busiest, f);
            String node = i < progress.laneNodes().length && !progress.laneNodes()[i].isEmpty() ? progress.laneNodes()[i] : null;
            lanes.add(new PartitionCounts(i, f, f, i < progress.laneQueued().length ? progress.laneQueued()[i] : 0, node,
                    node == null ? List.of() : addressesOf.apply(node)));
        }
        Metrics metrics;
        boolean partial = !"FINISHED".equals(c.state);
        if (c.knownUrls > 0 && busiest > 0) {
            PartitionMetrics m = partial
                    ? PartitionMetrics.soFar(counts.fetched(), counts.unique(), c.knownUrls, busiest, plan.epsilon(), plan.delta())
                    : PartitionMetrics.of(counts.fetched(), counts.unique(), c.knownUrls, busiest, plan.epsilon(), plan.delta());
            metrics = new Metrics(m.overlap(), m.coverage(), m.acceleration(), m.composite(), wallClock(c, counts), partial);
        } else {
            double overlap = counts.fetched() == 0 ? 0 : (counts.fetched() - counts.unique()) / (double) counts.fetched();
            metrics = new Metrics(overlap, null, null, null, wallClock(c, counts), partial);
        }
        return new CrawlView(c.id, c.siteId, c.state, c.strategy, c.mode, c.startedAt, c.finishedAt, counts, metrics, lanes, c.name, c.note);
    }

    /** Distinct pages a second of this crawl over its baseline's pages a second (the time it has run so far). */
    static Double wallClock(Crawl c, CrawlCounts counts) {
        if (c.baselinePagesPerSecond == null || c.baselinePagesPerSecond <= 0 || c.startedAt == null || counts.unique() <= 0) {
            return null;
        }
        java.time.Instant end = c.finishedAt != null ? c.finishedAt : java.time.Instant.now();
        double seconds = java.time.Duration.between(c.startedAt, end).toMillis() / 1000.0;
        return seconds <= 0 ? null : counts.unique() / seconds / c.baselinePagesPerSecond;
    }
}
