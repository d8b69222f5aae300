package io.trawler.frontier;

import java.util.Map;

/** A snapshot of a crawl's frontier counters. */
public record FrontierCounts(String state, long queued, long inFlight, long admitted, long fetched, long errors,
        long robotsDenied, long reclaimed, long finishedAt) {

    static FrontierCounts of(Map<String, String> conf, Map<String, String> stats, long inFlight) {
        return new FrontierCounts(conf.getOrDefault("state", "UNKNOWN"), Math.max(0, get(stats, "queued")), inFlight,
                get(stats, "admitted"), get(stats, "fetched"), get(stats, "errors"), get(stats, "robotsDenied"),
                get(stats, "reclaimed"), get(conf, "finishedAt"));
    }

    private static long get(Map<String, String> m, String k) {
        String v = m.get(k);
        return v == null ? 0 : Long.parseLong(v);
    }
}
