package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Key paths, greedy assignment, seeds, the crawl model and the metrics on a graph small enough to check by hand. */
class SitePartitionerTest {

    /*
     * Home h links to a1, b1, c1. Path a.test/a holds a1..a4 (a1 → a2 → a3, a1 → a4), a.test/b holds b1..b3
     * (b1 → b2 → b3), a.test/c holds c1 (c1 → a2, c1 → b2). a2 has in-degree 2, b2 in-degree 2.
     */
    static LinkGraph graph() {
        String[] urls = {"http://a.test/", "http://a.test/a/1", "http://a.test/a/2", "http://a.test/a/3", "http://a.test/a/4",
                "http://a.test/b/1", "http://a.test/b/2", "http://a.test/b/3", "http://a.test/c/1"};
        int[] from = {0, 0, 0, 1, 2, 1, 5, 6, 8, 8};
        int[] to = {1, 5, 8, 2, 3, 4, 6, 7, 2, 6};
        return LinkGraph.of(urls, from, to, from.length, 0);
    }

    @Test
    void keyPathsAndGreedyAssignment() {
        SitePartitioner p = new SitePartitioner(graph());
        // sizes: a 4, b 3, c 1, host/ 1 (the home) → 90 % of 9 = 8.1 URLs: a + b + c = 8 is not enough, the home's path joins
        assertEquals(List.of("a.test/a", "a.test/b", "a.test/", "a.test/c"), p.keyPaths(0.9));
        assertEquals(List.of("a.test/a", "a.test/b"), p.keyPaths(0.7));
        PartitionPlan plan = p.plan(2, 0.7, 1);
        assertEquals(List.of("a.test/a"), plan.crawlers().get(0).paths());
        assertEquals(List.of("a.test/b"), plan.crawlers().get(1).paths());
        assertEquals(4, plan.crawlers().get(0).urls());
        // supplementary seed: highest in-degree (a2: from a1 and c1), the home page first
        assertEquals(List.of("http://a.test/", "http://a.test/a/2"), plan.crawlers().get(0).seeds());
        assertEquals(List.of("http://a.test/", "http://a.test/b/2"), plan.crawlers().get(1).seeds());
        assertEquals(List.of("a.test/", "a.test/c"), plan.nonKeyPaths());
    }

    @Test
    void independentCrawlersShareNonKeyPathsAndDropForeignLinks() {
        SitePartitioner p = new SitePartitioner(graph());
        PartitionSimulator sim = new PartitionSimulator(p);
        PartitionPlan plan = p.plan(2, 0.7, 1);
        PartitionSimulator.Result r = sim.simulate(plan, CrawlMode.INDEPENDENT, 10);
        // crawler 0: h, a1, a2, a3, a4, c1 (b1, b2 dropped) = 6; crawler 1: h, b1, b2, b3, c1 (a1, a2 dropped) = 5
        assertEquals(6, r.fetchedBy()[0]);
        assertEquals(5, r.fetchedBy()[1]);
        assertEquals(11, r.fetched());
        assertEquals(9, r.distinct());
        assertEquals(2 / 11.0, r.metrics().overlap(), 1e-12);
        assertEquals(1.0, r.metrics().coverage(), 1e-12);
        assertEquals(9 / 6.0, r.metrics().acceleration(), 1e-12);
        double a = 9 / 6.0;
        assertEquals(a * a * (1 - 0.8) / Math.sqrt(0.2), r.metrics().composite(), 1e-12, "overlap 0.18 < δ: √δ");
    }

    @Test
    void coordinatedCrawlersFetchEveryPageOnce() {
        SitePartitioner p = new SitePartitioner(graph());
        PartitionSimulator.Result r = new PartitionSimulator(p).simulate(p.plan(2, 0.7, 1), CrawlMode.COORDINATED, 10);
        assertEquals(9, r.fetched());
        assertEquals(0.0, r.metrics().overlap());
        assertEquals(1.0, r.metrics().coverage());
    }

    @Test
    void depthLimitCutsTheCrawl() {
        SitePartitioner p = new SitePartitioner(graph());
        PartitionSimulator.Result r = new PartitionSimulator(p).simulate(p.plan(1, 0.7, 0), CrawlMode.INDEPENDENT, 1);
        assertEquals(4, r.distinct(), "home and its three children");
    }

    @Test
    void singleCrawlerComposite() {
        PartitionMetrics m = PartitionMetrics.of(100, 100, 100, 100, 0.8, 0.2);
        assertEquals(0.2 / Math.sqrt(0.2), m.composite(), 1e-12);
        assertEquals(0.447, m.composite(), 0.0005);
    }
}
