package io.trawler.partition;

import io.trawler.hashing.PathHash;
import java.util.Map;

/**
 * Which lane of a partitioned crawl a discovered URL goes to (SPEC §3 crawl model): a URL of another
 * lane's key path is dropped by an independent lane and forwarded to its owner by a coordinated one.
 * Independent lanes keep a URL of nobody's key path (they share such pages); coordinated lanes give it to the lane its
 * path hash names (PathHash mod N, seed 004's assignment), so that every URL has exactly one owner lane, whose seen
 * set and queue hold it together (which lets a sharded frontier admit it atomically in that lane's shard). A URL's key
 * path is its group under the plan ({@link PathGroups}: first-level directories, deeper where the planner split one); a
 * group the plan spreads by path hash belongs, URL by URL, to the lane its path hash names, in either mode.
 */
public final class LaneRouting {

    /** The lane index for "drop this URL". */
    public static final int DROP = -1;

    private final Map<String, Integer> owners;
    private final PathGroups.Lookup groups;
    private final CrawlMode mode;
    private final int lanes;

    public LaneRouting(Map<String, Integer> owners, PathGroups groups, CrawlMode mode, int lanes) {
        this.owners = owners;
        this.groups = (groups == null ? PathGroups.NONE : groups).lookup();
        this.mode = mode;
        this.lanes = lanes;
    }

    public LaneRouting(Map<String, Integer> owners, CrawlMode mode, int lanes) {
        this(owners, PathGroups.NONE, mode, lanes);
    }

    public static LaneRouting single() {
        return new LaneRouting(Map.of(), CrawlMode.INDEPENDENT, 1);
    }

    /** The lane for {@code url} found by lane {@code from}, or {@link #DROP}. */
    public int route(String url, int from) {
        if (lanes == 1) {
            return from;
        }
        if (mode == CrawlMode.COORDINATED) {
            return owner(url);
        }
        String group = groups.group(url);
        Integer owner = groups.hashed(group) ? (Integer) hashLane(url) : owners.get(group);
        return owner == null || owner == from ? from : DROP;
    }

    /**
     * The lane that owns {@code url}: its key path's lane; for a URL of a hashed group, and in coordinated mode of
     * nobody's key path, the lane its path hash names; in independent mode lane 0 (any lane may fetch it); 0 in a
     * one-lane crawl.
     */
    public int owner(String url) {
        if (lanes == 1) {
            return 0;
        }
        String group = groups.group(url);
        Integer owner = owners.get(group);
        if (owner != null) {
            return owner;
        }
        return mode == CrawlMode.COORDINATED || groups.hashed(group) ? hashLane(url) : 0;
    }

    private int hashLane(String url) {
        return PathHash.of(url) % lanes;
    }
}
