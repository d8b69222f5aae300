package io.trawler.order;

/**
 * Partial PageRank (seed 002 §3.4, SPEC §2.3): highest rank first. Between recomputes a queued URL's
 * temporary score is the sum of PR(p) / outdegree(p) over its fetched in-linkers p; every K fetches the
 * manager recomputes {@link PartialPageRank} over the fetched pages plus the frontier and re-scores the
 * queued URLs with their ranks.
 */
public final class PageRankOrder extends WeightOrder {

    private final int recomputeEvery;

    public PageRankOrder(int recomputeEvery) {
        super(Rescoring.PAGERANK);
        if (recomputeEvery < 1) {
            throw new IllegalArgumentException("the PageRank recompute interval must be ≥ 1 fetch");
        }
        this.recomputeEvery = recomputeEvery;
    }

    /** K: fetches between two recomputes. */
    public int recomputeEvery() {
        return recomputeEvery;
    }

    @Override
    public String name() {
        return "pagerank";
    }
}
