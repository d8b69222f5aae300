package io.trawler.order;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ObjDoubleConsumer;

/**
 * Partial PageRank (seed 002 §3.4, SPEC §2.3): PageRank (damping 0.85) over the pages fetched so far plus
 * the URLs they link to, recomputed on demand (the manager does so every K fetches). Rank of pages without
 * out-links (and of URLs not fetched yet) is spread over all pages. A recompute starts from the previous
 * ranks, so after a few more fetches it converges in a few iterations. Between recomputes a frontier URL's
 * temporary score is the sum of PR(p) / outdegree(p) over its fetched in-linkers. Not thread-safe.
 */
public final class PartialPageRank {

    public static final double DAMPING = 0.85;

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> urls = new ArrayList<>();
    private int[][] out = new int[1024][];
    private double[] rank = new double[0];
    private int fetchedPages;

    /** Records a fetched page and its out-links (a page recorded twice keeps its first links). */
    public void fetched(String page, List<String> links) {
        int from = id(page);
        if (out[from] != null) {
            return;
        }
        int[] to = links.stream().filter(l -> !l.equals(page)).distinct().mapToInt(this::id).toArray();
        out[from] = to;
        fetchedPages++;
    }

    /** Recomputes PageRank by power iteration until the L1 change is below {@code tolerance}; returns the iterations. */
    public int recompute(double tolerance, int maxIterations) {
        int n = urls.size();
        if (n == 0) {
            return 0;
        }
        double[] r = Arrays.copyOf(rank, n);
        double known = 0;
        for (int v = 0; v < rank.length; v++) {
            known += r[v];
        }
        if (rank.length == 0 || known <= 0) {
            Arrays.fill(r, 1.0 / n);
        } else {
            // new URLs start at the mean; then the vector is scaled back to a total of 1
            double mean = known / rank.length;
            Arrays.fill(r, rank.length, n, mean);
            double total = known + mean * (n - rank.length);
            for (int v = 0; v < n; v++) {
                r[v] /= total;
            }
        }
        double[] next = new double[n];
        int it = 0;
        while (it < maxIterations) {
            it++;
            Arrays.fill(next, 0);
            double dangling = 0;
            for (int v = 0; v < n; v++) {
                int[] o = out[v];
                if (o == null || o.length == 0) {
                    dangling += r[v];
                } else {
                    double share = r[v] / o.length;
                    for (int t : o) {
                        next[t] += share;
                    }
                }
            }
            double base = (1 - DAMPING) / n + DAMPING * dangling / n;
            double change = 0;
            for (int v = 0; v < n; v++) {
                double x = base + DAMPING * next[v];
                change += Math.abs(x - r[v]);
                r[v] = x;
            }
            if (change < tolerance) {
                break;
            }
        }
        rank = r;
        return it;
    }

    /** The rank of the last recompute (0 for URLs seen since). */
    public double rank(String url) {
        Integer id = ids.get(url);
        return id == null || id >= rank.length ? 0 : rank[id];
    }

    /** Hands every URL not fetched yet, with its rank of the last recompute, to {@code sink}. */
    public void forEachFrontierRank(ObjDoubleConsumer<String> sink) {
        for (int v = 0; v < rank.length; v++) {
            if (out[v] == null) {
                sink.accept(urls.get(v), rank[v]);
            }
        }
    }

    /** A frontier URL's temporary score: Σ PR(p) / outdegree(p) over its fetched in-linkers, with the last ranks. */
    public double temporaryScore(String url) {
        Integer target = ids.get(url);
        if (target == null) {
            return 0;
        }
        double s = 0;
        for (int v = 0; v < Math.min(urls.size(), rank.length); v++) {
            int[] o = out[v];
            if (o != null) {
                for (int t : o) {
                    if (t == target) {
                        s += rank[v] / o.length;
                    }
                }
            }
        }
        return s;
    }

    /** URLs known (fetched or linked). */
    public int size() {
        return urls.size();
    }

    public int fetchedPages() {
        return fetchedPages;
    }

    private int id(String url) {
        Integer id = ids.get(url);
        if (id != null) {
            return id;
        }
        int v = urls.size();
        urls.add(url);
        ids.put(url, v);
        if (v >= out.length) {
            out = Arrays.copyOf(out, out.length * 2);
        }
        return v;
    }
}
