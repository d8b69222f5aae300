package io.trawler.order;

/** Depth-first (seed 002 §3.1): last discovered, first fetched. */
public final class DepthFirst implements OrderingStrategy {

    @Override
    public String name() {
        return "dfs";
    }

    @Override
    public String seedScore(String url, int seeds) {
        return Scores.LIFO;
    }

    @Override
    public String linkScore(String url) {
        return Scores.LIFO;
    }
}
