package io.trawler.parse;

/**
 * Bounds the scope-matching work of one API request. RE2 matching is linear, but in the URL's length times the size
 * of the patterns: a site may carry 200 patterns of 1,000 characters, and a request may send a thousand URLs of
 * 2,000 characters. Each check costs {@code URL length × pattern characters} units (at least the URL's length); a
 * request gets {@link #PER_REQUEST} units (about half a second of matching on a 2-core machine of 2026, see
 * docs/benchmarks.md) and URLs past it are answered as not checked instead of holding the server.
 */
public final class MatchBudget {

    /** Units one request may spend. */
    public static final long PER_REQUEST = 10_000_000_000L;

    private long left;

    public MatchBudget(long units) {
        this.left = units;
    }

    /** A fresh per-request budget. */
    public static MatchBudget perRequest() {
        return new MatchBudget(PER_REQUEST);
    }

    /** Pays for checking {@code url} against {@code scope}; false (nothing paid) when the budget cannot. */
    public boolean pay(String url, CrawlScope scope) {
        long cost = (long) url.length() * Math.max(1, scope.patternChars());
        if (cost > left) {
            left = 0;   // once refused, the rest of the request is refused too
            return false;
        }
        left -= cost;
        return true;
    }
}
