package io.trawler.revisit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.crawl.PagesIngested;
import io.trawler.frontier.PageRecord;
import io.trawler.refresh.PageHistory;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Keeps every fetched page's history: for each page record the manager ingests it adds the visit to the page's
 * {@link PageHistory} (changed or not, by the fingerprint of its main text or a 304) and, when the site has a
 * refresh plan, schedules the page's next visit in the site's due-time set by that plan.
 */
@ApplicationScoped
public class RefreshRecorder {

    private static final long PLAN_TTL_MS = 2000;

    private static final Logger LOG = Logger.getLogger(RefreshRecorder.class);

    private final RefreshStore store;
    private final UpdatePolicies policies;
    private final ClusterModels clusters;
    private final SiteRatePriors priors;
    private final Counter visits;
    private final Counter changes;
    private final Map<String, CachedPlan> plans = new ConcurrentHashMap<>();

    /** A site's refresh plan (null without one) and page limit, as read at {@code readAt}. */
    private record CachedPlan(RefreshPlan plan, long maxPages, long readAt) {
    }

    public RefreshRecorder(RefreshStore store, UpdatePolicies policies, ClusterModels clusters, SiteRatePriors priors, MeterRegistry metrics) {
        this.store = store;
        this.policies = policies;
        this.priors = priors;
        this.clusters = clusters;
        this.visits = metrics.counter("trawler.refresh.visits", "result", "observed");
        this.changes = metrics.counter("trawler.refresh.visits", "result", "changed");
    }

    void onIngested(@Observes PagesIngested batch) {
        if (batch.siteId() == null || batch.siteId().isEmpty()) {
            return;
        }
        CachedPlan cached = plan(batch.siteId());
        RefreshPlan plan = cached.plan();
        UpdatePolicy policy = plan == null ? null : policies.named(plan.policy).orElse(null);
        if (plan != null && policy == null) {
            LOG.warnf("Site %s: refresh plan names no known update policy (%s); its pages' histories are kept, nothing is scheduled",
                    batch.siteId(), plan.policy);
        }
        record(batch.siteId(), plan, policy, cached.maxPages(), batch.records());
    }

    /**
     * Adds the records' fetches to their pages' histories and, under a plan's policy, schedules their next visits (no
     * policy: histories only).
     */
    public void record(String siteId, RefreshPlan plan, UpdatePolicy policy, long maxPages, List<PageRecord> records) {
        List<String> urls = distinctUrls(records);
        if (urls.isEmpty()) {
            return;
        }
        recordWith(siteId, maxPages, records, urls, policy == null ? (url, h, r, o, first) -> null : policy.schedulerFor(siteId, plan, urls));
    }

    /** Adds each record's fetch to its page's history, asks the policy when the page is next due, stores both. */
    private void recordWith(String siteId, long maxPages, List<PageRecord> records, List<String> urls, UpdatePolicy.PageScheduler decision) {
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
                r.lastModified() == null ? 0 : r.lastModified(), r.etag(), storedContent(r));
    }

    /**
     * The content a record stored in full: a complete 2xx response record (not a revisit, not truncated), which later
     * fetches of the same payload refer to; null otherwise.
     */
    static PageHistory.Content storedContent(PageRecord r) {
        if (r.revisit() != null || r.truncated() != null || r.digest() == null || r.warcFile() == null || r.status() / 100 != 2) {
            return null;
        }
        return new PageHistory.Content(r.digest(), r.fetchedAt(), r.recordId(), r.warcFile(), r.warcOffset() == null ? -1 : r.warcOffset());
    }

    /** The site's revisit schedule (none without a refresh plan) and page limit, cached for a moment. */
    private CachedPlan plan(String siteId) {
        long now = System.currentTimeMillis();
        CachedPlan c = plans.get(siteId);
        if (c == null || now - c.readAt() > PLAN_TTL_MS) {
            c = QuarkusTransaction.requiringNew().call(() -> {
                Site site = Site.findById(siteId);
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
