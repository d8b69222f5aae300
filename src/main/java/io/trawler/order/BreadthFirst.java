package io.trawler.order;

/** Breadth-first (seed 002 §3.2): first discovered, first fetched. */
public final class BreadthFirst implements OrderingStrategy {

    @Override
    public String name() {
        return "bfs";
    }

    @Override
    public String seedScore(String url, int seeds) {
        return Scores.FIFO;
    }

    @Override
    public String linkScore(String url) {
        return Scores.FIFO;
    }
}
