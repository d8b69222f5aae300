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

    /** A strategy's name in words, for people choosing one (the API name in brackets). */
    public static String label(String name) {
        String words = switch (name) {
            case "bfs" -> "Breadth first";
            case "dfs" -> "Depth first";
            case "backlinks" -> "Most links to it first";
            case "pagerank" -> "Highest PageRank first (partial, recomputed as it goes)";
            case "opic" -> "Most importance first (OPIC: cash passed along links)";
            case "largest-site" -> "Largest site first";
            case "depth-weight" -> "Shallow first, with random picks";
            case "focused-t" -> "Focused: only links of relevant pages";
            case "focused-tl" -> "Focused: links of relevant pages and of promising URL prefixes";
            case "focused-learn" -> "Focused, learning which links lead to relevant pages";
            default -> name;
        };
        return words + " (" + name + ")";
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
