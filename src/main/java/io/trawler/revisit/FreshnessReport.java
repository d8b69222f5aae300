package io.trawler.revisit;

import io.trawler.refresh.PageHistory;
import io.trawler.refresh.SiteRatePrior;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The update-policy engine's view of a site: pages with a history, pages due now and the next due time,
 * visits and changes seen, the distribution of estimated change rates (per day), and the expected freshness now
 * — the mean over pages with an estimate of E[e^{−λ (now − last fetch)}], the probability that the stored copy
 * still matches the page. Each page's rate is estimated under the site's prior ({@link SiteRatePrior}): a page with
 * little evidence sits near what the site's pages do, and {@code prior} says what the estimates rest on.
 */
public record FreshnessReport(String siteId, @Schema(nullable = true) String policy, long pages, long due, @Schema(nullable = true) Long nextDueAt, long visits, long changes,
        long estimated, @Schema(nullable = true) Rates ratesPerDay, @Schema(nullable = true) Double expectedFreshness, List<RateBin> rateHistogram, List<DueBin> dueByHour,
        Prior prior) {

    /**
     * The site's prior: its mean change rate (per day; null while no change has been seen: the visits then only bound it,
     * {@code upperPerDay}), the pages and observed intervals it was fitted to, the longest time one page has been observed
     * (days), and whether that is still shorter than {@code trawler.refresh.min-observation} ({@code provisional}: the
     * estimates rest mostly on the prior); the changes seen in all pages' observed time together ({@code exposureDays}),
     * the 95 % upper bound of the site's mean rate they allow, and a sentence saying what can be said.
     */
    public record Prior(@Schema(nullable = true) Double meanPerDay, long pages, long visits, double observedDays, boolean provisional,
            long changes, double exposureDays, @Schema(nullable = true) Double upperPerDay, @Schema(nullable = true) String note) {
    }

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

    /** Builds the report by reading every page's history once, each estimated under the site's prior. */
    public static FreshnessReport of(String siteId, String policy, RefreshStore store, SiteRatePrior prior, long minObservationMs, long now) {
        RefreshStore.Counts c = store.counts(siteId, now);
        List<Double> rates = new ArrayList<>();
        long[] totals = new long[2];
        double[] fresh = new double[1];
        store.forEach(siteId, (url, h) -> add(h, prior, now, rates, totals, fresh));
        // with no change seen the visits bound the rates but cannot estimate them: no number is made up
        boolean estimable = prior.changes() > 0;
        List<Double> shown = estimable ? rates : List.of();
        Rates r = null;
        if (!shown.isEmpty()) {
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
        double upper = prior.upperPerSecond() * 86_400;
        Prior p = new Prior(estimable ? prior.meanPerSecond() * 86_400 : null, prior.pages(), prior.visits(), prior.observedSeconds() / 86_400,
                prior.observedSeconds() * 1000 < minObservationMs, prior.changes(), prior.exposureSeconds() / 86_400,
                Double.isFinite(upper) ? upper : null, note(prior, estimable, upper));
        return new FreshnessReport(siteId, policy, c.pages(), c.due(), c.nextDueAt() < 0 ? null : c.nextDueAt(), totals[0], totals[1],
                shown.size(), r, rates.isEmpty() ? null : fresh[0] / rates.size(), histogram(shown), dueBins, p);
    }

    /** What the visits allow one to say of the site's change rates. */
    static String note(SiteRatePrior prior, boolean estimable, double upperPerDay) {
        if (prior.visits() == 0) {
            return "No page has been visited twice yet: nothing is known of how often pages change.";
        }
        String span = span(prior.observedSeconds());
        if (!estimable) {
            return String.format(java.util.Locale.ROOT, "No change seen in %,d visits (pages observed for up to %s): not enough observation"
                    + " yet to estimate change rates; the site's pages change less than %s times a day on average (95 %%).", prior.visits(), span,
                    round(upperPerDay));
        }
        return String.format(java.util.Locale.ROOT, "%,d changes seen in %,d visits (pages observed for up to %s).", prior.changes(),
                prior.visits(), span);
    }

    private static String span(double seconds) {
        return seconds >= 86_400 ? String.format(java.util.Locale.ROOT, "%.1f days", seconds / 86_400)
                : seconds >= 3_600 ? String.format(java.util.Locale.ROOT, "%.1f hours", seconds / 3_600)
                : String.format(java.util.Locale.ROOT, "%.1f minutes", seconds / 60);
    }

    private static String round(double x) {
        return x >= 10 ? String.format(java.util.Locale.ROOT, "%.0f", x) : x >= 0.1 ? String.format(java.util.Locale.ROOT, "%.2f", x)
                : String.format(java.util.Locale.ROOT, "%.2g", x);
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

    /** A page counts as estimated once it has one observed interval (before that, it is only the prior). */
    private static void add(PageHistory h, SiteRatePrior prior, long now, List<Double> rates, long[] totals, double[] fresh) {
        totals[0] += h.visits();
        totals[1] += h.changes();
        if (h.observed() > 0) {
            SiteRatePrior.Estimate e = prior.estimate(h, Math.max(0, now - h.lastFetch()) / 1000.0);
            rates.add(e.ratePerSecond() * 86_400);
            fresh[0] += e.freshness();
        }
    }

    private static double at(List<Double> sorted, double q) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(q * sorted.size())));
    }
}
