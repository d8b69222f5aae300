package io.trawler.frontier;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Limits on how the crawler treats a host beyond the site's own politeness settings. */
@ConfigMapping(prefix = "trawler.politeness")
public interface PolitenessConfig {

    /** A robots.txt Crawl-delay is honoured up to this long; longer ones are capped. */
    @WithDefault("30s")
    Duration maxCrawlDelay();

    /** Back-off after a 429 or 503 without a usable Retry-After, doubled on each further attempt. */
    @WithDefault("30s")
    Duration backoff();

    /** Longest back-off, whatever Retry-After asks for. */
    @WithDefault("1h")
    Duration maxBackoff();

    /** Attempts of one URL on 429/503, network errors or unavailable robots.txt before it is recorded as failed. */
    @WithDefault("3")
    int maxAttempts();
}
