package io.trawler.crawl;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.trawler.order.FocusSettings;
import io.trawler.order.Strategies;

/** Constants of the ordering strategies (SPEC §2), copied into each crawl's spec when it starts. */
@ConfigMapping(prefix = "trawler.order")
public interface OrderConfig {

    /** pagerank: fetches between two recomputes of partial PageRank (K). */
    @WithDefault("1000")
    int pagerankInterval();

    /** depth-weight: picks by highest Tianwang weight in a row (N). */
    @WithDefault("1")
    int weightedPicks();

    /** depth-weight: uniformly random picks after the N weighted ones (M). */
    @WithDefault("1")
    int randomPicks();

    /** focused-tl: a URL prefix is frequent when at least f URLs of a queue share it. */
    @WithDefault("3")
    int focusPrefixCount();

    /** focused-tl: priority multiplier of a link matching a relevant prefix (a). */
    @WithDefault("1.5")
    double focusRelevantBoost();

    /** focused-tl: priority multiplier of a link matching an irrelevant-only prefix (b). */
    @WithDefault("0.5")
    double focusIrrelevantDamp();

    /** focused: relevance threshold θ when neither the crawl request nor the site's saved topic sets one. */
    @WithDefault("0.1")
    double focusThreshold();

    default Strategies.Constants constants() {
        return new Strategies.Constants(pagerankInterval(), weightedPicks(), randomPicks(),
                new FocusSettings(focusPrefixCount(), focusRelevantBoost(), focusIrrelevantDamp()));
    }
}
