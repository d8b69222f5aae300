package io.trawler.search;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Search over crawls' pages: whether the manager indexes them, and how often it looks for records to index. */
@ConfigMapping(prefix = "trawler.search")
public interface SearchConfig {

    /**
     * Whether the manager indexes crawls for search (their records' URLs and main text, read back from the WARC
     * records): ended crawls at once, running crawls when someone searches them. Off: search answers 503.
     */
    @WithDefault("true")
    boolean enabled();

    /** How often the indexer looks for records not yet indexed. */
    @WithDefault("PT5S")
    Duration interval();

    /** Records read from the database and indexed at a time (a step of up to two seconds commits once). */
    @WithDefault("500")
    int batch();

    /**
     * Whether ended crawls are indexed while a crawl is running. Off (the default): indexing, which costs about as
     * much CPU per page as fetching and parsing it, waits until no crawl runs, or at most ten minutes after the crawl
     * ended, so running crawls keep the CPU; a crawl someone searches is indexed at once either way (its answer says
     * how far the index goes).
     */
    @WithDefault("false")
    boolean indexWhileCrawling();
}
