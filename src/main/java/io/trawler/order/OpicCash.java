package io.trawler.order;

import java.util.HashMap;
import java.util.Map;

/**
 * On-line Page Importance Computation (seed 002 §3.5, SPEC §2.4): every seed starts with equal cash; when
 * a page is fetched its cash is split equally over its out-links and its own cash becomes 0, its history
 * keeping the total it ever held. Cash of a page without out-links goes back to the seeds, so the total
 * cash in the system never changes. A URL's score is its current cash.
 */
public final class OpicCash {

    private final Map<String, Double> cash = new HashMap<>();
    private final Map<String, Double> history = new HashMap<>();
    private final String[] seeds;

    public OpicCash(String... seeds) {
        this.seeds = seeds.clone();
        for (String s : seeds) {
            cash.merge(s, 1.0 / seeds.length, Double::sum);
        }
    }

    /** Records the fetch of {@code page}; returns the cash it distributed. */
    public double fetched(String page, Iterable<String> outLinks) {
        double c = cash.getOrDefault(page, 0.0);
        cash.put(page, 0.0);
        history.merge(page, c, Double::sum);
        java.util.List<String> targets = new java.util.ArrayList<>();
        for (String l : outLinks) {
            if (!l.equals(page)) {
                targets.add(l);
            }
        }
        if (targets.isEmpty()) {
            for (String s : seeds) {
                cash.merge(s, c / seeds.length, Double::sum);
            }
        } else {
            for (String t : targets) {
                cash.merge(t, c / targets.size(), Double::sum);
            }
        }
        return c;
    }

    public double cash(String url) {
        return cash.getOrDefault(url, 0.0);
    }

    /** Total cash a page ever held. */
    public double history(String url) {
        return history.getOrDefault(url, 0.0);
    }

    /** Cash currently in the system (always 1). */
    public double total() {
        double t = 0;
        for (double c : cash.values()) {
            t += c;
        }
        return t;
    }
}
