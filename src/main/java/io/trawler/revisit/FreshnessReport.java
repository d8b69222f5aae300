package io.trawler.revisit;

import io.trawler.refresh.PageHistory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The update-policy engine's view of a site: pages with a history, pages due now and the next due time,
 * visits and changes seen, the distribution of estimated change rates (per day), and the expected freshness now
 * — the mean over pages with an estimate of e^{−λ (now − last fetch)}, the probability that the stored copy
 * still matches the page.
 */
public record FreshnessReport(String siteId, String policy, long pages, long due, Long nextDueAt, long visits, long changes,
        long estimated, Rates ratesPerDay, Double expectedFreshness) {

    /** Percentiles of the estimated change rates, changes per day. */
    public record Rates(double p10, double median, double p90, double mean) {
    }

    /** Builds the report by reading every page's history once. */
    public static FreshnessReport of(String siteId, String policy, RefreshStore store, long now) {
        RefreshStore.Counts c = store.counts(siteId, now);
        List<Double> rates = new ArrayList<>();
        long[] totals = new long[2];
        double[] fresh = new double[1];
        store.forEach(siteId, (url, h) -> add(h, now, rates, totals, fresh));
        Rates r = null;
        if (!rates.isEmpty()) {
            Collections.sort(rates);
            double sum = 0;
            for (double x : rates) {
                sum += x;
            }
            r = new Rates(at(rates, 0.1), at(rates, 0.5), at(rates, 0.9), sum / rates.size());
        }
        return new FreshnessReport(siteId, policy, c.pages(), c.due(), c.nextDueAt() < 0 ? null : c.nextDueAt(), totals[0], totals[1],
                rates.size(), r, rates.isEmpty() ? null : fresh[0] / rates.size());
    }

    private static void add(PageHistory h, long now, List<Double> rates, long[] totals, double[] fresh) {
        totals[0] += h.visits();
        totals[1] += h.changes();
        double perSecond = h.ratePerSecond();
        if (!Double.isNaN(perSecond)) {
            rates.add(perSecond * 86_400);
            fresh[0] += Math.exp(-perSecond * Math.max(0, now - h.lastFetch()) / 1000.0);
        }
    }

    private static double at(List<Double> sorted, double q) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(q * sorted.size())));
    }
}
