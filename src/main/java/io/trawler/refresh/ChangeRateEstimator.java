package io.trawler.refresh;

/**
 * Estimators of a page's Poisson change rate λ from its visit history (Cho &amp; Garcia-Molina, "Estimating
 * frequency of change", 2003). Rates are per unit of the intervals given (for example per day).
 */
public final class ChangeRateEstimator {

    private ChangeRateEstimator() {
    }

    /**
     * Regular visits: n visits at interval I, of which X found the page changed. The bias-reduced estimator
     * −ln((n − X + 0.5) / (n + 0.5)) / I, finite even when every visit saw a change.
     */
    public static double biasReduced(int visits, int changes, double interval) {
        if (visits <= 0 || changes < 0 || changes > visits || !(interval > 0)) {
            throw new IllegalArgumentException("need visits > 0, 0 ≤ changes ≤ visits, interval > 0");
        }
        return -Math.log((visits - changes + 0.5) / (visits + 0.5)) / interval;
    }

    /**
     * The revisit engine's estimate from irregular visits: {@link #maximumLikelihood} capped at 50 changes per
     * shortest changed interval; with no change seen, half a change over the time observed (an upper bound that
     * shrinks as the page stays unchanged); NaN without any interval.
     */
    public static double fromVisits(double[] changed, double[] unchanged) {
        if (changed.length == 0) {
            double observed = 0;
            for (double t : unchanged) {
                observed += t;
            }
            return observed > 0 ? 0.5 / observed : Double.NaN;
        }
        double shortest = Double.MAX_VALUE;
        for (double t : changed) {
            shortest = Math.min(shortest, t);
        }
        return maximumLikelihood(changed, unchanged, 50 / shortest);
    }

    /**
     * Irregular visits: the lengths of the intervals after which a change was seen ({@code changed}) and of
     * those after which none was ({@code unchanged}). The maximum-likelihood λ solves
     * Σ t_c / (e^{λ t_c} − 1) = Σ t_u. As the bias-reduced estimator does for regular visits (it is this
     * equation with half an unchanged visit added), half an unchanged interval of the mean length is added to
     * Σ t_u: the plain maximum-likelihood estimate is 5–6 % too high at n = 20 and infinite when every visit saw
     * a change. With no change seen λ is 0; the result is capped at {@code maxRate}.
     */
    public static double maximumLikelihood(double[] changed, double[] unchanged, double maxRate) {
        double su = 0;
        double all = 0;
        for (double t : unchanged) {
            su += t;
            all += t;
        }
        for (double t : changed) {
            all += t;
        }
        if (changed.length == 0) {
            return 0;
        }
        su += 0.5 * all / (changed.length + unchanged.length);
        if (su <= 0) {
            return maxRate;
        }
        if (lhs(changed, maxRate) > su) {
            return maxRate;
        }
        // lhs decreases from +inf (λ → 0) to 0: Newton's method in log λ from the regular-visit estimate at the
        // mean interval, kept inside a bracket that shrinks with every step (a bisection step when Newton leaves it)
        int n = changed.length + unchanged.length;
        double mean = all / n;
        double lo = 0;
        double hi = maxRate;
        double x = Math.min(maxRate / 2, -Math.log((n - changed.length + 0.5) / (n + 0.5)) / mean);
        for (int i = 0; i < 100; i++) {
            double f = 0;
            double df = 0;
            for (double t : changed) {
                double e = Math.expm1(x * t);
                f += t / e;
                df -= t * t * (e + 1) / (e * e);
            }
            f -= su;
            if (f > 0) {
                lo = x;
            } else {
                hi = x;
            }
            double next = x - f / df;
            if (!(next > lo && next < hi)) {
                next = lo > 0 ? Math.sqrt(lo * hi) : hi / 2;
            }
            if (Math.abs(next - x) <= 1e-10 * x) {
                return next;
            }
            x = next;
        }
        return x;
    }

    private static double lhs(double[] changed, double rate) {
        double s = 0;
        for (double t : changed) {
            s += t / Math.expm1(rate * t);
        }
        return s;
    }

    /**
     * Visits that know the page's last-modified time: X visits saw a change, and {@code exposure} is the total
     * time known to have passed without a change (the whole interval of an unchanged visit, the time from the
     * last modification to the visit of a changed one). Maximum likelihood: X / exposure.
     */
    public static double lastModified(int changes, double exposure) {
        if (changes < 0 || !(exposure > 0)) {
            throw new IllegalArgumentException("need changes ≥ 0 and exposure > 0");
        }
        return changes / exposure;
    }
}
