package io.trawler.frontier;

import io.vertx.core.Future;
import java.util.concurrent.TimeUnit;

/** Waits for a frontier (Redis) call from a thread that may block: the manager's and the worker loop's. */
public final class Await {

    private static final long TIMEOUT_SECONDS = 30;

    private Await() {
    }

    /** The call's result; an IllegalStateException naming the failure if it failed or took over 30 s. */
    public static <T> T result(Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException("frontier (Redis) call failed: " + e.getMessage(), e);
        }
    }
}
