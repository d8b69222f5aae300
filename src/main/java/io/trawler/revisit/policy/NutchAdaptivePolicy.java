package io.trawler.revisit.policy;

import io.trawler.refresh.NutchAdaptiveInterval;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.UpdatePolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Apache Nutch's AdaptiveFetchSchedule ({@link NutchAdaptiveInterval}, with Nutch's rates: 0.4 longer after a visit
 * that found the page unchanged, 0.2 shorter after one that found it changed), within the plan's bounds: a page's
 * first revisit comes after the plan's initial interval; each later one after the interval since the visit before
 * (Nutch keeps its interval per page; a visit comes at its due time or later, so this is that interval or a little
 * more), shrunk or grown by what the visit saw. A visit that observed nothing (a failed fetch) keeps the interval.
 */
@ApplicationScoped
public class NutchAdaptivePolicy implements UpdatePolicy {

    @Override
    public String name() {
        return "nutch-adaptive";
    }

    @Override
    public String summary() {
        return "shorter after a change, longer after none";
    }

    @Override
    public int rank() {
        return 3;
    }

    @Override
    public PageScheduler schedulerFor(String siteId, RefreshPlan plan, List<String> urls) {
        double min = plan.minIntervalMs / 1000.0;
        double max = plan.maxIntervalMs / 1000.0;
        double initial = Math.max(min, Math.min(max, plan.initialIntervalMs / 1000.0));
        NutchAdaptiveInterval rule = new NutchAdaptiveInterval(NutchAdaptiveInterval.DEFAULTS.incRate(),
                NutchAdaptiveInterval.DEFAULTS.decRate(), min, max, initial);
        return (url, h, r, o, first) -> {
            double seconds = o == null ? initial : rule.next(o.intervalMs() / 1000.0, o.changed());
            return h.lastFetch() + Math.round(seconds * 1000);
        };
    }
}
