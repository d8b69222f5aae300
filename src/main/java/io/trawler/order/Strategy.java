package io.trawler.order;

import java.util.Locale;

/**
 * The ordering strategies wired to the frontier so far, as the sorted-set score a discovered URL gets
 * (lowest first): bfs by discovery order, dfs by reverse discovery order, depth-weight by Tianwang weight
 * (highest first, discovery order among equals) alternating with random picks, largest-site by discovery
 * order within the ready host that has the most pending URLs.
 */
public enum Strategy {
    BFS("bfs"), DFS("dfs"), DEPTH_WEIGHT("depth-weight"), LARGEST_SITE("largest-site");

    private final String apiName;

    Strategy(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    /** The score argument of the frontier's enqueue: {@code fifo}, {@code lifo} or {@code s:<priority>}. */
    public String score(String url) {
        return switch (this) {
            case BFS, LARGEST_SITE -> "fifo";
            case DFS -> "lifo";
            case DEPTH_WEIGHT -> "s:" + (TianwangWeight.MAX - TianwangWeight.of(url));
        };
    }

    /** Whether the frontier serves the host (site) with the most pending URLs first. */
    public boolean largestFirst() {
        return this == LARGEST_SITE;
    }

    /** Whether the frontier alternates weighted picks with random ones. */
    public boolean randomPicks() {
        return this == DEPTH_WEIGHT;
    }

    public static Strategy parse(String apiName) {
        for (Strategy s : values()) {
            if (s.apiName.equals(apiName.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("strategy not available: " + apiName);
    }
}
