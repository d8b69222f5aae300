package io.trawler.order;

/**
 * Tianwang directory-depth weight (seed 001, SPEC §2.6): highest {@link TianwangWeight} first (discovery
 * order among equals), alternating N weighted picks with M uniformly random picks.
 */
public final class DepthWeightOrder implements OrderingStrategy {

    private final FrontierRules rules;

    public DepthWeightOrder(int weightedPicks, int randomPicks) {
        if (weightedPicks < 1 || randomPicks < 1) {
            throw new IllegalArgumentException("depth-weight needs N ≥ 1 weighted and M ≥ 1 random picks");
        }
        this.rules = new FrontierRules(weightedPicks, randomPicks, FrontierRules.HostOrder.BEST, Rescoring.NONE);
    }

    @Override
    public String name() {
        return "depth-weight";
    }

    @Override
    public String seedScore(String url, int seeds) {
        return linkScore(url);
    }

    @Override
    public String linkScore(String url) {
        return Scores.ranked(TianwangWeight.MAX - TianwangWeight.of(url));
    }

    @Override
    public FrontierRules rules() {
        return rules;
    }
}
