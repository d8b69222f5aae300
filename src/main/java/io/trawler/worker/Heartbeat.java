package io.trawler.worker;

import io.trawler.frontier.Frontier;
import io.trawler.frontier.WorkerRegistry;
import java.util.Collection;
import java.util.List;

/**
 * A worker's heartbeat: its load, node and source addresses go to the {@link WorkerRegistry}, and the crawls it
 * serves are told it is alive ({@link Frontier#renew}), so that its leases come back soon after it stops. Sent from
 * the worker loop every interval, without waiting for the answer (a Redis outage must not stall fetching).
 */
public final class Heartbeat {

    private final WorkerRegistry registry;
    private final Frontier frontier;
    private final String worker;
    private final String node;
    private final List<String> addresses;
    private final long intervalMs;
    private long next;

    public Heartbeat(WorkerRegistry registry, Frontier frontier, String worker, String node, List<String> addresses, long intervalMs) {
        this.registry = registry;
        this.frontier = frontier;
        this.worker = worker;
        this.node = node;
        this.addresses = List.copyOf(addresses);
        this.intervalMs = intervalMs;
    }

    /** Reports when the interval has passed since the last report. */
    public void maybeSend(long now, long inFlight, int concurrency, long pages, Collection<String> crawls) {
        if (now < next) {
            return;
        }
        next = now + intervalMs;
        registry.report(worker, new WorkerRegistry.Load(inFlight, concurrency, pages, crawls.size(), node, addresses), now);
        frontier.renew(worker, crawls, now);
    }
}
