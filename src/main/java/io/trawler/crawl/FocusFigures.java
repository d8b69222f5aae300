package io.trawler.crawl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A focused crawl's harvest as its stored records tell it: pages judged relevant and irrelevant, relevant pages against
 * pages measured (at most {@value #POINTS} points, evenly spread), and the {@value #BEST} most relevant pages; counted up
 * to record {@code upToId}, after which the page's script adds the records it reads.
 */
public record FocusFigures(long relevant, long irrelevant, long upToId, List<long[]> harvest, List<Best> best, String advice) {

    public FocusFigures(long relevant, long irrelevant, long upToId, List<long[]> harvest, List<Best> best) {
        this(relevant, irrelevant, upToId, harvest, best, null);
    }

    /**
     * What a finished focused crawl's figures say and what to change (null when they say nothing special): no page
     * reached the threshold (with the best score), or a focused-t/-tl crawl ran dry, its relevant pages' links used up
     * before its page limit or budget.
     */
    public FocusFigures explained(String state, String strategy, double threshold, long fetched, long maxPages, long budget) {
        if (!"FINISHED".equals(state) || relevant + irrelevant == 0) {
            return this;
        }
        String theta = String.format(java.util.Locale.ROOT, "%.2f", threshold);
        if (relevant == 0) {
            double top = best.isEmpty() ? 0 : best.get(0).relevance();
            return with(String.format(java.util.Locale.ROOT, "No page reached the relevance threshold θ = %s: the best scored %.3f. Lower θ"
                    + " (this site's pages score up to about %.2f), or give keywords, example pages or texts worded like the pages you"
                    + " look for.", theta, top, top));
        }
        boolean limited = maxPages > 0 && fetched >= maxPages || budget > 0 && fetched >= budget;
        if (!limited && ("focused-t".equals(strategy) || "focused-tl".equals(strategy))) {
            return with(String.format(java.util.Locale.ROOT, "The crawl ran dry after %,d pages: this order follows only the links of relevant"
                    + " pages%s, and none was left. To reach more of the site, lower θ (now %s), widen the topic, or use focused-learn,"
                    + " which follows every link in the order of its promise.", fetched,
                    "focused-tl".equals(strategy) ? " and of URL prefixes where relevant pages were found" : "", theta));
        }
        return this;
    }

    private FocusFigures with(String text) {
        return new FocusFigures(relevant, irrelevant, upToId, harvest, best, text);
    }

    static final int POINTS = 100;
    static final int BEST = 10;

    /** One of the most relevant pages. */
    public record Best(long id, String url, double relevance) {
        public String score() {
            return String.format(java.util.Locale.ROOT, "%.3f", relevance);
        }
    }

    /** The harvest points as JSON: [[measured, relevant], …]. */
    public String harvestJson() {
        StringBuilder s = new StringBuilder("[");
        for (long[] p : harvest) {
            s.append(s.length() > 1 ? "," : "").append('[').append(p[0]).append(',').append(p[1]).append(']');
        }
        return s.append(']').toString();
    }

    /** The share of measured pages that were relevant (the harvest rate), or null before any. */
    public String rate() {
        long n = relevant + irrelevant;
        return n == 0 ? null : String.format(java.util.Locale.ROOT, "%.1f %%", 100.0 * relevant / n);
    }

    static FocusFigures read(Connection c, String crawlId) throws SQLException {
        java.util.BitSet relevantAt = new java.util.BitSet();   // one bit a measured page: the curve is sampled at the end
        PriorityQueue<Best> best = new PriorityQueue<>(Comparator.comparingDouble(Best::relevance));
        long relevant = 0;
        long irrelevant = 0;
        long upTo = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT id, relevant, relevance, url FROM page WHERE crawl_id = ? AND relevance IS NOT NULL"
                + " ORDER BY crawl_id, id")) {
            ps.setString(1, crawlId);
            ps.setFetchSize(1000);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    upTo = rs.getLong(1);
                    if (rs.getBoolean(2)) {
                        relevantAt.set((int) (relevant + irrelevant));
                        relevant++;
                    } else {
                        irrelevant++;
                    }
                    double r = rs.getDouble(3);
                    if (best.size() < BEST || r > best.peek().relevance()) {
                        best.add(new Best(upTo, rs.getString(4), r));
                        if (best.size() > BEST) {
                            best.poll();
                        }
                    }
                }
            }
        }
        long measured = relevant + irrelevant;
        int k = (int) Math.min(POINTS, measured);
        List<long[]> points = new ArrayList<>(k);
        int counted = 0;
        long relevantSoFar = 0;
        for (int i = 0; i < k; i++) {
            int upToPage = (int) ((i + 1) * measured / k);   // the first upToPage pages measured
            relevantSoFar += relevantAt.get(counted, upToPage).cardinality();
            counted = upToPage;
            points.add(new long[] {upToPage, relevantSoFar});
        }
        List<Best> top = new ArrayList<>(best);
        top.sort(Comparator.comparingDouble(Best::relevance).reversed());
        return new FocusFigures(relevant, irrelevant, upTo, points, top);
    }
}
