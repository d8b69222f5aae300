package io.trawler.order;

/**
 * Focused (topic) crawling (seed 003, SPEC §2.7): T scores a relevant page's links sim(q, p) / N_p; T&amp;L
 * also leaves known irrelevant URLs out of N_p and multiplies by a or b when a link matches a frequent URL
 * prefix of the relevant (S) or only of the irrelevant (U) pages. The worker measures sim with the crawl's
 * {@link TopicModel}; the frontier applies the rest atomically with the crawl-wide queues 2 and 3. Seeds
 * come first and are always expanded.
 */
public final class FocusedOrder implements FocusedStrategy {

    private final boolean linkAnalysis;
    private final FocusSettings settings;
    private final FrontierRules rules;

    public FocusedOrder(boolean linkAnalysis, FocusSettings settings) {
        this.linkAnalysis = linkAnalysis;
        this.settings = settings;
        this.rules = FrontierRules.focused(linkAnalysis ? Rescoring.FOCUS_LINKS : Rescoring.FOCUS_CONTENT, settings);
    }

    public FocusSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return linkAnalysis ? "focused-tl" : "focused-t";
    }

    @Override
    public FrontierRules rules() {
        return rules;
    }
}
