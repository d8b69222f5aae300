package io.trawler.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Partial PageRank (seed 002 §3.4, SPEC §2.3): PageRank (damping 0.85) over the pages fetched so far plus
 * the URLs they link to, recomputed on demand (the crawler does so every K fetches). Between recomputes a
 * frontier URL's temporary score is the sum of the PageRank contributions of its fetched in-linkers,
 * PR(p) / outdegree(p). Pages without out-links (and unfetched URLs) spread their rank over all pages.
 */
public final class PartialPageRank {

    public static final double DAMPING = 0.85;

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> urls = new ArrayList<>();
    private final Map<Integer, int[]> outLinks = new LinkedHashMap<>();
    private double[] rank = new double[0];

    /** Records a fetched page and its out-links. */
    public void fetched(String page, List<String> links) {
        int from = id(page);
        int[] to = links.stream().filter(l -> !l.equals(page)).distinct().mapToInt(this::id).toArray();
        outLinks.put(from, to);
    }

    /** Recomputes PageRank over every known URL by power iteration until the L1 change is below {@code tolerance}. */
    public void recompute(double tolerance, int maxIterations) {
        int n = urls.size();
        double[] r = new double[n];
        java.util.Arrays.fill(r, 1.0 / n);
        for (int it = 0; it < maxIterations; it++) {
            double[] next = new double[n];
            double dangling = 0;
            for (int v = 0; v < n; v++) {
                int[] out = outLinks.get(v);
                if (out == null || out.length == 0) {
                    dangling += r[v];
                } else {
                    double share = r[v] / out.length;
                    for (int t : out) {
                        next[t] += share;
                    }
                }
            }
            double base = (1 - DAMPING) / n + DAMPING * dangling / n;
            double change = 0;
            for (int v = 0; v < n; v++) {
                next[v] = base + DAMPING * next[v];
                change += Math.abs(next[v] - r[v]);
            }
            r = next;
            if (change < tolerance) {
                break;
            }
        }
        rank = r;
    }

    /** The rank of the last recompute (0 for URLs seen since). */
    public double rank(String url) {
        Integer id = ids.get(url);
        return id == null || id >= rank.length ? 0 : rank[id];
    }

    /** A frontier URL's temporary score: Σ PR(p) / outdegree(p) over its fetched in-linkers, with the last ranks. */
    public double temporaryScore(String url) {
        Integer target = ids.get(url);
        if (target == null) {
            return 0;
        }
        double s = 0;
        for (Map.Entry<Integer, int[]> e : outLinks.entrySet()) {
            for (int t : e.getValue()) {
                if (t == target && e.getKey() < rank.length) {
                    s += rank[e.getKey()] / e.getValue().length;
                }
            }
        }
        return s;
    }

    public int size() {
        return urls.size();
    }

    private int id(String url) {
        return ids.computeIfAbsent(url, u -> {
            urls.add(u);
            return urls.size() - 1;
        });
    }
}
