package io.trawler.partition;

import java.util.Map;

/**
 * Which lane of a partitioned crawl a discovered URL goes to (SPEC §3 crawl model): a URL of another
 * lane's key path is dropped by an independent lane and forwarded to its owner by a coordinated one;
 * any other URL stays in the lane that found it.
 */
public final class LaneRouting {

    /** The lane index for "drop this URL". */
    public static final int DROP = -1;

    private final Map<String, Integer> owners;
    private final CrawlMode mode;
    private final int lanes;

    public LaneRouting(Map<String, Integer> owners, CrawlMode mode, int lanes) {
        this.owners = owners;
        this.mode = mode;
        this.lanes = lanes;
    }

    public static LaneRouting single() {
        return new LaneRouting(Map.of(), CrawlMode.INDEPENDENT, 1);
    }

    /** The lane for {@code url} found by lane {@code from}, or {@link #DROP}. */
    public int route(String url, int from) {
        if (lanes == 1 || owners.isEmpty()) {
            return from;
        }
        Integer owner = owners.get(UrlPath.of(url));
        if (owner == null || owner == from) {
            return from;
        }
        return mode == CrawlMode.COORDINATED ? owner : DROP;
    }

    /** The lane that owns {@code url}'s key path; lane 0 for a path no lane owns (and in a one-lane crawl). */
    public int owner(String url) {
        if (lanes == 1 || owners.isEmpty()) {
            return 0;
        }
        Integer owner = owners.get(UrlPath.of(url));
        return owner == null ? 0 : owner;
    }
}
