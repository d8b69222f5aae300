package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Page change rates under the site's prior, on simulated Poisson pages (rates known): young unchanged histories sit
 * near what the site's pages do instead of reading as hundreds of changes a day, evidence moves a page away from the
 * prior, and pages of different speeds stay apart.
 */
class SiteRatePriorTest {

    private static final double DAY = 86_400;

    /** A page changing as a Poisson process of {@code perDay}, visited {@code visits} times {@code everySeconds} apart. */
    private static PageHistory page(Random rnd, double perDay, int visits, double everySeconds) {
        PageHistory h = new PageHistory();
        long t = 1_700_000_000_000L;
        long fp = 1;
        for (int v = 0; v < visits; v++) {
            if (v > 0) {
                t += Math.round(everySeconds * 1000);
                double p = -Math.expm1(-perDay / DAY * everySeconds);
                if (rnd.nextDouble() < p) {
                    fp++;
                }
            }
            h.add(new PageHistory.Fetch(t, 200, fp, 0, null));
        }
        return h;
    }

    @Test
    void youngUnchangedHistoriesSitNearTheSiteAndFarBelowTheSinglePageGuess() {
        Random rnd = new Random(7);
        List<PageHistory> site = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            site.add(page(rnd, 0, 3, 60));   // visited three times a minute apart, never changed
        }
        SiteRatePrior prior = SiteRatePrior.fit(site);
        PageHistory young = site.get(0);
        double single = young.ratePerSecond() * DAY;
        double estimate = prior.estimatePerSecond(young) * DAY;
        assertTrue(single >= 100, "the single-page estimate of the defect: " + single);
        assertTrue(estimate < 5, "under the prior: " + estimate + " a day");
        assertEquals(prior.meanPerSecond() * DAY, estimate, 0.05 * estimate, "two minutes of evidence leave a page at the site's mean");
        assertEquals(2_000, prior.pages());
        assertEquals(4_000, prior.visits());
        assertEquals(120, prior.observedSeconds(), 1);
        assertTrue(prior.freshness(young, 3_600) > 0.9, "an hour after a fetch the copy is probably still current: "
                + prior.freshness(young, 3_600));
    }

    /**
     * The audit's case: 10,498 visits of 5,249 pages, none changed, in 10.9 minutes. The pooled visits bound the site's
     * mean rate by 3 / E (E: all the pages' observed time together); the prior once kept 0.85 a day whatever E was.
     */
    @Test
    void thePriorStaysWithinWhatThePooledVisitsAllow() {
        Random rnd = new Random(5);
        List<PageHistory> site = new ArrayList<>();
        for (int i = 0; i < 5_249; i++) {
            site.add(page(rnd, 0, 3, 327));
        }
        SiteRatePrior prior = SiteRatePrior.fit(site);
        assertEquals(0, prior.changes());
        double exposure = 5_249 * 2 * 327;
        assertEquals(exposure, prior.exposureSeconds(), exposure * 1e-3, "the histories keep times to a few parts in 10,000");
        assertEquals(-Math.log(0.05) / prior.exposureSeconds(), prior.upperPerSecond(), 1e-15);
        assertTrue(prior.meanPerSecond() <= prior.upperPerSecond() * (1 + 1e-9), prior.meanPerSecond() * DAY + " a day against the bound "
                + prior.upperPerSecond() * DAY);
        assertTrue(prior.estimatePerSecond(site.get(0)) * DAY < 0.2, "a page of it: " + prior.estimatePerSecond(site.get(0)) * DAY);
        // with changes seen the bound is Garwood's (Wilson–Hilferty within 1 % of the exact 9.153 for 4 events)
        assertEquals(9.153519, SiteRatePrior.upper95(4, 1), 0.05);
    }

    @Test
    void evidenceMovesAPageAwayFromThePrior() {
        Random rnd = new Random(11);
        List<PageHistory> site = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            site.add(page(rnd, 0.05, 10, DAY));   // a slow site: once in 20 days
        }
        PageHistory busy = page(rnd, 1e9, 12, DAY);   // changed at every daily visit
        site.add(busy);
        SiteRatePrior prior = SiteRatePrior.fit(site);
        assertTrue(prior.meanPerSecond() * DAY < 0.2, "the site is slow: " + prior.meanPerSecond() * DAY);
        assertTrue(prior.estimatePerSecond(busy) * DAY > 1.5, "11 changes in 11 daily visits: " + prior.estimatePerSecond(busy) * DAY);
        assertTrue(prior.estimatePerSecond(site.get(0)) * DAY < 0.2);
    }

    @Test
    void fastAndSlowPagesOfOneSiteStayApart() {
        Random rnd = new Random(3);
        List<PageHistory> fast = new ArrayList<>();
        List<PageHistory> slow = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            fast.add(page(rnd, 24, 20, 1_800));   // hourly, visited every half hour
            slow.add(page(rnd, 0.1, 20, DAY));    // once in ten days, visited daily
        }
        List<PageHistory> site = new ArrayList<>(fast);
        site.addAll(slow);
        SiteRatePrior prior = SiteRatePrior.fit(site);
        double fastMean = fast.stream().mapToDouble(h -> prior.estimatePerSecond(h) * DAY).average().orElseThrow();
        double slowMean = slow.stream().mapToDouble(h -> prior.estimatePerSecond(h) * DAY).average().orElseThrow();
        assertEquals(24, fastMean, 24 * 0.3, "hourly pages");
        assertEquals(0.1, slowMean, 0.1 * 0.6, "ten-day pages");
    }

    @Test
    void withoutAnObservedIntervalThePriorIsUninformed() {
        PageHistory once = new PageHistory();
        once.add(new PageHistory.Fetch(1_000, 200, 1, 0, null));
        SiteRatePrior prior = SiteRatePrior.fit(List.of(once));
        assertEquals(0, prior.visits());
        assertEquals(prior.meanPerSecond(), prior.estimatePerSecond(once), 1e-15);
        assertEquals(1, prior.freshness(once, 0), 1e-12);
    }
}
