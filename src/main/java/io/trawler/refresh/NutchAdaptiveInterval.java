package io.trawler.refresh;

/**
 * Apache Nutch's AdaptiveFetchSchedule, the baseline of the freshness comparison: after a visit that found
 * the page changed the revisit interval shrinks by {@code decRate}, after one that found it unchanged it grows
 * by {@code incRate}, always between {@code minInterval} and {@code maxInterval} (Nutch's defaults: 0.2, 0.4,
 * 60 s, 365 days; a new page starts at 30 days). Times in seconds. (Nutch's optional sync-delta correction is
 * off by default and left out.)
 */
public record NutchAdaptiveInterval(double incRate, double decRate, double minInterval, double maxInterval, double initialInterval) {

    public static final double DAY = 86_400;
    public static final NutchAdaptiveInterval DEFAULTS = new NutchAdaptiveInterval(0.4, 0.2, 60, 365 * DAY, 30 * DAY);

    public NutchAdaptiveInterval {
        if (!(incRate >= 0 && decRate >= 0 && decRate < 1 && minInterval > 0 && maxInterval >= minInterval)) {
            throw new IllegalArgumentException("need incRate ≥ 0, 0 ≤ decRate < 1, 0 < minInterval ≤ maxInterval");
        }
    }

    /** The next interval after a visit at the current {@code interval} that found the page {@code changed} or not. */
    public double next(double interval, boolean changed) {
        double i = changed ? interval * (1 - decRate) : interval * (1 + incRate);
        return Math.max(minInterval, Math.min(maxInterval, i));
    }
}
