package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsupport.SharedData;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real Hollins graph (6,012 URLs, 23,875 links): the simulator's table for N = 1…10. */
class HollinsPartitionTest {

    static LinkGraph hollins() throws Exception {
        return LinkGraphs.readHollins(SharedData.path("graphs/hollins-urls.txt"), SharedData.path("graphs/hollins-edges.txt"));
    }

    @Test
    void singleCrawlerCompositeIsTheSeeds() throws Exception {
        LinkGraph g = hollins();
        assertEquals(6012, g.size());
        SitePartitioner p = new SitePartitioner(g);
        PartitionSimulator sim = new PartitionSimulator(p);
        List<PartitionSimulator.Prediction> table = sim.predict(1, 10, 0.9, 2, CrawlMode.INDEPENDENT, p.maxLevel());
        System.out.println("N  overlap  coverage  acceleration  composite   (Hollins, independent, key paths 90 %, 2 seeds a path, depth " + p.maxLevel() + ")");
        for (PartitionSimulator.Prediction r : table) {
            System.out.printf("%2d  %7.4f  %8.4f  %12.3f  %9.4f%n", r.crawlers(), r.metrics().overlap(), r.metrics().coverage(),
                    r.metrics().acceleration(), r.metrics().composite());
        }
        System.out.println("N  overlap  coverage  acceleration  composite   (Hollins, coordinated)");
        for (PartitionSimulator.Prediction r : sim.predict(1, 10, 0.9, 2, CrawlMode.COORDINATED, p.maxLevel())) {
            System.out.printf("%2d  %7.4f  %8.4f  %12.3f  %9.4f%n", r.crawlers(), r.metrics().overlap(), r.metrics().coverage(),
                    r.metrics().acceleration(), r.metrics().composite());
        }
        PartitionMetrics one = table.get(0).metrics();
        assertEquals(0.0, one.overlap());
        assertEquals(1.0, one.acceleration(), 0.001, "U/M: one of the 6,012 URLs is linked from nowhere");
        assertEquals(0.447, one.composite(), 0.0005);
        assertTrue(table.get(1).metrics().acceleration() > 1.3, "two crawlers are faster");
        PartitionSimulator.Result coordinated = sim.simulate(p.plan(3, 0.9, 2), CrawlMode.COORDINATED, p.maxLevel());
        assertEquals(0.0, coordinated.metrics().overlap());
        assertEquals(one.coverage(), coordinated.metrics().coverage(), 1e-12, "coordinated mode keeps the single-crawler coverage");
    }
}
