package io.trawler.crawl;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How often the manager applies the sites' retention settings (deleting the ended crawls they do not keep). */
@ConfigMapping(prefix = "trawler.retention")
public interface RetentionConfig {

    /** The pause between two passes over the sites with a retention setting. */
    @WithDefault("10m")
    Duration checkInterval();
}
