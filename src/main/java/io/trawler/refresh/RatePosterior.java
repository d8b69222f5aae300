package io.trawler.refresh;

import java.util.Arrays;

/**
 * Change rates of many pages estimated together (empirical Bayes): each page's visit history gives a
 * likelihood over a grid of rates (0 and log-spaced rates between a minimum and a maximum); the prior over the
 * grid, the site's distribution of rates, is fitted to all pages by expectation-maximisation; each page's
 * estimate is its posterior mean. A page seen a few times is pulled towards what pages like it do, a page with
 * a long history is estimated from its own, and a page that never changed can be estimated at zero, which the
 * single-page estimators cannot do.
 *
 * <p>The likelihood of a visit that saw a change after an interval t is 1 − e^{−λt}; of one that saw none,
 * e^{−λt}. Log-likelihoods are kept per page and grid point ({@link #observe}), so adding a visit costs one
 * pass over the grid.
 */
public final class RatePosterior {

    private final double[] grid;
    private final int pages;
    private final double[] logLikelihood;
    private final double[] prior;
    /** Optional: each page's group (a site section), whose pages share a prior of their own. */
    private int[] groupOf;
    private double[][] groupPriors;

    /**
     * @param pages    number of pages
     * @param minRate  smallest non-zero rate of the grid (per unit of the intervals given)
     * @param maxRate  largest rate of the grid
     * @param points   grid points besides 0
     */
    public RatePosterior(int pages, double minRate, double maxRate, int points) {
        if (!(minRate > 0 && maxRate > minRate && points >= 2)) {
            throw new IllegalArgumentException("need 0 < minRate < maxRate and at least 2 points");
        }
        this.pages = pages;
        grid = new double[points + 1];
        for (int g = 1; g <= points; g++) {
            grid[g] = minRate * Math.pow(maxRate / minRate, (g - 1) / (double) (points - 1));
        }
        logLikelihood = new double[pages * grid.length];
        prior = new double[grid.length];
        Arrays.fill(prior, 1.0 / grid.length);
    }

    /** The grid of rates: 0, then the log-spaced rates (per unit of the intervals given). */
    public double[] grid() {
        return grid.clone();
    }

    /** The fitted prior over the grid (uniform before {@link #fitPrior}). */
    public double[] prior() {
        return prior.clone();
    }

    /** Adds a visit of a page: changed or not after {@code interval}. */
    public void observe(int page, double interval, boolean changed) {
        addVisit(grid, interval, changed, logLikelihood, page * grid.length);
    }

    /** Adds the log-likelihood of one visit at each rate of the grid to {@code ll[base …]}. */
    static void addVisit(double[] grid, double interval, boolean changed, double[] ll, int base) {
        if (interval <= 0) {
            return;
        }
        for (int g = 0; g < grid.length; g++) {
            double x = grid[g] * interval;
            ll[base + g] += changed ? (x == 0 ? Double.NEGATIVE_INFINITY : Math.log(-Math.expm1(-x))) : -x;
        }
    }

    /**
     * Gives pages groups (for example their site section: pages of a section tend to change alike); {@link
     * #fitPrior} then fits one prior per group as well, shrunk towards the overall prior by {@code strength}
     * pseudo-pages, and each page's posterior uses its group's.
     */
    public void groups(int[] groupOfPage, int groups, double strength) {
        if (groupOfPage.length != pages) {
            throw new IllegalArgumentException("one group per page");
        }
        this.groupOf = groupOfPage.clone();
        this.groupPriors = new double[groups][];
        this.groupStrength = strength;
    }

    private double groupStrength;

    /**
     * Fits the prior over the grid to all pages' histories: {@code iterations} EM steps from the current prior;
     * with groups, then half as many steps for the group priors, starting from the overall one.
     */
    public void fitPrior(int iterations) {
        double[] post = new double[grid.length];
        double[] next = new double[grid.length];
        for (int it = 0; it < iterations; it++) {
            Arrays.fill(next, 0);
            for (int i = 0; i < pages; i++) {
                if (posterior(i, prior, post)) {
                    for (int g = 0; g < grid.length; g++) {
                        next[g] += post[g];
                    }
                }
            }
            double sum = 0;
            for (double v : next) {
                sum += v;
            }
            if (sum == 0) {
                break;
            }
            for (int g = 0; g < grid.length; g++) {
                prior[g] = Math.max(next[g] / sum, 1e-9);
            }
        }
        if (groupOf != null) {
            fitGroupPriors(Math.max(1, iterations / 2));
        }
    }

    private void fitGroupPriors(int iterations) {
        int groups = groupPriors.length;
        double[][] current = new double[groups][];   // null: the overall prior
        double[] post = new double[grid.length];
        for (int it = 0; it < iterations; it++) {
            double[][] sums = new double[groups][grid.length];
            double[] counts = new double[groups];
            for (int i = 0; i < pages; i++) {
                int gi = groupOf[i];
                if (posterior(i, current[gi] == null ? prior : current[gi], post)) {
                    counts[gi]++;
                    for (int g = 0; g < grid.length; g++) {
                        sums[gi][g] += post[g];
                    }
                }
            }
            for (int gi = 0; gi < groups; gi++) {
                current[gi] = new double[grid.length];
                for (int g = 0; g < grid.length; g++) {
                    current[gi][g] = Math.max((sums[gi][g] + groupStrength * prior[g]) / (counts[gi] + groupStrength), 1e-9);
                }
            }
        }
        groupPriors = current;
    }

    private double[] priorOf(int page) {
        return groupOf == null || groupPriors[groupOf[page]] == null ? prior : groupPriors[groupOf[page]];
    }

    /** Posterior mean rates of all pages. */
    public double[] means() {
        double[] out = new double[pages];
        double[] post = new double[grid.length];
        for (int i = 0; i < pages; i++) {
            posterior(i, post);
            for (int g = 0; g < grid.length; g++) {
                out[i] += post[g] * grid[g];
            }
        }
        return out;
    }

    /**
     * Visit frequencies summing to {@code budget} that maximise the posterior expected (weighted) freshness,
     * Σ w_i E[F(λ_i, f_i)]: the allocation of {@link BudgetAllocator} with each page's marginal gain averaged
     * over its posterior, Σ_g p_g g(λ_g/f)/λ_g, rather than taken at one estimate. A page whose history says only
     * "it changed every time" still has some posterior mass at rates the budget can follow and gets visits
     * that then tell which it is; a page that probably never changes gets few.
     *
     * <p>Gains are tabulated per page at {@code FREQUENCIES} log-spaced frequencies (over the grid's range);
     * each bisection step on the common gain μ is then a binary search per page.
     *
     * @param weights per-page weights (null: all 1)
     */
    public double[] allocate(double budget, double[] weights) {
        int k = FREQUENCIES;
        double[] freq = new double[k];
        double lo = grid[1] / 4;
        double hi = grid[grid.length - 1];
        for (int j = 0; j < k; j++) {
            freq[j] = lo * Math.pow(hi / lo, j / (double) (k - 1));
        }
        double[] table = new double[grid.length * k];
        for (int g = 1; g < grid.length; g++) {
            for (int j = 0; j < k; j++) {
                table[g * k + j] = BudgetAllocator.g(grid[g] / freq[j]) / grid[g];
            }
        }
        float[] gains = new float[pages * k];
        double[] post = new double[grid.length];
        double maxGain = 0;
        for (int i = 0; i < pages; i++) {
            posterior(i, post);
            double w = weights == null ? 1 : weights[i];
            for (int j = 0; j < k; j++) {
                double m = 0;
                for (int g = 1; g < grid.length; g++) {
                    m += post[g] * table[g * k + j];
                }
                gains[i * k + j] = (float) (w * m);
            }
            maxGain = Math.max(maxGain, gains[i * k]);
        }
        double[] f = new double[pages];
        if (budget <= 0 || maxGain == 0) {
            return f;
        }
        double low = 0;
        double high = maxGain;
        for (int it = 0; it < 60; it++) {
            double mu = (low + high) / 2;
            if (fill(gains, freq, mu, f) > budget) {
                low = mu;
            } else {
                high = mu;
            }
        }
        double sum = fill(gains, freq, high, f);
        if (sum > 0) {
            for (int i = 0; i < pages; i++) {
                f[i] *= budget / sum;
            }
        }
        return f;
    }

    private static final int FREQUENCIES = 64;

    /** Each page's frequency at which its (decreasing) gain falls to mu, interpolated in log f; the total. */
    private double fill(float[] gains, double[] freq, double mu, double[] out) {
        int k = freq.length;
        double sum = 0;
        for (int i = 0; i < pages; i++) {
            int base = i * k;
            if (gains[base] < mu) {
                out[i] = 0;
                continue;
            }
            if (gains[base + k - 1] >= mu) {
                out[i] = freq[k - 1];
                sum += out[i];
                continue;
            }
            int a = 0;
            int b = k - 1;   // gains[a] >= mu > gains[b]
            while (b - a > 1) {
                int m = (a + b) >>> 1;
                if (gains[base + m] >= mu) {
                    a = m;
                } else {
                    b = m;
                }
            }
            double t = (gains[base + a] - mu) / (gains[base + a] - gains[base + b]);
            out[i] = freq[a] * Math.pow(freq[b] / freq[a], t);
            sum += out[i];
        }
        return sum;
    }

    /** Writes a page's posterior into {@code out}; false when the page has no visits (the posterior is the prior). */
    private boolean posterior(int page, double[] out) {
        return posterior(page, priorOf(page), out);
    }

    private boolean posterior(int page, double[] pr, double[] out) {
        return posterior(logLikelihood, page * grid.length, pr, out);
    }

    /**
     * Writes the posterior over the grid, prior × likelihood normalised, given the log-likelihoods {@code ll[base …]};
     * false when they are all 0 (no visit: the posterior is the prior).
     */
    static boolean posterior(double[] ll, int base, double[] pr, double[] out) {
        double max = Double.NEGATIVE_INFINITY;
        boolean seen = false;
        for (int g = 0; g < pr.length; g++) {
            seen |= ll[base + g] != 0;
            max = Math.max(max, ll[base + g]);
        }
        double sum = 0;
        for (int g = 0; g < pr.length; g++) {
            double v = ll[base + g];
            out[g] = v == Double.NEGATIVE_INFINITY ? 0 : pr[g] * Math.exp(v - max);
            sum += out[g];
        }
        for (int g = 0; g < pr.length; g++) {
            out[g] /= sum;
        }
        return seen;
    }
}
