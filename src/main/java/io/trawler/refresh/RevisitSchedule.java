package io.trawler.refresh;

/**
 * The poisson policy's per-page decision: when a page is next due, from its history. A page visited once (no
 * interval observed yet) comes back after {@code initialIntervalMs}; after that, when the probability that it
 * has changed, 1 − e^{−λt}, reaches the target for its estimated rate λ, within the target's bounds.
 */
public record RevisitSchedule(RevisitTarget target, long initialIntervalMs) {

    /** The time (epoch ms) the page is next due. */
    public long nextDue(PageHistory h) {
        double rate = h.ratePerSecond();
        long interval = Double.isNaN(rate) ? initialIntervalMs : Math.round(target.interval(rate / 1000.0));
        return h.lastFetch() + interval;
    }
}
