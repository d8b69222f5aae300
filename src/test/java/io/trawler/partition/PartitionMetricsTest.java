package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** SPEC §3's measures of a finished crawl, and the same measures so far of one under way. */
class PartitionMetricsTest {

    private record Case(long fetched, long distinct, long should, long busiest, double overlap, double coverage, double acceleration,
            double accelerationSoFar) {
    }

    @Test
    void finishedAndSoFar() {
        Case[] cases = {
            // the reported mid-crawl reading: 149 pages of a 2,500-page site, the busiest lane at 50: U/M said 50.0
            new Case(149, 149, 2_500, 50, 0, 0.0596, 50.0, 2.98),
            new Case(717, 717, 2_500, 240, 0, 0.2868, 10.4167, 2.9875),
            // finished with every page: the two agree
            new Case(2_500, 2_500, 2_500, 840, 0, 1, 2.9762, 2.9762),
            // overlap: 3,000 fetches of 2,400 distinct pages
            new Case(3_000, 2_400, 2_500, 1_000, 0.2, 0.96, 2.5, 2.4),
            new Case(0, 0, 2_500, 0, 0, 0, 0, 0),
        };
        for (Case c : cases) {
            PartitionMetrics done = PartitionMetrics.of(c.fetched, c.distinct, c.should, c.busiest, 0.8, 0.2);
            PartitionMetrics soFar = PartitionMetrics.soFar(c.fetched, c.distinct, c.should, c.busiest, 0.8, 0.2);
            assertEquals(c.overlap, done.overlap(), 1e-4, c.toString());
            assertEquals(c.coverage, done.coverage(), 1e-4, c.toString());
            assertEquals(c.acceleration, done.acceleration(), 1e-4, c.toString());
            assertEquals(c.accelerationSoFar, soFar.acceleration(), 1e-4, c.toString());
            assertEquals(done.coverage(), soFar.coverage(), 1e-12);
            assertEquals(done.overlap(), soFar.overlap(), 1e-12);
            double composite = Math.max(soFar.acceleration() * soFar.acceleration() * (soFar.coverage() - 0.8)
                    / Math.sqrt(Math.max(soFar.overlap(), 0.2)), 0);
            assertEquals(composite, soFar.composite(), 1e-9);
        }
    }
}
