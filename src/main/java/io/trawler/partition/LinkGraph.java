package io.trawler.partition;

import java.util.Arrays;

/**
 * A site's link graph in compressed sparse rows: vertex ids 0…n−1 with their URLs, out-links as
 * {@code targets[offsets[v] … offsets[v+1])} (duplicates removed), in-degrees, and the home page.
 */
public final class LinkGraph {

    private final String[] urls;
    private final int[] offsets;
    private final int[] targets;
    private final int[] inDegree;
    private final int home;

    private LinkGraph(String[] urls, int[] offsets, int[] targets, int home) {
        this.urls = urls;
        this.offsets = offsets;
        this.targets = targets;
        this.home = home;
        this.inDegree = new int[urls.length];
        for (int t : targets) {
            inDegree[t]++;
        }
    }

    /** Builds the graph from edge pairs {@code from[i] → to[i]}; self-links and repeated links count once. */
    public static LinkGraph of(String[] urls, int[] from, int[] to, int edges, int home) {
        int n = urls.length;
        long[] packed = new long[edges];
        int m = 0;
        for (int i = 0; i < edges; i++) {
            if (from[i] != to[i]) {
                packed[m++] = ((long) from[i] << 32) | (to[i] & 0xFFFFFFFFL);
            }
        }
        Arrays.sort(packed, 0, m);
        int[] offsets = new int[n + 1];
        int[] targets = new int[m];
        int k = 0;
        long previous = -1;
        for (int i = 0; i < m; i++) {
            if (packed[i] == previous) {
                continue;
            }
            previous = packed[i];
            int f = (int) (packed[i] >>> 32);
            targets[k++] = (int) packed[i];
            offsets[f + 1]++;
        }
        for (int v = 0; v < n; v++) {
            offsets[v + 1] += offsets[v];
        }
        return new LinkGraph(urls, offsets, Arrays.copyOf(targets, k), home);
    }

    public int size() {
        return urls.length;
    }

    public int edges() {
        return targets.length;
    }

    public String url(int v) {
        return urls[v];
    }

    public int home() {
        return home;
    }

    public int inDegree(int v) {
        return inDegree[v];
    }

    public int outStart(int v) {
        return offsets[v];
    }

    public int outEnd(int v) {
        return offsets[v + 1];
    }

    public int target(int i) {
        return targets[i];
    }

    /** BFS levels from the home page; unreachable vertices get {@link Integer#MAX_VALUE}. */
    public int[] crawlLevels() {
        int[] level = new int[size()];
        Arrays.fill(level, Integer.MAX_VALUE);
        int[] queue = new int[size()];
        int head = 0;
        int tail = 0;
        level[home] = 0;
        queue[tail++] = home;
        while (head < tail) {
            int u = queue[head++];
            for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                int v = targets[i];
                if (level[v] == Integer.MAX_VALUE) {
                    level[v] = level[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
        return level;
    }
}
