package io.trawler.frontier;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Bounds the frontier keeps for every crawl. */
@ConfigMapping(prefix = "trawler.frontier")
public interface FrontierConfig {

    /**
     * Page records a crawl's workers may report ahead of the manager's ingestion: at this many unread records in
     * the crawl's stream, workers lease nothing more for it until the manager catches up (back-pressure; nothing
     * unread is ever trimmed). 0 switches the bound off.
     */
    @WithDefault("10000")
    int maxUnreadRecords();

    /**
     * URLs of one host queue (of a lane) kept in Redis as sorted-set members, ready to lease; the rest of a larger
     * queue wait in a compact list beside it (about a third of the memory) and top the set up as the host drains.
     * The list is kept in score order, so a queue is leased in the same order as before. Strategies that
     * re-score queued URLs keep every URL in the set. 0 keeps every URL in the set (a crawl's setting is fixed when it
     * starts).
     */
    @WithDefault("1000")
    int queueHead();
}
