package io.trawler.refresh;

/**
 * The poisson policy's per-page decision: when a page is next due, from its history. A page visited once (no
 * interval observed yet) comes back after {@code initialIntervalMs}; after that, when the probability that it
 * has changed, 1 − e^{−λt}, reaches the target for its estimated rate λ, within the target's bounds.
 */
public record RevisitSchedule(RevisitTarget target, long initialIntervalMs) {

    /** The time (epoch ms) the page is next due, by its own history's rate estimate. */
    public long nextDue(PageHistory h) {
        return nextDue(h, h.ratePerSecond());
    }

    /**
     * The time (epoch ms) the page is next due for a rate estimated elsewhere (per second; under the site's prior,
     * {@link SiteRatePrior#estimatePerSecond}); a page with no observed interval comes back after the initial one.
     */
    public long nextDue(PageHistory h, double ratePerSecond) {
        long interval = h.observed() == 0 || Double.isNaN(ratePerSecond) ? initialIntervalMs : Math.round(target.interval(ratePerSecond / 1000.0));
        return h.lastFetch() + interval;
    }
}
