package io.trawler.worker;

import java.util.HashMap;
import java.util.Map;

/**
 * A node's own spacing of fetches per (source address, host), for a sharded crawl whose politeness is each node's and
 * of which this node serves several lanes. Each lane keeps the node's politeness in its own frontier shard, waiting k
 * times the delay when the node serves k lanes, so that the node's rate over all of them is one polite client's; but
 * the lanes' turns can fall together, k fetches at once and then none. Spacing the fetches by the delay as they leave
 * the node keeps the rate and takes out the bursts (a site's per-address limiter counts the burst). Thread-safe.
 */
final class ClientSpacing {

    /** Entries whose time has passed are dropped once there are this many. */
    private static final int PRUNE_AT = 4096;

    private final Map<String, Long> next = new HashMap<>();

    /**
     * Reserves the next fetch of {@code host} from {@code client}: how long to wait from {@code now} before it starts
     * (0: at once); the fetch after it may start {@code delayMs} later.
     */
    synchronized long reserve(String client, String host, long delayMs, long now) {
        if (delayMs <= 0) {
            return 0;
        }
        if (next.size() >= PRUNE_AT) {
            next.values().removeIf(t -> t <= now);
        }
        String key = client + "|" + host;
        long at = Math.max(now, next.getOrDefault(key, 0L));
        next.put(key, at + delayMs);
        return at - now;
    }
}
