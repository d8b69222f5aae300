package io.trawler.order;

/**
 * How the frontier serves a strategy besides popping the lowest score of a host queue.
 *
 * @param pickTop    leases by lowest score in a row …
 * @param pickRandom … before this many uniformly random leases (0: never random)
 * @param hostOrder  which of the hosts politeness allows now is served first
 * @param rescoring  how queued URLs are re-scored as pages are fetched
 * @param focus      f, a and b of focused crawling (null for the other strategies)
 */
public record FrontierRules(int pickTop, int pickRandom, HostOrder hostOrder, Rescoring rescoring, FocusSettings focus) {

    public FrontierRules(int pickTop, int pickRandom, HostOrder hostOrder, Rescoring rescoring) {
        this(pickTop, pickRandom, hostOrder, rescoring, null);
    }

    /** Which ready host goes first. */
    public enum HostOrder {
        /** The one that has waited longest (round robin): discovery-order strategies. */
        READY("ready"),
        /** The one with the most queued URLs (largest site first). */
        LARGEST("largest"),
        /** The one whose best URL has the lowest score, so that scores order the crawl across hosts too. */
        BEST("best");

        private final String code;

        HostOrder(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    public static final FrontierRules PLAIN = new FrontierRules(1, 0, HostOrder.READY, Rescoring.NONE);

    public FrontierRules {
        if (pickTop < 1 || pickRandom < 0) {
            throw new IllegalArgumentException("pickTop must be ≥ 1 and pickRandom ≥ 0");
        }
    }

    /** Scored strategies: best host first, re-scored as {@code r} says. */
    public static FrontierRules rescoring(Rescoring r) {
        return new FrontierRules(1, 0, HostOrder.BEST, r);
    }

    /** Focused crawling (T or T&amp;L) with its constants. */
    public static FrontierRules focused(Rescoring r, FocusSettings focus) {
        return new FrontierRules(1, 0, HostOrder.BEST, r, focus);
    }
}
