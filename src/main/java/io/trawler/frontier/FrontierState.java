package io.trawler.frontier;

/**
 * A crawl's state as the frontier keeps it. {@link #DRAINED} is a shard of a sharded crawl with nothing left (the crawl
 * finishes once every shard is, {@link Frontier#settle}); {@link #UNKNOWN} a crawl the frontier does not hold (not yet
 * created, or deleted).
 */
public enum FrontierState {
    RUNNING, PAUSED, STOPPED, FINISHED, DRAINED, UNKNOWN;

    /** The state a backend stored by name; {@link #UNKNOWN} for none or any other name. */
    public static FrontierState parse(String name) {
        if (name == null) {
            return UNKNOWN;
        }
        try {
            return valueOf(name);
        } catch (IllegalArgumentException e) {
            return UNKNOWN;
        }
    }

    /** Whether a crawl (or shard) in this state refuses the links it is given (it has ended). */
    public boolean refusesLinks() {
        return this == FINISHED || this == STOPPED;
    }

    /** Running or paused: workers may still lease from it. */
    public boolean active() {
        return this == RUNNING || this == PAUSED;
    }
}
