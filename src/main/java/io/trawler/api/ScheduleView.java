package io.trawler.api;

import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A schedule: its expression in words, the next run (null when disabled), and what its last run did. */
public record ScheduleView(String id, String siteId, String cron, String description, String timeZone, boolean enabled,
        CrawlRequest crawl, @Schema(nullable = true) Instant nextRunAt, @Schema(nullable = true) Instant lastRunAt,
        @Schema(nullable = true) String lastCrawlId, @Schema(nullable = true) String lastError, Instant createdAt) {
}
