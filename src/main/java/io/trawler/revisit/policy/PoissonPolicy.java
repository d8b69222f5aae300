package io.trawler.revisit.policy;

import io.trawler.refresh.RevisitSchedule;
import io.trawler.refresh.SiteRatePrior;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.SiteRatePriors;
import io.trawler.revisit.UpdatePolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Poisson (seed 001): each page's change rate estimated from its visits under the site's prior, and the page revisited
 * when the probability that it changed since reaches the plan's target.
 */
@ApplicationScoped
public class PoissonPolicy implements UpdatePolicy {

    private final SiteRatePriors priors;

    public PoissonPolicy(SiteRatePriors priors) {
        this.priors = priors;
    }

    @Override
    public String name() {
        return "poisson";
    }

    @Override
    public String summary() {
        return "estimated change rates";
    }

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public PageScheduler schedulerFor(String siteId, RefreshPlan plan, List<String> urls) {
        RevisitSchedule schedule = plan.schedule();
        SiteRatePrior prior = priors.of(siteId);
        return (url, h, r, o, first) -> schedule.nextDue(h, prior.estimatePerSecond(h));
    }
}
