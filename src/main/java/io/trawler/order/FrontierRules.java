package io.trawler.order;

/**
 * How the frontier serves a strategy besides popping the lowest score of a host queue.
 *
 * @param pickTop      leases by lowest score in a row …
 * @param pickRandom   … before this many uniformly random leases (0: never random)
 * @param largestFirst serve the ready host with the most queued URLs first
 * @param rescoring    how queued URLs are re-scored as pages are fetched
 */
public record FrontierRules(int pickTop, int pickRandom, boolean largestFirst, Rescoring rescoring) {

    public static final FrontierRules PLAIN = new FrontierRules(1, 0, false, Rescoring.NONE);

    public FrontierRules {
        if (pickTop < 1 || pickRandom < 0) {
            throw new IllegalArgumentException("pickTop must be ≥ 1 and pickRandom ≥ 0");
        }
    }

    public static FrontierRules rescoring(Rescoring r) {
        return new FrontierRules(1, 0, false, r);
    }
}
