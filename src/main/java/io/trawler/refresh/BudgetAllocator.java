package io.trawler.refresh;

/**
 * Allocates a fetch budget (visits per unit time) over pages of known change rates so that the average
 * expected freshness is maximal (Cho &amp; Garcia-Molina): at the optimum every visited page has the same
 * marginal freshness gain μ, ∂F/∂f = μ, and a page whose gain at f = 0, 1/λ, is below μ gets no visits at all
 * — pages that change too fast for the budget are left alone. μ is found by bisection, and each page's f by an
 * inner bisection; about 60 × 60 evaluations per page.
 */
public final class BudgetAllocator {

    private BudgetAllocator() {
    }

    /** Visit frequencies, one per rate, summing to {@code budget}. */
    public static double[] optimal(double[] rates, double budget) {
        double[] f = new double[rates.length];
        if (budget <= 0 || rates.length == 0) {
            return f;
        }
        double maxGain = 0;
        for (double r : rates) {
            if (r > 0) {
                maxGain = Math.max(maxGain, 1 / r);
            }
        }
        if (maxGain == 0) {
            return f;
        }
        double lo = 0;
        double hi = maxGain;
        for (int it = 0; it < 60; it++) {
            double mu = (lo + hi) / 2;
            if (total(rates, mu, f) > budget) {
                lo = mu;
            } else {
                hi = mu;
            }
        }
        total(rates, hi, f);
        double sum = 0;
        for (double x : f) {
            sum += x;
        }
        if (sum > 0) {
            for (int i = 0; i < f.length; i++) {
                f[i] *= budget / sum;
            }
        }
        return f;
    }

    /** The frequencies at which every page's marginal gain is μ (0 where it cannot reach μ); their sum. */
    private static double total(double[] rates, double mu, double[] out) {
        double sum = 0;
        for (int i = 0; i < rates.length; i++) {
            out[i] = frequencyFor(rates[i], mu);
            sum += out[i];
        }
        return sum;
    }

    static double frequencyFor(double rate, double mu) {
        if (rate <= 0 || 1 / rate <= mu) {
            return 0;
        }
        // the marginal gain falls from 1/λ (f → 0) towards 0 (f → ∞)
        double lo = 0;
        double hi = rate;
        while (Freshness.marginal(rate, hi) > mu) {
            hi *= 2;
        }
        for (int it = 0; it < 60; it++) {
            double mid = (lo + hi) / 2;
            if (Freshness.marginal(rate, mid) > mu) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
