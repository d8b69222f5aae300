package io.trawler.crawl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A crawl's page records counted by HTTP status class: 2xx … 5xx, and {@code other} for records without an HTTP
 * answer (errors, blocked, abandoned: status 0). Kept in the crawl's row by the ingester, in the transaction that
 * stores the records ({@link Tally}), so the counts are exact and a replay adds nothing.
 *
 * @param upToId the largest page record id the counts include (0 for none), read in the same statement
 */
public record StatusClasses(long c2xx, long c3xx, long c4xx, long c5xx, long other, long upToId) {

    /** The class of a status: 0 … 3 for 2xx … 5xx, 4 for anything else. */
    public static int classOf(int status) {
        return status >= 200 && status < 600 ? status / 100 - 2 : 4;
    }

    public long total() {
        return c2xx + c3xx + c4xx + c5xx + other;
    }

    /** The crawl's counts and its largest record id, in one statement (so they agree); zeros for an unknown crawl. */
    public static StatusClasses read(Connection c, String crawlId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pages_2xx, pages_3xx, pages_4xx, pages_5xx, pages_other,"
                // the latest record's id by a short scan of the index on crawl and id (written as Page#after explains)
                + " (SELECT p.id FROM page p WHERE p.crawl_id = ? AND p.id < ? ORDER BY p.crawl_id DESC, p.id DESC LIMIT 1)"
                + " FROM crawl WHERE id = ?")) {
            ps.setString(1, crawlId);
            ps.setLong(2, Long.MAX_VALUE);
            ps.setString(3, crawlId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new StatusClasses(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6))
                        : new StatusClasses(0, 0, 0, 0, 0, 0);
            }
        }
    }

    /** Records stored in one transaction, by class, added to the crawl's counts before that transaction commits. */
    public static final class Tally {
        private final long[] n = new long[5];

        public void add(int status) {
            n[classOf(status)]++;
        }

        public boolean isEmpty() {
            return n[0] + n[1] + n[2] + n[3] + n[4] == 0;
        }

        /** Adds the tally to the crawl's counts, inside the caller's transaction. */
        public void addTo(Connection c, String crawlId) throws SQLException {
            if (isEmpty()) {
                return;
            }
            try (PreparedStatement up = c.prepareStatement("UPDATE crawl SET pages_2xx = pages_2xx + ?, pages_3xx = pages_3xx + ?,"
                    + " pages_4xx = pages_4xx + ?, pages_5xx = pages_5xx + ?, pages_other = pages_other + ? WHERE id = ?")) {
                for (int i = 0; i < 5; i++) {
                    up.setLong(i + 1, n[i]);
                }
                up.setString(6, crawlId);
                up.executeUpdate();
            }
        }
    }
}
