package io.trawler.refresh;

/**
 * The poisson policy's simple form: revisit a page when the probability that it has changed since the last
 * visit, 1 − e^{−λt}, reaches a target p; that is after t = −ln(1 − p) / λ, within the given bounds.
 */
public record RevisitTarget(double probability, double minInterval, double maxInterval) {

    public RevisitTarget {
        if (!(probability > 0 && probability < 1 && minInterval > 0 && maxInterval >= minInterval)) {
            throw new IllegalArgumentException("need 0 < probability < 1 and 0 < minInterval ≤ maxInterval");
        }
    }

    /** The interval after which a page of change rate {@code rate} has changed with the target probability. */
    public double interval(double rate) {
        if (rate <= 0) {
            return maxInterval;
        }
        double t = -Math.log1p(-probability) / rate;
        return Math.max(minInterval, Math.min(maxInterval, t));
    }
}
