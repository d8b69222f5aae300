package io.trawler.frontier;

/**
 * What the frontier did with a completion: {@code stale} when the lease had expired, how many links it admitted, the
 * crawl state after it, and {@code linksTaken}: whether every shard the links went to was open to them (a shard that had
 * finished or stopped refuses links without marking them seen).
 */
public record CompletionResult(boolean stale, int admitted, FrontierState state, boolean linksTaken) {

    public CompletionResult(boolean stale, int admitted, FrontierState state) {
        this(stale, admitted, state, true);
    }

}
