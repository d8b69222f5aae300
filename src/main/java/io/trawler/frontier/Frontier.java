package io.trawler.frontier;

import io.vertx.core.Future;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The crawl frontier in the crawler's own terms (as Heritrix's {@code Frontier} and URL Frontier's service): a crawl's
 * URLs from admission to completion — enqueue, lease, complete — with politeness, limits and finish detection
 * inside, plus the controls and counts the manager needs. Page records leave through the {@link PageRecordSource}
 * side. Every method is non-blocking. {@link Frontier} implements it on one Redis server or a Redis Cluster; key
 * names never leave this package.
 */
public interface Frontier extends PageRecordSource {

    /**
     * Bounds the frontier keeps for a crawl: attempts of a URL whose leases expire before it is abandoned, page
     * records the manager may leave unread before workers stop leasing (back-pressure; 0: none), and URLs of a host
     * queue kept ready in their sorted set, the rest held in compact form until the host drains to them (0: all ready;
     * a backend without such a form ignores it).
     */
    record Limits(int maxAttempts, int maxUnread, int queueHead) {
        public static final int QUEUE_HEAD = 1000;
        public static final Limits DEFAULTS = new Limits(3, 10_000, QUEUE_HEAD);

        public Limits(int maxAttempts, int maxUnread) {
            this(maxAttempts, maxUnread, QUEUE_HEAD);
        }
    }

    /** What a worker needs to serve a crawl: its spec (JSON, as the manager started it). */
    record Registration(String specJson) {
    }

    // ---- control (manager)

    /** Creates the crawl's frontier state (RUNNING) and registers it with the workers. */
    default Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson) {
        return create(crawlId, s, specJson, Limits.DEFAULTS);
    }

    /** As {@link #create(String, CrawlFrontierSettings, String)} with the given limits. */
    Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson, Limits limits);

    /** The crawls workers serve (registered and not deactivated). */
    Future<List<String>> activeCrawls();

    /** What a worker needs to serve the crawl; {@code null} when the crawl is gone. */
    Future<Registration> registration(String crawlId);

    /** Takes the crawl out of the workers' list (it ended). */
    Future<Void> deactivate(String crawlId);

    /** Sets RUNNING, PAUSED or STOPPED (callers never change a FINISHED crawl). */
    Future<Void> setState(String crawlId, FrontierState state);

    /**
     * Ends a crawl whose lanes are all drained (nothing queued, in flight or loading), once it is sure nothing moved in
     * between; returns the crawl's state after it.
     */
    Future<FrontierState> settle(String crawlId);

    /** Gives lanes to nodes (lane → node; {@code ""}: any node). */
    Future<Void> assignLanes(String crawlId, Map<Integer, String> nodes);

    /** The node serving each lane of the crawl ({@code ""}: any node). */
    Future<List<String>> laneNodes(String crawlId, int partitions);

    /**
     * Sets the weights (partial PageRank) of URLs and re-scores those still queued, in one atomic step per call;
     * returns how many queued URLs moved. Callers send batches of about a thousand.
     */
    Future<Integer> rescore(String crawlId, Map<String, Double> weights);

    /**
     * Queues known URLs of a running crawl again, fetched or not: scheduled revisits ({@code priority} −1) go
     * ahead of newly found URLs, recrawl requests (0 … 10, higher first) ahead of both, each host's politeness
     * unchanged. {@code urls} maps each URL to its lane. Returns how many were not queued already.
     */
    Future<Integer> revisit(String crawlId, int priority, Map<String, Integer> urls, long now);

    /** Returns expired leases to their queues; returns how many. */
    default Future<Integer> reclaim(String crawlId, long now, int limit) {
        return reclaim(crawlId, now, limit, 0);
    }

    /** Returns expired leases, and those of workers silent for longer than {@code timeoutMs}, to their queues. */
    Future<Integer> reclaim(String crawlId, long now, int limit, long timeoutMs);

    /** Deletes every trace of the crawl in the frontier. */
    Future<Void> delete(String crawlId);

    /** Forgets what this process cached of a crawl whose frontier state is gone. */
    void forget(String crawlId);

    // ---- the fetch loop (workers)

    /** Offers URLs; returns how many were admitted (never seen before and within the page limit). */
    default Future<Integer> enqueue(String crawlId, List<Discovery> links, long now) {
        return enqueue(crawlId, links, now, "");
    }

    /** Offers URLs and, in the same step, ends the side load {@code load} (see {@link #claimSitemaps}). */
    Future<Integer> enqueue(String crawlId, List<Discovery> links, long now, String load);

    /** Leases as a worker with no name, node or addresses: its leases come back only when their deadlines pass. */
    default Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now) {
        return lease(crawlId, partition, max, leaseMs, now, Leaser.ANONYMOUS);
    }

    /** As {@link #lease(String, int, int, long, long, Leaser, int)} for a node that serves one lane of the crawl. */
    default Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now, Leaser leaser) {
        return lease(crawlId, partition, max, leaseMs, now, leaser, 1);
    }

    /**
     * Leases up to {@code max} URLs of a partition whose hosts politeness allows now, for the given worker: nothing
     * when the lane is given to another node; the worker counts as alive from this call on. {@code nodeLanes}: how many
     * lanes of the crawl the worker's node serves (with politeness scope node in a crawl whose lanes are apart, each
     * of them waits that many times the delay, so that the node stays one polite client).
     */
    Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now, Leaser leaser, int nodeLanes);

    /**
     * Completes a lease: the page record, its links, its politeness outcome, in one step for the lease's lane; links
     * for other lanes are handed over first, so that a completion is never seen without them.
     */
    Future<CompletionResult> complete(Completion c, long now);

    /**
     * Tells the crawls that the worker is alive at {@code now} (its heartbeat), or with {@code now} 0 that it is gone
     * (a drained worker): its leases still in flight then go back to their queues at the next lease of any worker.
     */
    Future<Void> renew(String worker, Collection<String> crawlIds, long now);

    /**
     * Takes the host's sitemaps for this crawl: true for the first caller only, who must then finish
     * the side load {@code "sitemaps:" + host} with {@link #enqueue(String, List, long, String)}.
     * Until then (or until the deadline passes) the crawl does not count as finished.
     */
    Future<Boolean> claimSitemaps(String crawlId, String host, long now, long deadline);

    // ---- counts

    /** The crawl's counters, state and lane nodes. */
    Future<FrontierCounts> counts(String crawlId);

    /** URLs the crawl may still admit before its page limit ({@code Long.MAX_VALUE} without one). */
    Future<Long> remainingAdmissions(String crawlId);

    /**
     * Keeps a crawl's page limit and budget the crawl's when its frontier is split into shards (a shard's unused
     * allowance moves to shards with more to fetch); nothing for an unsharded crawl. Called by the manager about once a
     * second for each running crawl.
     */
    Future<Void> balanceLimits(String crawlId, long now);

    /** Leases of the crawl whose deadline has not passed: pages a worker may still complete. */
    Future<Long> liveLeases(String crawlId, long now);

    /** Page records reported and not yet released by the manager. */
    Future<Long> unread(String crawlId);

    /**
     * The hosts with the most queued URLs among the first {@code scan} ready hosts of each of the crawl's lanes
     * (a bounded look, whatever the crawl's size), largest queue first, at most {@code limit}.
     */
    Future<List<HostQueue>> busiestHosts(String crawlId, int partitions, int scan, int limit);

    /**
     * Every host with URLs waiting in the crawl's lanes, earliest allowed fetch first (the lanes merged), {@code limit}
     * of them from the {@code offset}-th, each with its queue size and the URL leased from it next.
     */
    Future<QueuedHosts> queuedHosts(String crawlId, int partitions, int offset, int limit);

    /** One host of the crawl (frontier inspection): its queue and next URLs per lane, and its politeness state. */
    default Future<HostDetail> host(String crawlId, int partitions, String host, int nextUrls) {
        return host(crawlId, partitions, host, 0, nextUrls);
    }

    /** As {@link #host(String, int, String, int)}, each lane's queued URLs from the {@code offset}-th on (paging). */
    Future<HostDetail> host(String crawlId, int partitions, String host, int offset, int nextUrls);

    /**
     * Takes queued URLs out of a running crawl: every URL of {@code host} (with {@code pattern} null), or those of
     * {@code host} whose URL the pattern accepts, or, with {@code host} null, every queued URL it accepts. The URLs
     * stay seen (no link brings them back). Returns how many were dropped.
     */
    Future<Long> drop(String crawlId, int partitions, String host, java.util.function.Predicate<String> pattern);
}
