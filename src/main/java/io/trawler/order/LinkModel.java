package io.trawler.order;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The online link model of the learning focused strategy: for each {@linkplain LinkFeatures link feature}, how often
 * a link carrying it paid off (led to a relevant page, directly or through the hub pages it opened) out of how many
 * such links were fetched. A link's estimate is the mean of its features' smoothed payoffs, (payoff + p₀) / (trials +
 * 1) with p₀ = {@value #PRIOR} for each; a feature never seen counts as p₀, so that one generic feature with a good
 * record (every {@code /tags/} page so far) does not lift a link whose specific features are unknown. One model per
 * crawl; not thread-safe (one thread learns and scores).
 */
public final class LinkModel {

    /** The payoff a feature is assumed to have before any evidence. */
    public static final double PRIOR = 0.1;

    private final Map<String, double[]> stats = new HashMap<>();   // feature -> {payoff, trials}

    /** The link's estimated payoff, 0 … 1 (0 for a link with no features). */
    public double estimate(List<String> features) {
        if (features.isEmpty()) {
            return 0;
        }
        double sum = 0;
        for (String f : features) {
            double[] st = stats.get(f);
            sum += st == null ? PRIOR : (st[0] + PRIOR) / (st[1] + 1);
        }
        return sum / features.size();
    }

    /** A link with these features was fetched: its page was relevant (payoff 1) or not (0). */
    public void learn(List<String> features, double payoff) {
        for (String f : features) {
            double[] st = stats.computeIfAbsent(f, k -> new double[2]);
            st[0] += payoff;
            st[1] += 1;
        }
        if (stats.size() > MAX_FEATURES) {
            // bounded: features seen once (unique slugs and words) go first; they weigh little against the prior
            stats.values().removeIf(st -> st[1] <= 1);
        }
    }

    /** The most distinct features kept; past it, those seen only once are forgotten. */
    static final int MAX_FEATURES = 200_000;

    /**
     * A link with these features opened a page through which a relevant page was found (a hub on the way): its
     * features gain {@code amount} of payoff, never more than their trials.
     */
    public void credit(List<String> features, double amount) {
        for (String f : features) {
            double[] st = stats.get(f);
            if (st != null) {
                st[0] = Math.min(st[1], st[0] + amount);
            }
        }
    }

    /** How many distinct features the model has seen. */
    public int size() {
        return stats.size();
    }

    /** A feature's smoothed payoff, as {@link #estimate} counts it. */
    public double payoff(String feature) {
        double[] st = stats.get(feature);
        return st == null ? PRIOR : (st[0] + PRIOR) / (st[1] + 1);
    }
}
