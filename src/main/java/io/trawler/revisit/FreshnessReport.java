package io.trawler.revisit;

import org.eclipse.microprofile.openapi.annotations.media.Schema;
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
public record FreshnessReport(String siteId, @Schema(nullable = true) String policy, long pages, long due, @Schema(nullable = true) Long nextDueAt, long visits, long changes,
        long estimated, @Schema(nullable = true) Rates ratesPerDay, @Schema(nullable = true) Double expectedFreshness, List<RateBin> rateHistogram, List<DueBin> dueByHour) {

    /** Percentiles of the estimated change rates, changes per day. */
    public record Rates(double p10, double median, double p90, double mean) {
    }

    /** Pages whose estimated change rate (per day) is at least {@code fromPerDay} and below {@code toPerDay} (null: no bound). */
    public record RateBin(@Schema(nullable = true) Double fromPerDay, @Schema(nullable = true) Double toPerDay, long pages) {
    }

    /** Pages due in the hour from {@code from} (epoch ms); the first hour also holds the pages overdue. */
    public record DueBin(long from, long pages) {
    }

    /** Bounds of the rate histogram: decades from once in 1,000 days to 100 times a day. */
    static final double[] RATE_BOUNDS = {0.001, 0.01, 0.1, 1, 10, 100};
    static final int DUE_HOURS = 24;

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
        long[] due = store.dueHistogram(siteId, now, 3_600_000L, DUE_HOURS);
        List<DueBin> dueBins = new ArrayList<>(DUE_HOURS);
        for (int i = 0; i < DUE_HOURS; i++) {
            dueBins.add(new DueBin(now + i * 3_600_000L, due[i]));
        }
        return new FreshnessReport(siteId, policy, c.pages(), c.due(), c.nextDueAt() < 0 ? null : c.nextDueAt(), totals[0], totals[1],
                rates.size(), r, rates.isEmpty() ? null : fresh[0] / rates.size(), histogram(rates), dueBins);
    }

    /** Decade bins of the rates (per day), with an open bin below the first bound and above the last. */
    static List<RateBin> histogram(List<Double> rates) {
        long[] counts = new long[RATE_BOUNDS.length + 1];
        for (double x : rates) {
            int k = 0;
            while (k < RATE_BOUNDS.length && x >= RATE_BOUNDS[k]) {
                k++;
            }
            counts[k]++;
        }
        List<RateBin> bins = new ArrayList<>(counts.length);
        for (int k = 0; k < counts.length; k++) {
            bins.add(new RateBin(k == 0 ? null : RATE_BOUNDS[k - 1], k == RATE_BOUNDS.length ? null : RATE_BOUNDS[k], counts[k]));
        }
        return bins;
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
