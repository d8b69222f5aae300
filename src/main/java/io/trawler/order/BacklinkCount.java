package io.trawler.order;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Backlink count (seed 002 §3.3, SPEC §2.2): a URL's score is the number of distinct already-fetched pages
 * that link to it, updated as pages are fetched. A page fetched twice (a retry) counts once.
 */
public final class BacklinkCount {

    private final Map<String, Integer> counts = new HashMap<>();
    private final Set<String> fetched = new java.util.HashSet<>();

    /** Records the fetch of {@code page}; returns the URLs whose count changed. */
    public Set<String> fetched(String page, Iterable<String> outLinks) {
        Set<String> changed = new LinkedHashSet<>();
        if (!fetched.add(page)) {
            return changed;
        }
        for (String l : outLinks) {
            if (!l.equals(page) && changed.add(l)) {
                counts.merge(l, 1, Integer::sum);
            }
        }
        return changed;
    }

    public int count(String url) {
        return counts.getOrDefault(url, 0);
    }
}
