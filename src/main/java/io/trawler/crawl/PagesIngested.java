package io.trawler.crawl;

import io.trawler.frontier.PageRecord;
import java.util.List;

/**
 * Fired (synchronously) after a batch of a crawl's page records was stored in the database, for whoever keeps
 * state derived from fetched pages (the revisit engine's page histories).
 */
public record PagesIngested(String crawlId, String siteId, List<PageRecord> records) {
}
