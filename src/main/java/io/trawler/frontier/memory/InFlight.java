package io.trawler.frontier.memory;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One in-memory crawl's leases in flight (lease member → deadline, and the worker that took each) and the workers that
 * lease (worker → when it last leased or heart-beat). Guarded by its crawl.
 */
final class InFlight {

    private final ScoredSet deadlines = new ScoredSet();
    private final Map<String, String> workers = new HashMap<>();
    private final ScoredSet owners = new ScoredSet();

    void add(String member, long deadline, String worker) {
        deadlines.put(member, deadline);
        workers.put(member, worker);
    }

    /** Takes a lease out; false when it is not in flight (it expired and went back, or was completed). */
    boolean remove(String member) {
        workers.remove(member);
        return deadlines.remove(member);
    }

    /** Up to {@code limit} leases whose deadline has passed. */
    List<String> expired(long now, int limit) {
        return deadlines.upTo(now, limit).stream().map(ScoredSet.Item::member).toList();
    }

    /** The leases of workers silent since {@code before} (at most 16 workers a call, forgotten as owners). */
    List<String> ofWorkersSilentSince(long before) {
        Set<String> gone = new HashSet<>();
        for (ScoredSet.Item w : owners.upTo(before, 16)) {
            gone.add(w.member());
            owners.remove(w.member());
        }
        if (gone.isEmpty()) {
            return List.of();
        }
        return deadlines.items().stream().map(ScoredSet.Item::member).filter(lm -> gone.contains(workers.get(lm))).toList();
    }

    /** The worker leases now: it is alive. */
    void seen(String worker, long now) {
        owners.put(worker, now);
    }

    /** A heartbeat: only a worker that leased is renewed ({@code now} 0: it is gone). */
    void renew(String worker, long now) {
        owners.update(worker, now);
    }

    /** Leases whose deadline has not passed. */
    long live(long now) {
        return deadlines.countAbove(now);
    }

    int size() {
        return deadlines.size();
    }

    boolean isEmpty() {
        return deadlines.isEmpty();
    }
}
