package io.trawler.order;

/**
 * OPIC (seed 002 §3.5, SPEC §2.4): seeds share a cash of 1; a fetched page's cash is split equally over
 * its links and its own drops to 0; most cash first. {@link OpicCash} is the rule in plain Java.
 */
public final class OpicOrder implements OrderingStrategy {

    private static final FrontierRules RULES = FrontierRules.rescoring(Rescoring.OPIC);

    @Override
    public String name() {
        return "opic";
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
        return RULES;
    }
}
