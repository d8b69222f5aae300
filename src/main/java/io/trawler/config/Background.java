package io.trawler.config;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** A named daemon thread that runs a task at a fixed delay: the manager's background loops (search, schedules). */
public final class Background {

    private Background() {
    }

    /** Starts {@code task} every {@code delay} (first after one delay) on a daemon thread of that name and priority. */
    public static ScheduledExecutorService every(String threadName, int priority, Duration delay, Runnable task) {
        ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            t.setPriority(priority);
            return t;
        });
        long ms = delay.toMillis();
        thread.scheduleWithFixedDelay(task, ms, ms, TimeUnit.MILLISECONDS);
        return thread;
    }
}
