package io.trawler.crawl;

/** The life of a crawl. FINISHED: frontier and in-flight set empty; STOPPED: ended by a user. */
public enum CrawlState {
    RUNNING, PAUSED, FINISHED, STOPPED, FAILED;

    public boolean isActive() {
        return this == RUNNING || this == PAUSED;
    }
}
