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
}
