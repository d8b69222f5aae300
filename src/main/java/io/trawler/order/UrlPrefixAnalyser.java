package io.trawler.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The URL analyser of seed 003 over one queue of fetched URLs (queue 2, relevant, or queue 3, irrelevant):
 * the maximal "/"-terminated prefixes that at least f of the queue's URLs share. A URL's prefixes run from
 * {@code scheme://host/} to its last "/" before any query ({@code http://t.sohu.com/p/m/484111946} has
 * {@code http://t.sohu.com/}, {@code …/p/} and {@code …/p/m/}); a frequent prefix is maximal when no
 * longer frequent prefix extends it. Counts are kept incrementally (each prefix's count, and per prefix
 * how many of its one-segment extensions are frequent), so adding a URL and matching one cost a few map
 * lookups per path segment — the frontier's Lua script keeps the same counts in Redis.
 */
public final class UrlPrefixAnalyser {

    private final int minCount;
    private final Map<String, Integer> counts = new HashMap<>();
    private final Map<String, Integer> frequentChildren = new HashMap<>();

    public UrlPrefixAnalyser(int minCount) {
        this.minCount = minCount;
    }

    /** The "/"-terminated prefixes of a URL, shortest first. */
    public static List<String> prefixes(String url) {
        List<String> out = new ArrayList<>(4);
        int scheme = url.indexOf("://");
        int from = scheme < 0 ? 0 : scheme + 3;
        int end = pathEnd(url, from);
        int slash = url.indexOf('/', from);
        if (slash < 0 || slash >= end) {
            out.add(url.substring(0, end) + "/");
            return out;
        }
        while (slash >= 0 && slash < end) {
            out.add(url.substring(0, slash + 1));
            slash = url.indexOf('/', slash + 1);
        }
        return out;
    }

    /** Where a URL's path ends, looking from {@code from}: its query's or fragment's start, else its length. */
    static int pathEnd(String url, int from) {
        for (int i = from; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c == '?' || c == '#') {
                return i;
            }
        }
        return url.length();
    }

    /** Adds a URL of the queue. */
    public void add(String url) {
        List<String> ps = prefixes(url);
        for (int i = 0; i < ps.size(); i++) {
            int n = counts.merge(ps.get(i), 1, Integer::sum);
            if (n == minCount && i > 0) {
                frequentChildren.merge(ps.get(i - 1), 1, Integer::sum);
            }
        }
    }

    /** Whether a prefix is one of the maximal frequent ones. */
    public boolean isMaximal(String prefix) {
        return counts.getOrDefault(prefix, 0) >= minCount && frequentChildren.getOrDefault(prefix, 0) == 0;
    }

    /** The maximal frequent prefix a URL starts with, if any (there is at most one). */
    public Optional<String> match(String url) {
        for (String p : prefixes(url)) {
            if (isMaximal(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every maximal frequent prefix (S for queue 2, M for queue 3). */
    public Set<String> maximalPrefixes() {
        Set<String> out = new TreeSet<>();
        counts.keySet().stream().filter(this::isMaximal).forEach(out::add);
        return out;
    }

    /**
     * The T&amp;L multiplier of a link: a when it matches S, b when it matches U = M − S, else 1. When it matches
     * both (a short prefix of S and a longer one of U, or the reverse), the longer, more specific prefix decides.
     */
    public static double multiplier(String url, UrlPrefixAnalyser relevant, UrlPrefixAnalyser irrelevant, FocusSettings s) {
        Optional<String> inS = relevant.match(url);
        Optional<String> inU = irrelevant.match(url).filter(m -> !relevant.isMaximal(m));
        if (inS.isPresent() && (inU.isEmpty() || inS.get().length() >= inU.get().length())) {
            return s.relevantBoost();
        }
        return inU.isPresent() ? s.irrelevantDamp() : 1;
    }
}
