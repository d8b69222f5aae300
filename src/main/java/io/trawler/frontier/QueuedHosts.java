package io.trawler.frontier;

import java.util.List;

/**
 * A page of every host with URLs waiting in a running crawl (frontier inspection across hosts), in the order the
 * lanes lease from them: earliest allowed fetch first.
 *
 * @param total hosts waiting in all lanes (a host waiting in two lanes counts twice)
 * @param hosts the page asked for
 */
public record QueuedHosts(long total, List<Entry> hosts) {

    /**
     * A host waiting in one lane: its queued URLs, the earliest time it may be fetched from (epoch ms) and the URL the
     * lane leases from it next.
     */
    public record Entry(String host, int partition, long queued, long nextFetchAt, String nextUrl) {
    }
}
