package io.trawler.hashing;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Seen-URL matching in two levels (seed 004 §4): a table indexed by the site hash of the host, each
 * entry a table indexed by the path hash of the URL, each bucket holding the exact URLs that confirm a
 * match. A miss at the first level also says the site is new.
 */
public final class TwoLevelSeenSet {

    private final Map<Integer, Map<Integer, Set<String>>> sites = new HashMap<>();
    private int size;

    /** Adds a normalised URL with its host; true when it was not there yet. */
    public boolean add(String host, String url) {
        Set<String> bucket = sites.computeIfAbsent(SiteHash.of(host), k -> new HashMap<>())
                .computeIfAbsent(PathHash.of(url), k -> new HashSet<>(2));
        boolean added = bucket.add(url);
        if (added) {
            size++;
        }
        return added;
    }

    public boolean contains(String host, String url) {
        Map<Integer, Set<String>> paths = sites.get(SiteHash.of(host));
        if (paths == null) {
            return false;
        }
        Set<String> bucket = paths.get(PathHash.of(url));
        return bucket != null && bucket.contains(url);
    }

    /** Whether any URL of a host with this site hash was seen (a miss means a new site). */
    public boolean knowsSite(String host) {
        return sites.containsKey(SiteHash.of(host));
    }

    public int size() {
        return size;
    }

    public int siteBuckets() {
        return sites.size();
    }
}
