package io.trawler.refresh;

import java.util.List;

/**
 * A site's distribution of page change rates, fitted to its pages' visit histories by empirical Bayes
 * ({@link RatePosterior}), and each page's estimate under it: the posterior mean given the page's own visits. A page
 * seen a few times without a change sits near what the site's pages do; its own evidence moves it as visits
 * accumulate. The single-page estimate ({@link PageHistory#ratePerSecond()}) assumes half a change over the time
 * observed when none was seen, which makes a young, unchanged history look fast (a page visited twice a minute
 * apart reads as hundreds of changes a day); under the prior the same page reads as the site's typical page.
 *
 * <p>Rates are per second over a grid of 0 and {@value #POINTS} log-spaced rates from once in 1,000 days to 100
 * times a day, or to ten changes per shortest interval observed when visits come faster than that. Immutable.
 */
public final class SiteRatePrior {

    static final double MIN_PER_SECOND = 0.001 / 86_400;
    static final double MAX_PER_SECOND = 100.0 / 86_400;
    static final int POINTS = 40;
    private static final int ITERATIONS = 40;

    private final double[] grid;
    private final double[] weights;
    private final long pages;
    private final long visits;
    private final double observedSeconds;
    private final double exposureSeconds;
    private final long changes;

    private SiteRatePrior(double[] grid, double[] weights, long pages, long visits, double observedSeconds, double exposureSeconds,
            long changes) {
        this.grid = grid;
        this.weights = weights;
        this.pages = pages;
        this.visits = visits;
        this.observedSeconds = observedSeconds;
        this.exposureSeconds = exposureSeconds;
        this.changes = changes;
    }

    /**
     * Fits the prior to the histories (a sample of the site's pages is enough: their count only sharpens it). With
     * no observed interval at all it is the uninformed prior, uniform over the grid.
     */
    public static SiteRatePrior fit(List<PageHistory> histories) {
        double[] shortest = {Double.MAX_VALUE};
        for (PageHistory h : histories) {
            h.forEachVisit((ms, changed) -> {
                if (ms > 0) {
                    shortest[0] = Math.min(shortest[0], ms / 1000.0);
                }
            });
        }
        double max = Math.max(MAX_PER_SECOND, shortest[0] == Double.MAX_VALUE ? 0 : 10 / shortest[0]);
        RatePosterior posterior = new RatePosterior(histories.size(), MIN_PER_SECOND, max, POINTS);
        long visits = 0;
        double longest = 0;
        long observedPages = 0;
        double exposure = 0;
        long[] changes = {0};
        for (int i = 0; i < histories.size(); i++) {
            int page = i;
            double[] span = new double[1];
            histories.get(i).forEachVisit((ms, changed) -> {
                posterior.observe(page, ms / 1000.0, changed);
                span[0] += ms / 1000.0;
                changes[0] += changed ? 1 : 0;
            });
            int n = histories.get(i).observed();
            visits += n;
            observedPages += n > 0 ? 1 : 0;
            longest = Math.max(longest, span[0]);
            exposure += span[0];
        }
        double[] prior = posterior.prior();
        double[] grid = posterior.grid();
        if (visits > 0) {
            posterior.fitPrior(ITERATIONS);
            prior = withinPooledBound(grid, posterior.prior(), upper95(changes[0], exposure));
        }
        return new SiteRatePrior(grid, prior, observedPages, visits, longest, exposure, changes[0]);
    }

    /**
     * The prior, its mean brought within what the site's pooled visits allow: with C changes seen in a pooled exposure E
     * (all pages' observed time together) the site's mean rate is at most {@link #upper95} with 95 % confidence. The
     * grid's EM cannot tell rates far below 1/E apart from each other, and left alone kept the mean of the uniform start
     * (0.85 a day after 10,498 visits without a change in 11 minutes): weight moves to rate 0 until the mean is within it.
     */
    static double[] withinPooledBound(double[] grid, double[] prior, double upper) {
        double mean = 0;
        for (int g = 0; g < grid.length; g++) {
            mean += prior[g] * grid[g];
        }
        if (!(mean > upper) || mean <= 0) {
            return prior;
        }
        double keep = upper / mean;
        double[] out = new double[prior.length];
        for (int g = 0; g < grid.length; g++) {
            out[g] = prior[g] * keep;
        }
        out[0] += 1 - keep;   // grid[0] is rate 0
        return out;
    }

    /**
     * The one-sided 95 % upper bound of a Poisson rate after {@code changes} events in {@code exposure} (Garwood: the
     * 0.95 quantile of Gamma(changes + 1) over the exposure; exactly −ln 0.05 / E ≈ 3 / E with no event), per second;
     * infinite with no exposure.
     */
    static double upper95(long changes, double exposure) {
        if (exposure <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (changes == 0) {
            return -Math.log(0.05) / exposure;
        }
        double k = 2.0 * changes + 2;   // chi-square degrees of freedom; Wilson–Hilferty for its 0.95 quantile
        double h = 2 / (9 * k);
        double chi = k * Math.pow(1 - h + 1.6448536 * Math.sqrt(h), 3);
        return chi / 2 / exposure;
    }

    /** The site's mean change rate under the prior, per second. */
    public double meanPerSecond() {
        double m = 0;
        for (int g = 0; g < grid.length; g++) {
            m += weights[g] * grid[g];
        }
        return m;
    }

    /** Pages with at least one observed interval the prior was fitted to. */
    public long pages() {
        return pages;
    }

    /** Observed intervals (visits after the first) the prior rests on. */
    public long visits() {
        return visits;
    }

    /** All pages' observed time together (the sum of every observed interval), seconds. */
    public double exposureSeconds() {
        return exposureSeconds;
    }

    /** Observed intervals in which the page had changed, all pages together. */
    public long changes() {
        return changes;
    }

    /**
     * The 95 % upper bound of the site's mean change rate the pooled visits allow, per second (infinite before any
     * visit). With no change seen this bound is all the data say: no rate is estimated, only bounded.
     */
    public double upperPerSecond() {
        return upper95(changes, exposureSeconds);
    }

    /** The longest time one page was observed (sum of its intervals in the window), seconds. */
    public double observedSeconds() {
        return observedSeconds;
    }

    /** The page's estimated change rate per second: the posterior mean given its visits (the prior's mean with none). */
    public double estimatePerSecond(PageHistory h) {
        return estimate(h, 0).ratePerSecond();
    }

    /**
     * A page's estimate: its posterior mean rate (per second) and the probability that it has not changed {@code seconds}
     * after its last fetch, averaged over the posterior (E[e^{−λt}], which a single estimate λ̂ would overstate the loss
     * of when the rate is uncertain). One posterior for both.
     */
    public record Estimate(double ratePerSecond, double freshness) {
    }

    /** The page's {@link Estimate} {@code seconds} after its last fetch. */
    public Estimate estimate(PageHistory h, double seconds) {
        double[] post = posterior(h);
        double m = 0;
        double f = 0;
        for (int g = 0; g < grid.length; g++) {
            m += post[g] * grid[g];
            f += seconds == 0 ? post[g] : post[g] * Math.exp(-grid[g] * seconds);
        }
        return new Estimate(m, f);
    }

    /** The probability that the page has not changed {@code seconds} after its last fetch (see {@link Estimate}). */
    public double freshness(PageHistory h, double seconds) {
        return estimate(h, seconds).freshness();
    }

    private double[] posterior(PageHistory h) {
        double[] ll = new double[grid.length];
        h.forEachVisit((ms, changed) -> RatePosterior.addVisit(grid, ms / 1000.0, changed, ll, 0));
        double[] post = new double[grid.length];
        RatePosterior.posterior(ll, 0, weights, post);
        return post;
    }
}
