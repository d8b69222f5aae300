package io.trawler.crawl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Two crawls compared URL by URL: each URL's latest record in one crawl against its latest record in the other, found
 * through the index on crawl and URL key ({@code page.url_key}, the URL's first 255 characters; the whole URL is
 * compared too). A URL is <em>new</em> when only this crawl has it, <em>gone</em> when only the other one has,
 * <em>status</em> when both have it with different statuses or outcomes (200 → 404, a fetch → a robots denial),
 * <em>content</em> when both fetched it with the same status and different payload digests, and unchanged otherwise. Plain JDBC that
 * runs on H2 and PostgreSQL.
 */
public final class CrawlComparison {

    /** What the listing shows. */
    public enum Kind {
        NEW, GONE, STATUS, CONTENT;

        /** The kind named {@code new}, {@code gone}, {@code status} or {@code content}. */
        public static Kind parse(String name) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("one of new, gone, status, content");
            }
        }

        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How many distinct URLs fall in each kind. */
    public record Summary(long newUrls, long gone, long statusChanged, long contentChanged, long unchanged) {
    }

    /**
     * One URL of a listing: its latest record in this crawl and in the other (ids and statuses; null where the crawl
     * has none), and the outcome in each.
     */
    public record Entry(String url, @Schema(nullable = true) Long record, @Schema(nullable = true) Integer status,
            @Schema(nullable = true) String outcome, @Schema(nullable = true) Long otherRecord, @Schema(nullable = true) Integer otherStatus,
            @Schema(nullable = true) String otherOutcome) {
    }

    /** A page of a listing; pass {@code next} as {@code after} for the following one (null at the end). */
    public record Listing(List<Entry> urls, @Schema(nullable = true) Long next) {
    }

    private static final String STATUS = "(o.status <> t.status OR o.outcome <> t.outcome)";
    private static final String CONTENT = "o.status = t.status AND o.outcome = t.outcome AND o.digest <> t.digest";

    /** The latest record of each URL of crawl {@code alias}: the condition on the row of that alias. */
    private static String latest(String alias) {
        return alias + ".id = (SELECT MAX(l.id) FROM page l WHERE l.crawl_id = " + alias + ".crawl_id AND l.url_key = " + alias
                + ".url_key AND l.url = " + alias + ".url)";
    }

    /** The other crawl's latest record of the same URL, joined to {@code from}. */
    private static String match(String from, String to) {
        return "LEFT JOIN page " + to + " ON " + to + ".crawl_id = ? AND " + to + ".url_key = " + from + ".url_key AND " + to + ".url = "
                + from + ".url AND " + latest(to);
    }

    private CrawlComparison() {
    }

    /** The counts of crawl {@code id} against crawl {@code other}. */
    public static Summary summary(Connection c, String id, String other) throws SQLException {
        String sql = "SELECT SUM(CASE WHEN o.id IS NULL THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN o.id IS NOT NULL AND " + STATUS + " THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN o.id IS NOT NULL AND " + CONTENT + " THEN 1 ELSE 0 END),"
                + " COUNT(*) FROM page t " + match("t", "o") + " WHERE t.crawl_id = ? AND " + latest("t");
        long[] here = longs(c, sql, 4, other, id);
        String goneSql = "SELECT COUNT(*) FROM page o " + match("o", "t") + " WHERE o.crawl_id = ? AND " + latest("o") + " AND t.id IS NULL";
        long gone = longs(c, goneSql, 1, id, other)[0];
        long newUrls = here[0];
        long status = here[1];
        long content = here[2];
        long all = here[3];
        return new Summary(newUrls, gone, status, content, all - newUrls - status - content);
    }

    /**
     * The URLs of a kind, in record order of the crawl that has them (this one; the other one for {@link Kind#GONE}),
     * after record {@code after}, at most {@code limit}.
     */
    public static Listing list(Connection c, String id, String other, Kind kind, long after, int limit) throws SQLException {
        boolean gone = kind == Kind.GONE;
        String driving = gone ? "o" : "t";
        String joined = gone ? "t" : "o";
        String condition = switch (kind) {
            case NEW -> "o.id IS NULL";
            case GONE -> "t.id IS NULL";
            case STATUS -> "o.id IS NOT NULL AND " + STATUS;
            case CONTENT -> "o.id IS NOT NULL AND " + CONTENT;
        };
        String sql = "SELECT " + driving + ".id, " + driving + ".url, t.id, t.status, t.outcome, o.id, o.status, o.outcome FROM page "
                + driving + " " + match(driving, joined) + " WHERE " + driving + ".crawl_id = ? AND " + driving + ".id > ? AND "
                + latest(driving) + " AND " + condition + " ORDER BY " + driving + ".crawl_id, " + driving + ".id";
        List<Entry> out = new ArrayList<>();
        long last = 0;
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setMaxRows(limit);
            ps.setString(1, gone ? id : other);
            ps.setString(2, gone ? other : id);
            ps.setLong(3, after);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    last = rs.getLong(1);
                    out.add(new Entry(rs.getString(2), nullableLong(rs, 3), nullableInt(rs, 4), rs.getString(5), nullableLong(rs, 6),
                            nullableInt(rs, 7), rs.getString(8)));
                }
            }
        }
        return new Listing(out, out.size() == limit ? last : null);
    }

    /** The first {@code columns} columns of the one row a query with string parameters answers. */
    private static long[] longs(Connection c, String sql, int columns, String... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setString(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long[] out = new long[columns];
                for (int i = 0; i < columns; i++) {
                    out[i] = rs.getLong(i + 1);
                }
                return out;
            }
        }
    }

    private static Long nullableLong(ResultSet rs, int i) throws SQLException {
        long v = rs.getLong(i);
        return rs.wasNull() ? null : v;
    }

    private static Integer nullableInt(ResultSet rs, int i) throws SQLException {
        int v = rs.getInt(i);
        return rs.wasNull() ? null : v;
    }
}
