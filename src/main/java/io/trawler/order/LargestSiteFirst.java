package io.trawler.order;

/**
 * Largest site first (seed 002 §3.6): the frontier serves the ready host with the most pending URLs;
 * inside a host, discovery order.
 */
public final class LargestSiteFirst implements OrderingStrategy {

    private static final FrontierRules RULES = new FrontierRules(1, 0, FrontierRules.HostOrder.LARGEST, Rescoring.NONE);

    @Override
    public String name() {
        return "largest-site";
    }

    @Override
    public String seedScore(String url, int seeds) {
        return Scores.FIFO;
    }

    @Override
    public String linkScore(String url) {
        return Scores.FIFO;
    }

    @Override
    public FrontierRules rules() {
        return RULES;
    }
}
