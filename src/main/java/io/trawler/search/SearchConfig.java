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

    /**
     * Whether a crawl is indexed only once someone searches it, so that crawls nobody searches (a search team that
     * indexes the pages in its own engine) cost no indexing at all. The first search of a crawl answers from what is
     * indexed so far (nothing, the first time: {@code complete} false) and starts its indexing, which then runs to the
     * end in the background as any crawl's; a recrawl's unchanged pages are copied from the indexes of crawls searched
     * before and analysed otherwise. Off (the default): every ended crawl of a site indexed for search is indexed.
     */
    @WithDefault("false")
    boolean onDemand();
}
