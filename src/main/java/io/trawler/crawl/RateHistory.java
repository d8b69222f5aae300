package io.trawler.crawl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A crawl's fetch rate over its whole run, rebuilt from its stored page records so that the crawl page's rate chart
 * covers the run after a reload and for an ended crawl: pages a second in buckets from the crawl's start to its end
 * (or now), the bucket a round number of seconds chosen so that the run fits in at most {@value #MAX_BUCKETS} of
 * them. One aggregate query grouped on the database (the records of a million-page crawl are not read into the server).
 */
public final class RateHistory {

    /** Most buckets over a run (the chart's points). */
    static final int MAX_BUCKETS = 300;
    /** Bucket lengths, in seconds, the smallest that fits the run is taken. */
    private static final int[] STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400};

    /** Pages a second per bucket of {@code bucketSeconds}, the first starting at {@code startMs}. */
    public record Series(long startMs, int bucketSeconds, double[] rates) {

        /** The rates as a JSON array, for the page's script. */
        public String json() {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < rates.length; i++) {
                s.append(i == 0 ? "" : ",").append(String.format(java.util.Locale.ROOT, "%.2f", rates[i]));
            }
            return s.append(']').toString();
        }
    }

    private RateHistory() {
    }

    /** The bucket length for a run of {@code runMs}: the smallest step that covers it in {@link #MAX_BUCKETS}. */
    static int bucketSeconds(long runMs) {
        for (int step : STEPS) {
            if ((long) step * 1000 * MAX_BUCKETS >= runMs) {
                return step;
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, runMs / 1000 / MAX_BUCKETS + 1);
    }

    /** The crawl's rate from {@code startMs} to {@code endMs} (its end, or now for a running crawl). */
    static Series read(Connection c, String crawlId, long startMs, long endMs) throws SQLException {
        long run = Math.max(1000, endMs - startMs);
        int step = bucketSeconds(run);
        int buckets = (int) Math.min(MAX_BUCKETS, (run + step * 1000L - 1) / (step * 1000L));
        long[] counts = new long[buckets];
        try (PreparedStatement ps = c.prepareStatement("SELECT t.b, COUNT(*) FROM (SELECT FLOOR((EXTRACT(EPOCH FROM p.fetched_at) * 1000"
                + " - CAST(? AS BIGINT)) / CAST(? AS BIGINT)) AS b FROM page p WHERE p.crawl_id = ?) t GROUP BY t.b")) {
            // milliseconds typed as integers: H2 gives an untyped parameter in this expression a type that rounds
            // (buckets shifted by seconds)
            ps.setLong(1, startMs);
            ps.setLong(2, step * 1000L);
            ps.setString(3, crawlId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long b = rs.getLong(1);
                    // a record fetched a moment before the crawl's recorded start (clocks of other nodes) counts in
                    // the first bucket, one after the end in the last
                    counts[(int) Math.max(0, Math.min(buckets - 1, b))] += rs.getLong(2);
                }
            }
        }
        double[] rates = new double[buckets];
        for (int b = 0; b < buckets; b++) {
            // the last bucket may be cut short by the end of the run
            long length = Math.min(step * 1000L, endMs - (startMs + b * step * 1000L));
            rates[b] = counts[b] / (Math.max(1000, length) / 1000.0);
        }
        return new Series(startMs, step, rates);
    }
}
