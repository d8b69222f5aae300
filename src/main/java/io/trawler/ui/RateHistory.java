package io.trawler.ui;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * A crawl's recent fetch rate rebuilt from its stored page records, so that the live page's rate chart is not empty
 * after a reload: pages a second in each of the last {@value #BUCKETS} buckets of {@value #BUCKET_SECONDS} s, from
 * at most {@value #MAX_RECORDS} of the newest records (a short scan of the index on crawl and id, whatever the crawl's
 * size). Buckets older than the oldest record read are unknown ({@code NaN}), not zero, when the records ran out.
 */
final class RateHistory {

    static final int BUCKET_SECONDS = 10;
    static final int BUCKETS = 30;
    static final int MAX_RECORDS = 5_000;

    private RateHistory() {
    }

    /** Pages a second per bucket, oldest first, the last bucket ending at {@code nowMs}. */
    static double[] read(Connection c, String crawlId, long nowMs) throws SQLException {
        long[] counts = new long[BUCKETS];
        long start = nowMs - (long) BUCKETS * BUCKET_SECONDS * 1000;
        long oldest = Long.MAX_VALUE;
        int read = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT p.fetched_at FROM page p WHERE p.crawl_id = ? AND p.id < ?"
                + " ORDER BY p.crawl_id DESC, p.id DESC LIMIT " + MAX_RECORDS)) {
            ps.setString(1, crawlId);
            ps.setLong(2, Long.MAX_VALUE);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    read++;
                    Timestamp t = rs.getTimestamp(1);
                    if (t == null) {
                        continue;
                    }
                    long at = t.getTime();
                    oldest = Math.min(oldest, at);
                    if (at >= start && at < nowMs) {
                        counts[(int) ((at - start) / (BUCKET_SECONDS * 1000L))]++;
                    }
                }
            }
        }
        double[] rates = new double[BUCKETS];
        for (int b = 0; b < BUCKETS; b++) {
            long bucketEnd = start + (b + 1L) * BUCKET_SECONDS * 1000;
            // with the newest MAX_RECORDS read, a bucket that ends before the oldest of them is unknown
            rates[b] = read == MAX_RECORDS && bucketEnd <= oldest ? Double.NaN : counts[b] / (double) BUCKET_SECONDS;
        }
        return rates;
    }

    /** The rates as a JSON array (null for unknown), for the page's script. */
    static String json(double[] rates) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < rates.length; i++) {
            s.append(i == 0 ? "" : ",").append(Double.isNaN(rates[i]) ? "null" : String.format(java.util.Locale.ROOT, "%.2f", rates[i]));
        }
        return s.append(']').toString();
    }
}
