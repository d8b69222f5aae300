package io.trawler.crawl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Two crawls compared URL by URL: each URL's latest record in one crawl against its latest record in the other, by
 * one pass over each crawl's records in id order (the index on crawl and id) and a hash of the other crawl's URLs;
 * correlated lookups per record cost seconds at 100,000 records. A URL is <em>new</em> when only this crawl has it, <em>gone</em> when only the other one has,
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

    /** One crawl's latest record of each URL, in record order. */
    private record Latest(List<String> urls, long[] ids, int[] statuses, String[] outcomes, String[] digests, Map<String, Integer> index) {

        static Latest read(Connection c, String crawlId) throws SQLException {
            List<String> urls = new ArrayList<>();
            LongList ids = new LongList();
            LongList statuses = new LongList();   // no boxing: 100,000 records are 100,000 statuses
            List<String> outcomes = new ArrayList<>();
            List<String> digests = new ArrayList<>();
            Map<String, Integer> index = new HashMap<>();
            BitSet superseded = new BitSet();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, url, status, outcome, digest FROM page WHERE crawl_id = ? ORDER BY crawl_id, id")) {
                ps.setString(1, crawlId);
                ps.setFetchSize(2000);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String url = rs.getString(2);
                        Integer before = index.put(url, urls.size());
                        if (before != null) {
                            superseded.set(before);   // a later record of the same URL (a revisit) replaces it
                        }
                        urls.add(url);
                        ids.add(rs.getLong(1));
                        statuses.add(rs.getInt(3));
                        String outcome = rs.getString(4);
                        outcomes.add(outcome == null ? null : outcome.intern());   // a handful of distinct values
                        digests.add(rs.getString(5));
                    }
                }
            }
            // keep the latest record of each URL only, in record order
            int kept = urls.size() - superseded.cardinality();
            List<String> u = new ArrayList<>(kept);
            long[] i = new long[kept];
            int[] st = new int[kept];
            String[] o = new String[kept];
            String[] d = new String[kept];
            Map<String, Integer> idx = superseded.isEmpty() ? index : new HashMap<>();
            for (int k = 0, n = 0; k < urls.size(); k++) {
                if (!superseded.get(k)) {
                    idx.put(urls.get(k), n);
                    u.add(urls.get(k));
                    i[n] = ids.get(k);
                    st[n] = (int) statuses.get(k);
                    o[n] = outcomes.get(k);
                    d[n] = digests.get(k);
                    n++;
                }
            }
            return new Latest(u, i, st, o, d, idx);
        }

        int size() {
            return ids.length;
        }
    }

    /** A growable list of longs. */
    private static final class LongList {
        private long[] a = new long[1024];
        private int n;

        void add(long v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        long get(int i) {
            return a[i];
        }

        long[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }

    /**
     * The comparison of two crawls, whole: the counts, and for each kind the URLs in record order of the crawl that
     * has them, as pairs of record ids (this crawl's, the other's; -1 where a crawl has none). Compact enough to keep:
     * a listing page is then read by record ids.
     */
    public record Diff(Summary summary, Map<Kind, long[][]> kinds) {

        /** Compares crawl {@code id} with crawl {@code other}: one pass over each crawl's records (by its index on crawl and id). */
        public static Diff compute(Connection c, String id, String other) throws SQLException {
            Latest here = Latest.read(c, id);
            Latest there = Latest.read(c, other);
            Map<Kind, LongList[]> lists = new EnumMap<>(Kind.class);
            for (Kind k : Kind.values()) {
                lists.put(k, new LongList[] {new LongList(), new LongList()});
            }
            long unchanged = 0;
            for (int t = 0; t < here.size(); t++) {
                Integer o = there.index().get(here.urls().get(t));
                Kind kind;
                if (o == null) {
                    kind = Kind.NEW;
                } else if (here.statuses()[t] != there.statuses()[o] || differ(here.outcomes()[t], there.outcomes()[o])) {
                    kind = Kind.STATUS;
                } else if (differ(here.digests()[t], there.digests()[o])) {
                    kind = Kind.CONTENT;
                } else {
                    unchanged++;
                    continue;
                }
                lists.get(kind)[0].add(here.ids()[t]);
                lists.get(kind)[1].add(o == null ? -1 : there.ids()[o]);
            }
            for (int o = 0; o < there.size(); o++) {
                if (!here.index().containsKey(there.urls().get(o))) {
                    lists.get(Kind.GONE)[0].add(-1);
                    lists.get(Kind.GONE)[1].add(there.ids()[o]);
                }
            }
            Map<Kind, long[][]> kinds = new EnumMap<>(Kind.class);
            lists.forEach((k, v) -> kinds.put(k, new long[][] {v[0].toArray(), v[1].toArray()}));
            Summary summary = new Summary(kinds.get(Kind.NEW)[0].length, kinds.get(Kind.GONE)[0].length, kinds.get(Kind.STATUS)[0].length,
                    kinds.get(Kind.CONTENT)[0].length, unchanged);
            return new Diff(summary, kinds);
        }

        /** The bytes this comparison holds: its record ids (8 bytes each) and the arrays' headers. */
        public long bytes() {
            long b = 64;
            for (long[][] pairs : kinds.values()) {
                for (long[] side : pairs) {
                    b += 16 + 8L * side.length;
                }
            }
            return b;
        }

        /** Both known and different (an unknown status, outcome or digest changes nothing, as in SQL). */
        private static boolean differ(String a, String b) {
            return a != null && b != null && !a.equals(b);
        }

        /**
         * The URLs of a kind after record {@code after} (of the crawl that has them: the other one for
         * {@link Kind#GONE}), at most {@code limit}, with both records read by id.
         */
        public Listing list(Connection c, Kind kind, long after, int limit) throws SQLException {
            long[][] pairs = kinds.get(kind);
            int driving = kind == Kind.GONE ? 1 : 0;
            long[] keys = pairs[driving];
            int from = Arrays.binarySearch(keys, after);
            from = from < 0 ? -from - 1 : from + 1;
            int to = Math.min(keys.length, from + limit);
            Map<Long, Object[]> rows = new HashMap<>();
            List<Long> wanted = new ArrayList<>();
            for (int i = from; i < to; i++) {
                for (long[] side : pairs) {
                    if (side[i] >= 0) {
                        wanted.add(side[i]);
                    }
                }
            }
            if (!wanted.isEmpty()) {
                String marks = String.join(",", java.util.Collections.nCopies(wanted.size(), "?"));
                try (PreparedStatement ps = c.prepareStatement("SELECT id, url, status, outcome FROM page WHERE id IN (" + marks + ")")) {
                    for (int i = 0; i < wanted.size(); i++) {
                        ps.setLong(i + 1, wanted.get(i));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rows.put(rs.getLong(1), new Object[] {rs.getString(2), rs.getInt(3), rs.getString(4)});
                        }
                    }
                }
            }
            List<Entry> out = new ArrayList<>();
            for (int i = from; i < to; i++) {
                Object[] t = pairs[0][i] < 0 ? null : rows.get(pairs[0][i]);
                Object[] o = pairs[1][i] < 0 ? null : rows.get(pairs[1][i]);
                Object[] d = driving == 0 ? t : o;
                if (d == null) {
                    continue;   // deleted meanwhile
                }
                out.add(new Entry((String) d[0], t == null ? null : pairs[0][i], t == null ? null : (Integer) t[1], t == null ? null : (String) t[2],
                        o == null ? null : pairs[1][i], o == null ? null : (Integer) o[1], o == null ? null : (String) o[2]));
            }
            return new Listing(out, to < keys.length && to > from ? keys[to - 1] : null);
        }
    }

    /** The newest record id of a crawl (0 for none): a comparison computed at these ids holds until either grows. */
    public static long newestRecord(Connection c, String crawlId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT MAX(id) FROM page WHERE crawl_id = ?")) {
            ps.setString(1, crawlId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }
}
