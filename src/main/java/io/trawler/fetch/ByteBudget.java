package io.trawler.fetch;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the decoded body bytes held by all fetches in flight together ({@code trawler.fetch.max-bytes-in-flight}).
 * A body that would take more waits (its connection is paused, so the server's sending is held back by TCP) until
 * other fetches end and give their bytes back; the fetch timeouts still apply while it waits.
 */
final class ByteBudget {

    private final long limit;
    private final AtomicLong used = new AtomicLong();
    private final ConcurrentLinkedQueue<Runnable> waiters = new ConcurrentLinkedQueue<>();

    ByteBudget(long limit) {
        this.limit = limit;
    }

    void take(long n) {
        used.addAndGet(n);
    }

    void release(long n) {
        if (n != 0 && used.addAndGet(-n) < limit) {
            wake();
        }
    }

    boolean exhausted() {
        return used.get() >= limit;
    }

    long used() {
        return used.get();
    }

    /** Runs {@code r} (once) as soon as the budget has room, at once if it has. */
    void whenAvailable(Runnable r) {
        waiters.add(r);
        if (!exhausted()) {
            wake();
        }
    }

    private void wake() {
        Runnable r;
        while (!exhausted() && (r = waiters.poll()) != null) {
            r.run();
        }
    }
}
