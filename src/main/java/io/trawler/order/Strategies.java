package io.trawler.order;

import java.util.List;
import java.util.Locale;

/** Every ordering strategy by its API name, built with the configured constants. */
public final class Strategies {

    /** The names, as the API accepts them. */
    public static final List<String> NAMES = List.of("bfs", "dfs", "backlinks", "pagerank", "opic", "largest-site",
            "depth-weight", "focused-t", "focused-tl", "focused-learn");

    /**
     * The tunable constants.
     *
     * @param pageRankInterval K of partial PageRank
     * @param weightedPicks    N of depth-weight
     * @param randomPicks      M of depth-weight
     * @param focus            f, a, b of T&amp;L
     * @param learning         the learning focused strategy's constants (null in specs written before it: the defaults)
     */
    public record Constants(int pageRankInterval, int weightedPicks, int randomPicks, FocusSettings focus, LearningSettings learning) {
        public static final Constants DEFAULTS = new Constants(1000, 1, 1, FocusSettings.DEFAULTS, LearningSettings.DEFAULTS);
    }

    private Strategies() {
    }

    public static boolean known(String name) {
        return name != null && NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    public static boolean focused(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).startsWith("focused-");
    }

    public static OrderingStrategy of(String name, Constants c) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "bfs" -> new BreadthFirst();
            case "dfs" -> new DepthFirst();
            case "backlinks" -> new BacklinkOrder();
            case "pagerank" -> new PageRankOrder(c.pageRankInterval());
            case "opic" -> new OpicOrder();
            case "largest-site" -> new LargestSiteFirst();
            case "depth-weight" -> new DepthWeightOrder(c.weightedPicks(), c.randomPicks());
            case "focused-t" -> new FocusedOrder(false, c.focus());
            case "focused-tl" -> new FocusedOrder(true, c.focus());
            case "focused-learn" -> new LearningFocusedOrder(c.learning() == null ? LearningSettings.DEFAULTS : c.learning());
            default -> throw new IllegalArgumentException("unknown strategy: " + name);
        };
    }
}
