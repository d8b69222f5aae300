package io.trawler.revisit;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.crawl.PagesIngested;
import io.trawler.frontier.PageRecord;
import io.trawler.refresh.ChangeImpact;
import io.trawler.refresh.PageHistory;
import io.trawler.refresh.UserExperienceSchedule;
import io.trawler.refresh.RevisitSchedule;
import io.trawler.refresh.SiteRatePrior;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps every fetched page's history: for each page record the manager ingests it adds the visit to the page's
 * {@link PageHistory} (changed or not, by the fingerprint of its main text or a 304) and, when the site has a
 * refresh plan, schedules the page's next visit in the site's due-time set by that plan.
 */
@ApplicationScoped
public class RefreshRecorder {

    private static final long PLAN_TTL_MS = 2000;

    private final RefreshStore store;
    private final PageVersions versions;
    private final ClusterModels clusters;
    private final SiteRatePriors priors;
    private final Counter visits;
    private final Counter changes;
    private final Map<String, CachedPlan> plans = new ConcurrentHashMap<>();

    /** A site's refresh plan (null without one) and page limit, as read at {@code readAt}. */
    private record CachedPlan(RefreshPlan plan, long maxPages, long readAt) {
    }

    public RefreshRecorder(RefreshStore store, PageVersions versions, ClusterModels clusters, SiteRatePriors priors, MeterRegistry metrics) {
        this.store = store;
        this.priors = priors;
        this.clusters = clusters;
        this.versions = versions;
        this.visits = metrics.counter("trawler.refresh.visits", "result", "observed");
        this.changes = metrics.counter("trawler.refresh.visits", "result", "changed");
    }

    void onIngested(@Observes PagesIngested batch) {
        if (batch.siteId() == null || batch.siteId().isEmpty()) {
            return;
        }
        CachedPlan cached = plan(batch.siteId());
        RefreshPlan plan = cached.plan();
        if (plan != null && plan.userExperience()) {
            recordWithUsage(batch.siteId(), plan, cached.maxPages(), batch.records());
        } else if (plan != null && plan.clusterSampling()) {
            recordWithClusters(batch.siteId(), plan, cached.maxPages(), batch.records());
        } else {
            record(batch.siteId(), cached.maxPages(), batch.records(), Optional.ofNullable(plan).map(RefreshPlan::schedule));
        }
    }

    /** A policy's decision for one fetched page: its next due time (null: keep its schedule). */
    @FunctionalInterface
    private interface Decision {
        Long due(String url, PageHistory h, PageRecord record, PageHistory.Observation o, boolean first);
    }

    /** Adds each record's fetch to its page's history, asks the policy when the page is next due, stores both. */
    private void recordWith(String siteId, long maxPages, List<PageRecord> records, Decision decision) {
        List<String> urls = distinctUrls(records);
        if (urls.isEmpty()) {
            return;
        }
        Map<String, PageHistory> histories = new LinkedHashMap<>();
        List<PageHistory> stored = store.histories(siteId, urls);
        for (int i = 0; i < urls.size(); i++) {
            histories.put(urls.get(i), stored.get(i));
        }
        Map<String, Long> due = new LinkedHashMap<>();
        for (PageRecord r : records) {
            String url = r.url();
            PageHistory h = histories.get(url);
            if (h == null) {
                continue;
            }
            boolean first = h.lastFetch() == 0;
            PageHistory.Observation o = observe(h, r);
            if (h.lastFetch() > 0) {
                Long next = decision.due(url, h, r, o, first);
                if (next != null) {
                    due.put(url, next);
                }
            }
        }
        histories.values().removeIf(h -> h.lastFetch() == 0);
        store.save(siteId, maxPages, histories, due);
    }

    /**
     * Adds the records' fetches to their pages' histories and schedules their next visits (with a schedule), each
     * page's change rate estimated under the site's prior.
     */
    public void record(String siteId, long maxPages, List<PageRecord> records, Optional<RevisitSchedule> schedule) {
        if (schedule.isEmpty()) {
            recordWith(siteId, maxPages, records, (url, h, r, o, first) -> null);
            return;
        }
        SiteRatePrior prior = priors.of(siteId);
        recordWith(siteId, maxPages, records, (url, h, r, o, first) -> schedule.get().nextDue(h, prior.estimatePerSecond(h)));
    }

    /**
     * The user-experience policy: as {@link #record}, and for pages that appeared in search results, the last K
     * versions of their main text are kept, each change's impact on their queries is measured against the version
     * before, and the next visit comes sooner the more the page is viewed and the more its changes matter.
     */
    void recordWithUsage(String siteId, RefreshPlan plan, long maxPages, List<PageRecord> records) {
        List<String> urls = distinctUrls(records);
        List<RefreshStore.Usage> usage = store.usage(siteId, urls);
        Map<String, RefreshStore.Usage> usageOf = new HashMap<>();
        for (int i = 0; i < urls.size(); i++) {
            usageOf.put(urls.get(i), usage.get(i));
        }
        RefreshStore.UsageMeans means = store.usageMeans(siteId);
        UserExperienceSchedule ue = new UserExperienceSchedule(plan.schedule());
        SiteRatePrior prior = priors.of(siteId);
        recordWith(siteId, maxPages, records, (url, h, r, o, first) -> {
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
        });
    }

    /**
     * The cluster-sampling policy: a page in its cluster's sample keeps its visits and is scheduled by its own
     * rate; any other page keeps only its validators and fingerprint and is scheduled by its cluster's rate (a
     * page the model has not seen goes to the cluster nearest its features). Before the site has a model (no page
     * in the database yet) every page is scheduled by its own history.
     */
    void recordWithClusters(String siteId, RefreshPlan plan, long maxPages, List<PageRecord> records) {
        ClusterModels.Model model = clusters.forSite(siteId);
        RevisitSchedule schedule = plan.schedule();
        recordWith(siteId, maxPages, records, (url, h, r, o, first) -> {
            if (model == null || model.sampled(url)) {
                return schedule.nextDue(h);   // the seed's policy: a sample by its own visits
            }
            h.clearWindow();   // history only for the samples
            double rate = model.rate(model.clusterOf(url, r.depth(), r.contentType(), r.bytes() == null ? 0 : r.bytes()));
            return h.lastFetch() + (Double.isNaN(rate) ? schedule.initialIntervalMs() : Math.round(schedule.target().interval(rate / 1000.0)));
        });
    }

    private static List<String> distinctUrls(List<PageRecord> records) {
        LinkedHashSet<String> urls = new LinkedHashSet<>();
        for (PageRecord r : records) {
            urls.add(r.url());
        }
        return new ArrayList<>(urls);
    }

    private PageHistory.Observation observe(PageHistory h, PageRecord r) {
        PageHistory.Observation o = h.add(fetchOf(r));
        if (o != null) {
            visits.increment();
            if (o.changed()) {
                changes.increment();
            }
        }
        return o;
    }

    static PageHistory.Fetch fetchOf(PageRecord r) {
        return new PageHistory.Fetch(r.fetchedAt(), r.status(), r.textFp() == null ? 0 : r.textFp(),
                r.lastModified() == null ? 0 : r.lastModified(), r.etag());
    }

    /** The site's revisit schedule (none without a refresh plan) and page limit, cached for a moment. */
    private CachedPlan plan(String siteId) {
        long now = System.currentTimeMillis();
        CachedPlan c = plans.get(siteId);
        if (c == null || now - c.readAt() > PLAN_TTL_MS) {
            c = QuarkusTransaction.requiringNew().call(() -> {
                io.trawler.site.Site site = io.trawler.site.Site.findById(siteId);
                return new CachedPlan(RefreshPlan.findById(siteId), site == null ? 100_000 : site.maxPages, now);
            });
            plans.put(siteId, c);
        }
        return c;
    }

    /** Forgets the cached plan of a site (after it changed). */
    public void planChanged(String siteId) {
        plans.remove(siteId);
        priors.forget(siteId);
        clusters.forget(siteId);
    }
}
