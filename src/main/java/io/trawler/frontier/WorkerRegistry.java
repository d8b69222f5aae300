package io.trawler.frontier;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Which workers are alive, in the crawler's terms: each worker reports its heartbeat with its load, node and source
 * addresses; the manager lists them (dashboard) and places lanes on the live nodes. A worker silent for longer than
 * the node timeout is not live (its leases are taken back and its node's lanes move). {@link RedisWorkerRegistry}
 * keeps it in Redis beside the frontier.
 */
public interface WorkerRegistry {

    /** What a worker reports with its heartbeat. */
    record Load(long inFlight, int concurrency, long pages, int crawls, String node, List<String> addresses) {
        public Load {
            addresses = List.copyOf(addresses);
        }
    }

    /** One worker: its last heartbeat, node, source addresses and load; stale when silent beyond the node timeout. */
    record Worker(String name, String node, List<String> addresses, Instant lastSeen, long inFlight, int concurrency, long pages,
            int crawls, boolean stale) {
        public long secondsAgo() {
            return Math.max(0, Duration.between(lastSeen, Instant.now()).toSeconds());
        }
    }

    /**
     * Records the worker's heartbeat at {@code now} (epoch ms); returns at once (an outage must not stall fetching),
     * the future completing once it is stored.
     */
    Future<Void> report(String worker, Load load, long now);

    /** Every worker heard from in the last day (the 100 heard from last), live or silent; empty when the store does not answer. */
    List<Worker> list();

    /**
     * The live nodes, each with its live workers, by name: every worker heard from within the node timeout, however
     * many others were heard from earlier in the day. Empty when the store does not answer (lanes stay where they are).
     */
    Map<String, List<Worker>> liveNodes();

    /**
     * The source addresses the live workers of a node fetch from (empty: the system's, or the node is not live), from a
     * reading at most a second old (views of many crawls ask for it).
     */
    List<String> addressesOf(String node);
}
