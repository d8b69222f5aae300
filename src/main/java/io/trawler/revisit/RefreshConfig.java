package io.trawler.revisit;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Revisits: the defaults of a site's refresh plan and how due pages are fed to crawls. */
@ConfigMapping(prefix = "trawler.refresh")
public interface RefreshConfig {

    /** poisson: revisit a page when the probability that it changed since the last visit reaches this. */
    @WithDefault("0.5")
    double targetProbability();

    /** Shortest interval between two scheduled visits of a page. */
    @WithDefault("PT1M")
    Duration minInterval();

    /** Longest interval between two scheduled visits of a page (pages that never change are still checked). */
    @WithDefault("P30D")
    Duration maxInterval();

    /** Interval after a page's first visit, before anything is known of its rate. */
    @WithDefault("P1D")
    Duration initialInterval();

    /** user-experience: versions of a page kept to measure the impact of its changes (K). */
    @WithDefault("3")
    int versions();

    /** How often the manager moves due pages into their site's continuous crawl. */
    @WithDefault("PT1S")
    Duration feedInterval();

    /** Due pages moved per site and feed. */
    @WithDefault("1000")
    int feedBatch();

    /** A page handed to a crawl is due again after this if its fetch is never recorded. */
    @WithDefault("PT10M")
    Duration hold();

    /**
     * The site's change-rate prior (fitted to a sample of its pages' histories, each page's estimate then starting
     * from it) is refitted at most this often.
     */
    @WithDefault("PT5M")
    Duration priorRefit();

    /**
     * Until one of a site's pages has been observed this long (the time its visits span), its rate estimates are
     * reported as provisional: they rest mostly on the prior.
     */
    @WithDefault("P1D")
    Duration minObservation();
}
