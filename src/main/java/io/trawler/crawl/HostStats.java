package io.trawler.crawl;

import io.trawler.parse.UrlNormalizer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A crawl's page records counted per host (the URL's authority, as the frontier's politeness knows hosts): pages,
 * status classes, bytes and fetch time. Kept in table {@code crawl_host} by the ingester, in the transaction that stores
 * the records ({@link Tally}), so the figures are exact and a replay adds nothing.
 *
 * @param meanFetchMs mean fetch time of the host's records that have one, or {@code null} when none has
 */
public record HostStats(String host, long pages, long c2xx, long c3xx, long c4xx, long c5xx, long other, long bytes, Double meanFetchMs) {

    /** The order of {@link #read}: most pages first, or the most errors (4xx, 5xx and no answer) first. */
    public enum Order {
        PAGES("pages DESC"), ERRORS("(pages_4xx + pages_5xx + pages_other) DESC"), BYTES("bytes DESC"), SLOWEST("fetch_ms * 1.0 / NULLIF(timed, 0) DESC");

        final String sql;

        Order(String sql) {
            this.sql = sql;
        }
    }

    /** The host of a URL as the frontier keys it: its authority ({@code host[:port]}), or "" when it has none. */
    public static String hostOf(String url) {
        String host = UrlNormalizer.authorityOf(url);
        return host.length() > 255 ? host.substring(0, 255) : host;
    }

    /** The crawl's hosts in the given order, at most {@code limit}, and how many hosts it has in all. */
    public record Listing(List<HostStats> hosts, long total) {
    }

    public static Listing read(Connection c, String crawlId, Order order, int limit) throws SQLException {
        List<HostStats> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM crawl_host WHERE crawl_id = ? ORDER BY " + order.sql + " NULLS LAST, host LIMIT ?")) {
            ps.setString(1, crawlId);
            ps.setInt(2, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(row(rs));
                }
            }
        }
        long total;
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM crawl_host WHERE crawl_id = ?")) {
            ps.setString(1, crawlId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                total = rs.getLong(1);
            }
        }
        return new Listing(out, total);
    }

    /** The figures of one host of the crawl, if it has records. */
    public static java.util.Optional<HostStats> of(Connection c, String crawlId, String host) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM crawl_host WHERE crawl_id = ? AND host = ?")) {
            ps.setString(1, crawlId);
            ps.setString(2, host);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? java.util.Optional.of(row(rs)) : java.util.Optional.empty();
            }
        }
    }

    /** A row of {@link #COLUMNS}. */
    private static HostStats row(ResultSet rs) throws SQLException {
        long timed = rs.getLong(10);
        return new HostStats(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7),
                rs.getLong(8), timed == 0 ? null : rs.getLong(9) / (double) timed);
    }

    private static final String COLUMNS = "host, pages, pages_2xx, pages_3xx, pages_4xx, pages_5xx, pages_other, bytes, fetch_ms, timed";

    /** Records stored in one transaction, by host, added to the crawl's host figures before that transaction commits. */
    public static final class Tally {
        private final Map<String, long[]> byHost = new LinkedHashMap<>();

        /** Counts one stored record. */
        public void add(PageRow r) {
            long[] n = byHost.computeIfAbsent(hostOf(r.url()), h -> new long[9]);
            n[0]++;
            n[1 + StatusClasses.classOf(r.status())]++;
            n[6] += r.bytes() == null ? 0 : r.bytes();
            if (r.fetchMs() != null) {
                n[7] += r.fetchMs();
                n[8]++;
            }
        }

        /** Adds the tally to the crawl's host figures, inside the caller's transaction. */
        public void addTo(Connection c, String crawlId) throws SQLException {
            if (byHost.isEmpty()) {
                return;
            }
            // MERGE (SQL:2003): PostgreSQL 15 and H2 both take it; one ingester per crawl, so no two write a row at once
            try (PreparedStatement ps = c.prepareStatement("MERGE INTO crawl_host t USING (VALUES (CAST(? AS VARCHAR(32)),"
                    + " CAST(? AS VARCHAR(255)), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT),"
                    + " CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT)))"
                    + " AS s(crawl_id, host, pages, c2, c3, c4, c5, co, bytes, fetch_ms, timed)"
                    + " ON t.crawl_id = s.crawl_id AND t.host = s.host"
                    + " WHEN MATCHED THEN UPDATE SET pages = t.pages + s.pages, pages_2xx = t.pages_2xx + s.c2, pages_3xx = t.pages_3xx + s.c3,"
                    + " pages_4xx = t.pages_4xx + s.c4, pages_5xx = t.pages_5xx + s.c5, pages_other = t.pages_other + s.co,"
                    + " bytes = t.bytes + s.bytes, fetch_ms = t.fetch_ms + s.fetch_ms, timed = t.timed + s.timed"
                    + " WHEN NOT MATCHED THEN INSERT (crawl_id, host, pages, pages_2xx, pages_3xx, pages_4xx, pages_5xx, pages_other, bytes,"
                    + " fetch_ms, timed) VALUES (s.crawl_id, s.host, s.pages, s.c2, s.c3, s.c4, s.c5, s.co, s.bytes, s.fetch_ms, s.timed)")) {
                for (Map.Entry<String, long[]> e : byHost.entrySet()) {
                    ps.setString(1, crawlId);
                    ps.setString(2, e.getKey());
                    long[] n = e.getValue();
                    for (int i = 0; i < 9; i++) {
                        ps.setLong(3 + i, n[i]);
                    }
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }
}
