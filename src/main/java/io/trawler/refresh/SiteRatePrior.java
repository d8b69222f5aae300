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

    private SiteRatePrior(double[] grid, double[] weights, long pages, long visits, double observedSeconds) {
        this.grid = grid;
        this.weights = weights;
        this.pages = pages;
        this.visits = visits;
        this.observedSeconds = observedSeconds;
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
        for (int i = 0; i < histories.size(); i++) {
            int page = i;
            double[] span = new double[1];
            histories.get(i).forEachVisit((ms, changed) -> {
                posterior.observe(page, ms / 1000.0, changed);
                span[0] += ms / 1000.0;
            });
            int n = histories.get(i).observed();
            visits += n;
            observedPages += n > 0 ? 1 : 0;
            longest = Math.max(longest, span[0]);
        }
        if (visits > 0) {
            posterior.fitPrior(ITERATIONS);
        }
        return new SiteRatePrior(posterior.grid(), posterior.prior(), observedPages, visits, longest);
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
