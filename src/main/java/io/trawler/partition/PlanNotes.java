package io.trawler.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an editor should know about a plan, in plain words: which directories the planner split and which groups it
 * spreads by path hash (and why), crawlers left without URLs, and when the prediction says the site cannot be split N
 * ways evenly.
 */
public final class PlanNotes {

    /** A plan predicted below this share of N-fold acceleration is called uneven. */
    static final double EVEN = 0.75;

    private PlanNotes() {
    }

    /**
     * @param plan      the plan
     * @param predicted its predicted metrics (null: none)
     * @param urls      URLs of the graph it was made from
     * @param groupUrls URLs of each of the plan's key paths, hashed groups and split directories (missing: unknown)
     */
    public static List<String> of(PartitionPlan plan, PartitionMetrics predicted, long urls, Map<String, Integer> groupUrls) {
        List<String> notes = new ArrayList<>();
        int n = plan.size();
        if (n <= 1) {
            return notes;
        }
        String share = String.format(Locale.ROOT, "1/%d of %,d URLs", n, urls);
        for (String p : plan.splitPaths()) {
            notes.add(p + " holds more than a crawler's share (" + share + "): split into its sub-directories, each a key path of its own;"
                    + " the pages directly in it are the group " + p);
        }
        for (String h : plan.hashedPaths()) {
            Integer k = groupUrls.get(h);
            notes.add(h + (k == null ? "" : String.format(Locale.ROOT, " (%,d URLs)", k)) + " holds more than a crawler's share (" + share
                    + ") and has no sub-directory to split: its URLs go to every crawler by path hash");
        }
        if (plan.hashedPaths().isEmpty()) {
            for (PartitionPlan.Crawler c : plan.crawlers()) {
                if (c.urls() == 0) {
                    notes.add("Crawler " + (c.index() + 1) + " has no key path: the site has too few URL paths of any size for " + n
                            + " crawlers; it fetches only pages of no key path");
                }
            }
        }
        if (predicted != null && predicted.acceleration() < EVEN * n) {
            notes.add(String.format(Locale.ROOT, "The site cannot be split %d ways evenly: the busiest crawler is predicted to fetch %.0f %% of"
                    + " the pages, an acceleration of %.2f where %d crawlers could reach %d", n, 100 / Math.max(predicted.acceleration(), 1e-9),
                    predicted.acceleration(), n, n));
        }
        return notes;
    }
}
