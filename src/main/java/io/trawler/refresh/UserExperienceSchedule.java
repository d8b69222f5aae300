package io.trawler.refresh;

/**
 * The user-experience policy's per-page decision: the poisson interval (the probability of a change since the
 * last visit reaches the target) shortened for pages that matter to searchers — by 1 + u, where u is the page's
 * view weight (from the search teams' signals: impressions at rank r count 1/r, clicks count 1) relative to the
 * site's mean, times the measured impact of its past changes relative to the site's mean impact. A page nobody
 * saw in results is scheduled as by the poisson policy; a page shown high whose changes move its relevance is
 * revisited sooner, down to the minimum interval.
 */
public record UserExperienceSchedule(RevisitSchedule poisson) {

    /** Impact assumed for a page none of whose changes could be measured yet. */
    public static final double UNMEASURED_IMPACT = 0.5;

    /**
     * The time (epoch ms) the page is next due.
     *
     * @param weight     the page's view weight (0 without signals)
     * @param meanWeight the site's mean view weight over pages with signals
     * @param impact     the page's mean measured impact of a change (NaN: none measured)
     * @param meanImpact the site's mean impact (NaN: none measured)
     */
    public long nextDue(PageHistory h, double weight, double meanWeight, double impact, double meanImpact) {
        return nextDue(h, h.ratePerSecond(), weight, meanWeight, impact, meanImpact);
    }

    /** As {@link #nextDue(PageHistory, double, double, double, double)} with the page's rate estimated elsewhere (per second). */
    public long nextDue(PageHistory h, double ratePerSecond, double weight, double meanWeight, double impact, double meanImpact) {
        long base = poisson.nextDue(h, ratePerSecond);
        if (!(weight > 0 && meanWeight > 0)) {
            return base;
        }
        double m = Double.isNaN(impact) ? UNMEASURED_IMPACT : impact;
        double mm = Double.isNaN(meanImpact) || meanImpact <= 0 ? UNMEASURED_IMPACT : meanImpact;
        double u = weight / meanWeight * m / mm;
        long interval = base - h.lastFetch();
        long shortened = Math.max((long) poisson.target().minInterval(), Math.round(interval / (1 + u)));
        return h.lastFetch() + Math.min(interval, shortened);
    }
}
