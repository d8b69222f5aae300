package io.trawler.order;

/**
 * The constants of the learning focused strategy (issue 17; docs/ordering.md), chosen by measurement on the real
 * blog and both shapes of the BBC site at twice each topic's size.
 *
 * @param maxTunnel    how many irrelevant pages in a row a crawl tunnels through (their links still queued); 0 gives
 *                     back the seed's T, whose irrelevant pages are not expanded
 * @param decay        γ: a link's priority is multiplied by γ for each irrelevant page since the last relevant one (or hub)
 * @param hubCredit    payoff credited to the links of the pages on the way to a relevant page
 * @param rescoreEvery queued links are re-scored with the model every this many fetches
 * @param modelWeight  weight of the learned estimate against the link's own evidence (anchor, path, parent)
 * @param hubThreshold an irrelevant page whose link's learned payoff reaches this is a hub: the tunnel starts again from it
 */
public record LearningSettings(int maxTunnel, double decay, double hubCredit, int rescoreEvery, double modelWeight, double hubThreshold) {

    public static final LearningSettings DEFAULTS = new LearningSettings(3, 0.3, 1.0, 10, 1.0, 0.35);

    public LearningSettings {
        if (maxTunnel < 0 || decay <= 0 || decay > 1 || hubCredit < 0 || rescoreEvery < 1 || modelWeight < 0 || hubThreshold < 0) {
            throw new IllegalArgumentException("learning settings need maxTunnel ≥ 0, 0 < decay ≤ 1, hubCredit ≥ 0, rescoreEvery ≥ 1,"
                    + " modelWeight ≥ 0 and hubThreshold ≥ 0");
        }
    }

    /** A link's priority: its best evidence (own context, its relevant parent's similarity, the model's estimate), decayed. */
    public double priority(double context, double parentSimilarity, double learned, int tunnel) {
        double evidence = Math.max(Math.max(context, parentSimilarity), modelWeight * learned);
        return evidence * Math.pow(decay, tunnel);
    }

    /**
     * The tunnel distance of the links of a page reached at distance {@code tunnel}: 0 from a relevant page or a hub,
     * one more from any other page.
     */
    public int tunnelAfter(int tunnel, boolean relevant, boolean hub) {
        return relevant || hub ? 0 : tunnel + 1;
    }

    /** Whether links at this tunnel distance are still queued. */
    public boolean follows(int tunnel) {
        return tunnel <= maxTunnel;
    }
}
