package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The estimators against Monte Carlo: pages change as Poisson processes of known rate; the mean estimate over
 * 4,000 simulated histories is within 5 % of the true rate for λI ≤ 2 and n ≥ 20.
 */
class ChangeRateEstimatorTest {

    static final int TRIALS = 4000;

    /** Changes of a Poisson process of rate λ in an interval of length t: at least one with probability 1 − e^{−λt}. */
    static boolean changed(Random rnd, double rate, double t) {
        return rnd.nextDouble() < -Math.expm1(-rate * t);
    }

    @ParameterizedTest(name = "regular visits, λI = {0}, n = {1}")
    @CsvSource({"0.1, 20", "0.5, 20", "1.0, 20", "2.0, 20", "0.5, 50", "2.0, 100"})
    void biasReducedIsUnbiasedEnough(double lambdaI, int n) {
        Random rnd = new Random(11);
        double interval = 1.0;
        double sum = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            int x = 0;
            for (int i = 0; i < n; i++) {
                if (changed(rnd, lambdaI, interval)) {
                    x++;
                }
            }
            sum += ChangeRateEstimator.biasReduced(n, x, interval);
        }
        assertEquals(lambdaI, sum / TRIALS, 0.05 * lambdaI);
    }

    @ParameterizedTest(name = "irregular visits, λ = {0}, n = {1}")
    @CsvSource({"0.2, 20", "0.5, 20", "1.0, 20", "1.0, 50", "1.1, 20"})
    void maximumLikelihoodForIrregularVisits(double rate, int n) {
        Random rnd = new Random(12);
        double sum = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            List<Double> c = new ArrayList<>();
            List<Double> u = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double t = 0.2 + rnd.nextDouble() * 1.6;   // intervals 0.2 … 1.8, mean 1: λ t ≤ 1.8
                (changed(rnd, rate, t) ? c : u).add(t);
            }
            sum += ChangeRateEstimator.maximumLikelihood(c.stream().mapToDouble(Double::doubleValue).toArray(),
                    u.stream().mapToDouble(Double::doubleValue).toArray(), 100);
        }
        assertEquals(rate, sum / TRIALS, 0.05 * rate);
    }

    @ParameterizedTest(name = "last-modified, λ = {0}, n = {1}")
    @CsvSource({"0.5, 20", "1.0, 20", "2.0, 40"})
    void lastModifiedDates(double rate, int n) {
        Random rnd = new Random(13);
        double sum = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            int x = 0;
            double exposure = 0;
            for (int i = 0; i < n; i++) {
                // change times in the interval [0, 1): the visit at 1 sees the time since the last one
                double t = 0;
                double last = -1;
                while (true) {
                    t += -Math.log(1 - rnd.nextDouble()) / rate;
                    if (t >= 1) {
                        break;
                    }
                    last = t;
                }
                if (last < 0) {
                    exposure += 1;
                } else {
                    x++;
                    exposure += 1 - last;
                }
            }
            sum += ChangeRateEstimator.lastModified(x, exposure);
        }
        assertEquals(rate, sum / TRIALS, 0.05 * rate);
    }

    @ParameterizedTest(name = "edge cases")
    @CsvSource({"20, 20", "20, 0"})
    void extremes(int n, int x) {
        double r = ChangeRateEstimator.biasReduced(n, x, 1);
        assertTrue(Double.isFinite(r) && r >= 0);
        assertEquals(0, ChangeRateEstimator.maximumLikelihood(new double[0], new double[] {1, 1}, 100));
        double allChanged = ChangeRateEstimator.maximumLikelihood(new double[] {1, 1}, new double[0], 100);
        assertEquals(ChangeRateEstimator.biasReduced(2, 2, 1), allChanged, 1e-9, "equal intervals: the regular estimator");
    }
}
