package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Predictions under a crawl's page limit, on the real Hollins graph: a limit the site never reaches predicts what no
 * limit does; a limit below the site's size caps the pages admitted, counted over every lane, and the crawl should then
 * fetch the limit: coverage and acceleration are measured against it, not against the whole site (which once let a plan
 * whose lanes each stopped at a third of the limit predict three-fold acceleration).
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
                PartitionSimulator.Result limited = sim.simulate(plan, mode, Integer.MAX_VALUE, new PartitionSimulator.Limit(huge));
                assertEquals(free.distinct(), limited.distinct(), n + " " + mode);
                assertEquals(free.fetched(), limited.fetched(), n + " " + mode);
                assertEquals(Arrays.toString(free.fetchedBy()), Arrays.toString(limited.fetchedBy()), n + " " + mode);
                assertEquals(free.metrics(), limited.metrics(), n + " " + mode);
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
            PartitionSimulator.Result total = sim.simulate(plan, mode, p.maxLevel(), new PartitionSimulator.Limit(limit));
            assertTrue(total.fetched() <= limit, mode + ": the crawl admits at most its limit: " + total.fetched());
            assertEquals(total.distinct() / (double) limit, total.metrics().coverage(), 1e-9, mode + ": coverage of the limit");
            long busiest = Arrays.stream(total.fetchedBy()).max().orElseThrow();
            assertEquals(limit / (double) busiest, total.metrics().acceleration(), 1e-9, mode + ": the limit over the busiest lane's pages");
            assertTrue(total.metrics().acceleration() <= 3 + 1e-9, mode + ": three lanes never predict more than three-fold");
            assertTrue(free.metrics().coverage() > 0.5, mode + " " + free.metrics().coverage());
            if (mode == CrawlMode.COORDINATED) {
                assertEquals(total.fetched(), total.distinct(), "coordinated lanes fetch each page once");
                assertEquals(limit, total.fetched(), "a connected site fills the limit");
                assertEquals(1.0, total.metrics().coverage(), 1e-9);
            }
        }
    }
}
