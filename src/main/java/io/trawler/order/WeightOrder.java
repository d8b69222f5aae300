package io.trawler.order;

/**
 * Strategies whose score is minus a weight the frontier keeps per URL (OPIC cash, PageRank): seeds share a
 * weight of 1, a URL found outside a fetched page's links (a sitemap entry) starts with none.
 */
abstract class WeightOrder implements OrderingStrategy {

    private final FrontierRules rules;

    WeightOrder(Rescoring rescoring) {
        this.rules = FrontierRules.rescoring(rescoring);
    }

    @Override
    public String seedScore(String url, int seeds) {
        return Scores.weight(1.0 / seeds);
    }

    @Override
    public String linkScore(String url) {
        return Scores.weight(0);
    }

    @Override
    public FrontierRules rules() {
        return rules;
    }
}
