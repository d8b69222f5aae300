package io.trawler.refresh;

/**
 * Expected freshness and age of a page whose changes are a Poisson process of rate λ, revisited at regular
 * frequency f (Cho &amp; Garcia-Molina, "Synchronizing a database to improve freshness", 2000).
 */
public final class Freshness {

    private Freshness() {
    }

    /** Time-averaged probability that the copy is fresh: (f / λ)(1 − e^{−λ/f}); 0 when never visited. */
    public static double expected(double rate, double frequency) {
        if (frequency <= 0) {
            return rate <= 0 ? 1 : 0;
        }
        if (rate <= 0) {
            return 1;
        }
        double x = rate / frequency;
        return -Math.expm1(-x) / x;
    }

    /** Time-averaged age (time since the copy went stale, 0 while fresh) under revisit interval 1/f. */
    public static double expectedAge(double rate, double frequency) {
        if (rate <= 0) {
            return 0;
        }
        if (frequency <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double i = 1 / frequency;
        double x = rate * i;
        // (1/I) ∫0^I (t − (1 − e^{−λt})/λ) dt
        return i / 2 - 1 / rate + (-Math.expm1(-x)) / (rate * x);
    }
}
