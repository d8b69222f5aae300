package io.trawler.revisit.policy;

import io.trawler.refresh.ChangeImpact;
import io.trawler.refresh.SiteRatePrior;
import io.trawler.refresh.UserExperienceSchedule;
import io.trawler.revisit.PageVersions;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.RefreshStore;
import io.trawler.revisit.SiteRatePriors;
import io.trawler.revisit.UpdatePolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * User experience (seed 003): for pages that appeared in search results the last K versions of their main text are
 * kept, each change's impact on their queries is measured against the version before, and the next visit comes sooner
 * the more the page is viewed and the more its changes matter.
 */
@ApplicationScoped
public class UserExperiencePolicy implements UpdatePolicy {

    private final RefreshStore store;
    private final PageVersions versions;
    private final SiteRatePriors priors;

    public UserExperiencePolicy(RefreshStore store, PageVersions versions, SiteRatePriors priors) {
        this.store = store;
        this.versions = versions;
        this.priors = priors;
    }

    @Override
    public String name() {
        return "user-experience";
    }

    @Override
    public String summary() {
        return "views and change impact";
    }

    @Override
    public int rank() {
        return 1;
    }

    @Override
    public boolean readsUsage() {
        return true;
    }

    @Override
    public PageScheduler schedulerFor(String siteId, RefreshPlan plan, List<String> urls) {
        List<RefreshStore.Usage> usage = store.usage(siteId, urls);
        Map<String, RefreshStore.Usage> usageOf = new HashMap<>();
        for (int i = 0; i < urls.size(); i++) {
            usageOf.put(urls.get(i), usage.get(i));
        }
        RefreshStore.UsageMeans means = store.usageMeans(siteId);
        UserExperienceSchedule ue = new UserExperienceSchedule(plan.schedule());
        SiteRatePrior prior = priors.of(siteId);
        return (url, h, r, o, first) -> {
            RefreshStore.Usage u = usageOf.get(url);
            String text = r.mainText();
            if (text != null && !u.queries().isEmpty()) {
                String previous = versions.latest(siteId, url);
                if (first || o == null || o.changed() || previous == null) {
                    if (o != null && o.changed() && previous != null) {
                        store.addImpact(siteId, url, plan.versions - 1, ChangeImpact.of(u.queries(), previous, text));
                    }
                    versions.add(siteId, url, h.lastFetch(), text, plan.versions);
                }
            }
            return ue.nextDue(h, prior.estimatePerSecond(h), u.weight(), means.weight(), u.impact(), means.impact());
        };
    }
}
