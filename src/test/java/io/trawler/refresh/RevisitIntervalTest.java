package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The Nutch adaptive interval and the poisson target interval, by hand. */
class RevisitIntervalTest {

    static final double DAY = NutchAdaptiveInterval.DAY;

    @Test
    void nutchShrinksOnChangeAndGrowsOtherwiseWithinBounds() {
        NutchAdaptiveInterval n = NutchAdaptiveInterval.DEFAULTS;
        assertEquals(24 * DAY, n.next(30 * DAY, true), 1e-6);
        assertEquals(42 * DAY, n.next(30 * DAY, false), 1e-6);
        assertEquals(365 * DAY, n.next(300 * DAY, false), 1e-6, "capped at a year");
        assertEquals(60, n.next(61, true), 1e-9, "never below a minute");
    }

    @Test
    void poissonTargetInterval() {
        RevisitTarget t = new RevisitTarget(0.5, 60, 365 * DAY);
        assertEquals(Math.log(2) / (1.0 / DAY), t.interval(1.0 / DAY), 1e-6, "half-life of a daily-changing page");
        assertEquals(365 * DAY, t.interval(0), 1e-6, "a page that never changes: the longest interval");
        assertEquals(60, t.interval(10), 1e-9, "a page changing ten times a second: the shortest");
    }
}
