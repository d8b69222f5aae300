package io.trawler.revisit;

import io.trawler.refresh.PageHistory;
import io.trawler.refresh.SiteRatePrior;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Each site's change-rate prior ({@link SiteRatePrior}), fitted to a uniform sample of at most {@value #SAMPLE} of
 * its pages' histories and refitted at most every {@code trawler.refresh.prior-refit}. The freshness report and the
 * revisit schedules estimate every page under it.
 */
@ApplicationScoped
public class SiteRatePriors {

    static final int SAMPLE = 5_000;

    private record Fitted(SiteRatePrior prior, long at) {
    }

    private final RefreshStore store;
    private final long refitMs;
    private final Map<String, Fitted> fitted = new ConcurrentHashMap<>();

    public SiteRatePriors(RefreshStore store, RefreshConfig config) {
        this.store = store;
        this.refitMs = config.priorRefit().toMillis();
    }

    /** The site's prior, fitted now if there is none or it is older than the refit interval. */
    public SiteRatePrior of(String siteId) {
        long now = System.currentTimeMillis();
        Fitted f = fitted.get(siteId);
        if (f == null || now - f.at() >= refitMs) {
            f = new Fitted(SiteRatePrior.fit(sample(siteId)), now);
            fitted.put(siteId, f);
        }
        return f.prior();
    }

    /** Forgets a site's prior (its histories were deleted). */
    public void forget(String siteId) {
        fitted.remove(siteId);
    }

    /** A uniform sample of the site's histories (reservoir sampling over one pass). */
    private List<PageHistory> sample(String siteId) {
        List<PageHistory> sample = new ArrayList<>();
        long[] seen = new long[1];
        store.forEach(siteId, (url, h) -> {
            long n = ++seen[0];
            if (sample.size() < SAMPLE) {
                sample.add(h);
            } else {
                long j = ThreadLocalRandom.current().nextLong(n);
                if (j < SAMPLE) {
                    sample.set((int) j, h);
                }
            }
        });
        return sample;
    }
}
