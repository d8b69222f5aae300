package io.trawler.frontier;

/** What the frontier did with a completion: {@code stale} when the lease had expired, how many links it admitted, the crawl state after it. */
public record CompletionResult(boolean stale, int admitted, String state) {
}
