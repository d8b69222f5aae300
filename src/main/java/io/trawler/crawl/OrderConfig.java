package io.trawler.crawl;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.trawler.order.FocusSettings;
import io.trawler.order.LearningSettings;
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

    /**
     * focused-learn: irrelevant pages in a row whose links are still queued (tunnelling); 0 gives back T's rule that
     * an irrelevant page's links are not followed.
     */
    @WithDefault("3")
    int learningMaxTunnel();

    /** focused-learn: a link's priority is multiplied by this for each irrelevant page since the last relevant one (γ). */
    @WithDefault("0.3")
    double learningDecay();

    /** focused-learn: payoff credited to the links on the way to a relevant page (hub credit). */
    @WithDefault("1.0")
    double learningHubCredit();

    /** focused-learn: pages a worker processes between two re-scorings of the URLs it queued. */
    @WithDefault("10")
    int learningRescoreEvery();

    /** focused-learn: weight of the link model's estimate against a link's own evidence. */
    @WithDefault("1.0")
    double learningModelWeight();

    /** focused-learn: an irrelevant page whose link's learned payoff reaches this is a hub (the tunnel starts again). */
    @WithDefault("0.35")
    double learningHubThreshold();

    default Strategies.Constants constants() {
        return new Strategies.Constants(pagerankInterval(), weightedPicks(), randomPicks(),
                new FocusSettings(focusPrefixCount(), focusRelevantBoost(), focusIrrelevantDamp()),
                new LearningSettings(learningMaxTunnel(), learningDecay(), learningHubCredit(), learningRescoreEvery(),
                        learningModelWeight(), learningHubThreshold()));
    }
}
