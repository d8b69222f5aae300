package io.trawler.redis;

import io.vertx.core.Future;
import java.util.concurrent.TimeUnit;

/** Waits for a frontier (Redis) call from a thread that may block: the manager's and the worker loop's. */
public final class Await {

    private static final long TIMEOUT_SECONDS = 30;

    private Await() {
    }

    /** The call's result; a {@link StoreUnavailableException} when Redis is out of reach or took over
     * 30 s, else an IllegalStateException naming the failure. */
    public static <T> T result(Future<T> f) {
        try {
            return f.toCompletionStage().toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new StoreUnavailableException("frontier (Redis) did not answer within " + TIMEOUT_SECONDS + " s", e);
        } catch (Exception e) {
            Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
            if (StoreUnavailableException.isConnectionFailure(cause)) {
                throw new StoreUnavailableException("frontier (Redis) unavailable: " + cause.getMessage(), cause);
            }
            throw new IllegalStateException("frontier (Redis) call failed: " + cause.getMessage(), cause);
        }
    }
}
