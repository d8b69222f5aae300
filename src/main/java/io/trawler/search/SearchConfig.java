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

    /** Records read and indexed per step (one commit each). */
    @WithDefault("500")
    int batch();
}
