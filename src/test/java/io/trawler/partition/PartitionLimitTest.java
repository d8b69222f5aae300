package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Predictions under a crawl's page limit, on the real Hollins graph: a limit the site never reaches predicts what no
 * limit does; a limit below the site's size caps the pages admitted (the crawl's total, or each lane's share when the
 * frontier is one shard per lane) and the predicted coverage with it, as the live crawl's coverage is capped.
 */
class PartitionLimitTest {

    @Test
    void aLimitBeyondTheSiteChangesNothing() throws Exception {
        SitePartitioner p = new SitePartitioner(HollinsPartitionTest.hollins());
        PartitionSimulator sim = new PartitionSimulator(p);
        long huge = p.graph().size() * 10L;
        for (int n : new int[] {1, 3, 5}) {
            PartitionPlan plan = p.plan(n, 0.9, 2);
            for (CrawlMode mode : CrawlMode.values()) {
                PartitionSimulator.Result free = sim.simulate(plan, mode, Integer.MAX_VALUE);
                for (boolean perLane : new boolean[] {false, true}) {
                    PartitionSimulator.Result limited = sim.simulate(plan, mode, Integer.MAX_VALUE, new PartitionSimulator.Limit(huge, perLane));
                    assertEquals(free.distinct(), limited.distinct(), n + " " + mode + " " + perLane);
                    assertEquals(free.fetched(), limited.fetched(), n + " " + mode + " " + perLane);
                    assertEquals(Arrays.toString(free.fetchedBy()), Arrays.toString(limited.fetchedBy()), n + " " + mode + " " + perLane);
                }
            }
        }
    }

    @Test
    void aLimitCapsAdmissionsAndCoverage() throws Exception {
        SitePartitioner p = new SitePartitioner(HollinsPartitionTest.hollins());
        PartitionSimulator sim = new PartitionSimulator(p);
        int size = p.graph().size();
        long limit = 2_500;
        assertTrue(size > 2 * limit, "the graph is larger than the limit: " + size);
        PartitionPlan plan = p.plan(3, 0.9, 2);
        for (CrawlMode mode : CrawlMode.values()) {
            PartitionSimulator.Result free = sim.simulate(plan, mode, p.maxLevel());
            PartitionSimulator.Result total = sim.simulate(plan, mode, p.maxLevel(), new PartitionSimulator.Limit(limit, false));
            assertTrue(total.fetched() <= limit, mode + ": the crawl admits at most its limit: " + total.fetched());
            assertTrue(total.metrics().coverage() <= (double) limit / size + 1e-9, mode + " coverage " + total.metrics().coverage());
            assertTrue(total.metrics().coverage() < free.metrics().coverage(), mode + ": the limit lowers the predicted coverage");
            PartitionSimulator.Result shares = sim.simulate(plan, mode, p.maxLevel(), new PartitionSimulator.Limit(limit, true));
            for (int lane = 0; lane < 3; lane++) {
                assertTrue(shares.fetchedBy()[lane] <= limit / 3 + 1, mode + ": lane " + lane + " keeps to its share: " + shares.fetchedBy()[lane]);
            }
            if (mode == CrawlMode.COORDINATED) {
                assertEquals(total.fetched(), total.distinct(), "coordinated lanes fetch each page once");
                assertEquals(limit, total.fetched(), "a connected site fills the limit");
            }
        }
    }
}
