package io.trawler.frontier;

import java.util.Map;

/** A snapshot of a crawl's frontier counters, and the node serving each lane ({@code ""}: any node). */
public record FrontierCounts(FrontierState state, long queued, long inFlight, long admitted, long fetched, long unique, long errors,
        long robotsDenied, long reclaimed, long linksDropped, long finishedAt, long[] fetchedByLane, long[] queuedByLane,
        String[] nodeByLane) {

    static FrontierCounts of(Map<String, String> conf, Map<String, String> stats, long inFlight) {
        int lanes = (int) Math.max(1, get(conf, "partitions"));
        long[] fetched = new long[lanes];
        long[] queued = new long[lanes];
        String[] nodes = new String[lanes];
        for (int p = 0; p < lanes; p++) {
            fetched[p] = get(stats, "fetched:" + p);
            queued[p] = Math.max(0, get(stats, "queued:" + p));
            nodes[p] = conf.getOrDefault("lane:" + p, "");
        }
        return new FrontierCounts(FrontierState.parse(conf.get("state")), Math.max(0, get(stats, "queued")), inFlight,
                get(stats, "admitted"), get(stats, "fetched"), get(stats, "unique"), get(stats, "errors"), get(stats, "robotsDenied"),
                get(stats, "reclaimed"), get(stats, "linksDropped"), get(conf, "finishedAt"), fetched, queued, nodes);
    }

    private static long get(Map<String, String> m, String k) {
        String v = m.get(k);
        return v == null ? 0 : Long.parseLong(v);
    }
}
