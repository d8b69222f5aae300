package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Cho &amp; Garcia-Molina's five-page example: rates 1…5 changes per day, 5 fetches per day. */
class FreshnessTest {

    static final double[] RATES = {1, 2, 3, 4, 5};

    static double mean(double[] rates, double[] frequencies) {
        double s = 0;
        for (int i = 0; i < rates.length; i++) {
            s += Freshness.expected(rates[i], frequencies[i]);
        }
        return s / rates.length;
    }

    @Test
    void uniformProportionalAndOptimal() {
        assertEquals(0.365, mean(RATES, new double[] {1, 1, 1, 1, 1}), 0.002, "uniform");
        assertEquals(0.317, mean(RATES, new double[] {1 / 3.0, 2 / 3.0, 1, 4 / 3.0, 5 / 3.0}), 0.002, "proportional");
        double[] optimal = BudgetAllocator.optimal(RATES, 5);
        double sum = 0;
        for (double f : optimal) {
            sum += f;
        }
        assertEquals(5, sum, 1e-9, "the whole budget");
        assertEquals(0.374, mean(RATES, optimal), 0.002, "optimal");
        assertTrue(optimal[0] < optimal[1] || optimal[4] < optimal[0], "the fastest page gets fewer visits than a proportional share");
    }

    @Test
    void pagesThatChangeTooFastGetNothing() {
        double[] f = BudgetAllocator.optimal(new double[] {0.1, 0.2, 50}, 0.5);
        assertEquals(0, f[2], 1e-12);
        assertTrue(f[0] > 0 && f[1] > 0);
    }

    @Test
    void freshnessAndAgeLimits() {
        assertEquals(1, Freshness.expected(0, 1), 1e-12);
        assertEquals(0, Freshness.expected(1, 0), 1e-12);
        assertEquals(1 - Math.exp(-1), Freshness.expected(1, 1), 1e-12);
        // age: I/2 − 1/λ + (1 − e^{−λI})/(λ²I) for λ = 1, I = 1
        assertEquals(0.5 - 1 + (1 - Math.exp(-1)), Freshness.expectedAge(1, 1), 1e-12);
        assertEquals(0, Freshness.expectedAge(0, 1), 1e-12);
    }
}
