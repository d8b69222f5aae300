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
 * revisit schedules estimate every page under it. A site's first prior is fitted when first asked for; later ones on
 * a background thread (a pass over the site's histories), while the previous one keeps serving, so that recording
 * ingested pages never waits for a refit.
 *
 * <p>A young site's prior rests on little: fitted before any page was revisited, it is uninformed and its rate grid
 * ends at 100 changes a day, which would hold every estimate (and so every revisit schedule) below that until the
 * refit interval has passed. So the first prior is refitted after {@value #FIRST_REFIT_MS} ms and each later one
 * after twice as long as the one before, until the refit interval: a few cheap passes while the histories are young.
 */
@ApplicationScoped
public class SiteRatePriors {

    static final int SAMPLE = 5_000;
    static final long FIRST_REFIT_MS = 5_000;

    /** A fitted prior, when it was fitted and how long it serves before the next refit. */
    private record Fitted(SiteRatePrior prior, long at, long serves) {
    }

    private final RefreshStore store;
    private final long refitMs;
    private final Map<String, Fitted> fitted = new ConcurrentHashMap<>();
    private final java.util.Set<String> refitting = ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.ExecutorService refits = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "trawler-rate-prior");
        t.setDaemon(true);
        return t;
    });

    public SiteRatePriors(RefreshStore store, RefreshConfig config) {
        this.store = store;
        this.refitMs = config.priorRefit().toMillis();
    }

    /** The site's prior: fitted now if there is none; refitted in the background once it has served its time. */
    public SiteRatePrior of(String siteId) {
        Fitted f = fitted.get(siteId);
        if (f == null) {
            f = fit(siteId, Math.min(refitMs, FIRST_REFIT_MS));
            fitted.put(siteId, f);
        } else if (System.currentTimeMillis() - f.at() >= f.serves() && refitting.add(siteId)) {
            long serves = Math.min(refitMs, f.serves() * 2);
            refits.execute(() -> {
                try {
                    fitted.put(siteId, fit(siteId, serves));
                } catch (RuntimeException e) {
                    org.jboss.logging.Logger.getLogger(SiteRatePriors.class).warnf("Rate prior of site %s not refitted: %s", siteId, e);
                } finally {
                    refitting.remove(siteId);
                }
            });
        }
        return f.prior();
    }

    private Fitted fit(String siteId, long serves) {
        return new Fitted(SiteRatePrior.fit(sample(siteId)), System.currentTimeMillis(), serves);
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
