package io.trawler.order;

import java.util.Locale;

/**
 * The Tianwang directory-depth weight of seed 001 (SPEC §2.6): 10 − directory depth − count("?") −
 * count("&") − 2 × occurrences of "search", "proxy" or "gate" in the URL, floored at 0.
 */
public final class TianwangWeight {

    public static final int MAX = 10;

    private TianwangWeight() {
    }

    public static int of(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        int w = MAX - DirectoryDepth.of(url) - count(u, "?") - count(u, "&")
                - 2 * (count(u, "search") + count(u, "proxy") + count(u, "gate"));
        return Math.max(0, w);
    }

    static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + needle.length())) {
            n++;
        }
        return n;
    }
}
