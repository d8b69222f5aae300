package io.trawler.refresh;

/**
 * Allocates a fetch budget (visits per unit time) over pages of known change rates so that the (weighted)
 * average expected freshness is maximal (Cho &amp; Garcia-Molina): at the optimum every visited page has the
 * same weighted marginal gain, w ∂F/∂f = μ, and a page whose gain at f = 0, w/λ, is below μ gets no visits at
 * all — pages that change too fast for the budget are left alone.
 *
 * <p>With x = λ/f the marginal gain is g(x)/λ, g(x) = 1 − e^{−x} − x e^{−x}, increasing from 0 to 1; so for a
 * given μ each page's frequency is f = λ / g⁻¹(μλ/w). g⁻¹ comes from a table (8,192 points, log-spaced,
 * interpolated), and μ from regula falsi (Illinois) on log μ against the total: about ten passes over the pages.
 */
public final class BudgetAllocator {

    private static final int POINTS = 8192;
    private static final double X_MIN = 1e-6;
    private static final double X_MAX = 60;
    private static final double[] X = new double[POINTS];
    private static final double[] G = new double[POINTS];

    static {
        for (int i = 0; i < POINTS; i++) {
            X[i] = X_MIN * Math.pow(X_MAX / X_MIN, i / (double) (POINTS - 1));
            G[i] = g(X[i]);
        }
    }

    private BudgetAllocator() {
    }

    static double g(double x) {
        return -Math.expm1(-x) - x * Math.exp(-x);
    }

    /** x with g(x) = y, for 0 < y < 1. */
    static double gInverse(double y) {
        if (y <= G[0]) {
            return X[0] * Math.sqrt(y / G[0]);   // g(x) ≈ x²/2 near 0
        }
        if (y >= G[POINTS - 1]) {
            return X_MAX;
        }
        int lo = 0;
        int hi = POINTS - 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (G[mid] < y) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double t = (y - G[lo]) / (G[hi] - G[lo]);
        return X[lo] + t * (X[hi] - X[lo]);
    }

    /** Visit frequencies, one per rate, summing to {@code budget}, maximising mean freshness. */
    public static double[] optimal(double[] rates, double budget) {
        return optimal(rates, null, budget);
    }

    /**
     * Visit frequencies maximising Σ w_i F(λ_i, f_i) under Σ f_i = budget ({@code weights} null: all 1). Pages
     * that never change (λ = 0) or carry no weight get none.
     */
    public static double[] optimal(double[] rates, double[] weights, double budget) {
        int n = rates.length;
        double[] f = new double[n];
        if (budget <= 0 || n == 0) {
            return f;
        }
        double maxGain = 0;
        for (int i = 0; i < n; i++) {
            double w = weights == null ? 1 : weights[i];
            if (rates[i] > 0 && w > 0) {
                maxGain = Math.max(maxGain, w / rates[i]);
            }
        }
        if (maxGain == 0) {
            return f;
        }
        // the total is a decreasing function of μ: regula falsi (Illinois) on log μ, about ten passes
        double a = Math.log(maxGain) - 40;
        double b = Math.log(maxGain);
        double fa = fill(rates, weights, Math.exp(a), f) - budget;
        double fb = fill(rates, weights, Math.exp(b), f) - budget;
        if (fa <= 0) {
            b = a;   // even the smallest μ does not spend the budget: every page that changes gets what it can use
        } else {
            int side = 0;
            for (int it = 0; it < 100 && fb < 0 && Math.abs(b - a) > 1e-12; it++) {
                double c = b - fb * (b - a) / (fb - fa);
                double fc = fill(rates, weights, Math.exp(c), f) - budget;
                if (Math.abs(fc) <= 1e-6 * budget) {
                    b = c;
                    break;
                }
                if (fc > 0) {
                    a = c;
                    fa = fc;
                    if (side == -1) {
                        fb /= 2;
                    }
                    side = -1;
                } else {
                    b = c;
                    fb = fc;
                    if (side == 1) {
                        fa /= 2;
                    }
                    side = 1;
                }
            }
        }
        double sum = fill(rates, weights, Math.exp(b), f);
        if (sum > 0) {
            for (int i = 0; i < n; i++) {
                f[i] *= budget / sum;
            }
        }
        return f;
    }

    private static double fill(double[] rates, double[] weights, double mu, double[] out) {
        double sum = 0;
        for (int i = 0; i < rates.length; i++) {
            double w = weights == null ? 1 : weights[i];
            double lambda = rates[i];
            double y = w > 0 && lambda > 0 ? mu * lambda / w : 1;
            out[i] = y >= 1 ? 0 : lambda / gInverse(y);
            sum += out[i];
        }
        return sum;
    }
}
