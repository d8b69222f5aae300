package io.trawler.revisit.policy;

import io.trawler.refresh.RevisitSchedule;
import io.trawler.revisit.ClusterModels;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.UpdatePolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Cluster sampling (seed 002): a page in its cluster's sample keeps its visits and is scheduled by its own rate; any
 * other page keeps only its validators and fingerprint and is scheduled by its cluster's rate (a page the model has not
 * seen goes to the cluster nearest its features). Before the site has a model (no page in the database yet) every page
 * is scheduled by its own history.
 */
@ApplicationScoped
public class ClusterSamplingPolicy implements UpdatePolicy {

    private final ClusterModels clusters;

    public ClusterSamplingPolicy(ClusterModels clusters) {
        this.clusters = clusters;
    }

    @Override
    public String name() {
        return "cluster-sampling";
    }

    @Override
    public String summary() {
        return "rates from samples";
    }

    @Override
    public int rank() {
        return 2;
    }

    @Override
    public PageScheduler schedulerFor(String siteId, RefreshPlan plan, List<String> urls) {
        ClusterModels.Model model = clusters.forSite(siteId);
        RevisitSchedule schedule = plan.schedule();
        return (url, h, r, o, first) -> {
            if (model == null || model.sampled(url)) {
                return schedule.nextDue(h);   // the seed's policy: a sample by its own visits
            }
            h.clearWindow();   // history only for the samples
            double rate = model.rate(model.clusterOf(url, r.depth(), r.contentType(), r.bytes() == null ? 0 : r.bytes()));
            return h.lastFetch() + (Double.isNaN(rate) ? schedule.initialIntervalMs() : Math.round(schedule.target().interval(rate / 1000.0)));
        };
    }
}
