package io.trawler.crawl;

import java.time.Instant;
import java.util.Set;

/**
 * Fired (synchronously) after a crawl was deleted: the WARC files that went with it ({@code deletedFiles}) and when it
 * ran, for whoever refers to its records: the pages' histories, whose stored content must not point into a deleted file.
 */
public record CrawlDeleted(String crawlId, String siteId, Instant startedAt, Instant finishedAt, Set<String> deletedFiles) {
}
