package io.trawler.fetch;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Bounds the decoded body bytes held by all fetches in flight together ({@code trawler.fetch.max-bytes-in-flight}).
 * Past the limit, bodies wait (their connections are paused, so TCP holds the servers back) until fetches end and
 * give their bytes back; the fetch timeouts still apply while they wait. So that waiting bodies can never hold the
 * budget among themselves for ever, one of them at a time (the first to find it exhausted) may go on past the limit
 * to its own cap: some fetch always progresses, and the bytes held never exceed the limit plus one body cap (plus,
 * at most, one decoder chunk per event loop, for bodies that asked for room at the same moment).
 */
final class ByteBudget {

    private final long limit;
    private final AtomicLong used = new AtomicLong();
    private final AtomicReference<Object> overdraft = new AtomicReference<>();
    private final ConcurrentLinkedQueue<Runnable> waiters = new ConcurrentLinkedQueue<>();

    ByteBudget(long limit) {
        this.limit = limit;
    }

    void take(long n) {
        used.addAndGet(n);
    }

    /** Gives back what {@code holder} held; it may no longer go past the limit. */
    void release(Object holder, long n) {
        boolean wasOverdraft = overdraft.compareAndSet(holder, null);
        long now = used.addAndGet(-n);
        if (wasOverdraft || now < limit) {
            wake();
        }
    }

    /**
     * Bytes {@code holder} may take now: what is left under the limit, or without bound (up to its own cap) when it is,
     * or becomes, the one body allowed past the limit; 0: wait ({@link #whenAvailable}).
     */
    long room(Object holder) {
        if (overdraft.get() == holder) {
            return Long.MAX_VALUE;
        }
        long free = limit - used.get();
        if (free > 0) {
            return free;
        }
        return overdraft.compareAndSet(null, holder) ? Long.MAX_VALUE : 0;
    }

    long used() {
        return used.get();
    }

    /** Runs {@code r} (once) as soon as a holder might take more, at once if it might now. */
    void whenAvailable(Runnable r) {
        waiters.add(r);
        if (open()) {
            wake();
        }
    }

    private boolean open() {
        return used.get() < limit || overdraft.get() == null;
    }

    private void wake() {
        Runnable r;
        while (open() && (r = waiters.poll()) != null) {
            r.run();
        }
    }
}
