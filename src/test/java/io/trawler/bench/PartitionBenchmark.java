package io.trawler.bench;

import io.trawler.partition.CrawlMode;
import io.trawler.partition.LinkGraph;
import io.trawler.partition.LinkGraphs;
import io.trawler.partition.PartitionPlan;
import io.trawler.partition.PartitionSimulator;
import io.trawler.partition.SitePartitioner;
import io.trawler.testsupport.SharedData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The partition planner's speed (issue 3): plan and simulate N = 1…10 on a generated 100,000-page graph
 * with about 3 million links, and on the real Hollins graph; also one edit (re-simulate one plan), which
 * is what the partition editor does on every move. Medians after warm-up.
 *
 * <pre>
 * ./mvnw test -Pbenchmark -Dtest=PartitionBenchmark
 * </pre>
 */
@Tag("benchmark")
class PartitionBenchmark {

    @Test
    void planAndSimulate() throws Exception {
        LinkGraph hollins = LinkGraphs.readHollins(SharedData.path("graphs/hollins-urls.txt"), SharedData.path("graphs/hollins-edges.txt"));
        LinkGraph big = generated(100_000, 34, 11);
        System.out.printf("%n=== Partition planner: plan + simulate N = 1…10 (independent), %d cores ===%n",
                Runtime.getRuntime().availableProcessors());
        for (LinkGraph g : List.of(hollins, big)) {
            List<Double> full = new ArrayList<>();
            List<Double> edit = new ArrayList<>();
            int reps = g.size() > 50_000 ? 7 : 30;
            for (int r = 0; r < reps + 3; r++) {
                long t0 = System.nanoTime();
                SitePartitioner p = new SitePartitioner(g);
                PartitionSimulator sim = new PartitionSimulator(p);
                sim.predict(1, 10, 0.9, 2, CrawlMode.INDEPENDENT, p.maxLevel());
                long t1 = System.nanoTime();
                PartitionPlan plan = p.plan(4, 0.9, 2);
                long t2 = System.nanoTime();
                sim.simulate(plan, CrawlMode.INDEPENDENT, p.maxLevel());
                long t3 = System.nanoTime();
                if (r >= 3) {
                    full.add((t1 - t0) / 1e6);
                    edit.add((t3 - t2) / 1e6);
                }
            }
            System.out.printf("%,9d pages %,10d links: plan+simulate N=1..10 median %7.1f ms (min %.1f), one edit (simulate 4 crawlers) %6.2f ms%n",
                    g.size(), g.edges(), CrawlBenchmark.median(full), full.stream().mapToDouble(d -> d).min().orElse(0),
                    CrawlBenchmark.median(edit));
        }
    }

    /** A site graph like the test site generator's: skewed directories, a 4-ary tree, random links mostly within a directory. */
    static LinkGraph generated(int pages, int linksPerPage, long seed) {
        Random random = new Random(seed);
        int dirs = 12;
        double[] cumulative = new double[dirs];
        double total = 0;
        for (int d = 0; d < dirs; d++) {
            total += 1 / Math.pow(d + 1, 1.3);
            cumulative[d] = total;
        }
        String[] urls = new String[pages];
        int[] dirOf = new int[pages];
        List<List<Integer>> byDir = new ArrayList<>();
        for (int d = 0; d < dirs; d++) {
            byDir.add(new ArrayList<>());
        }
        for (int i = 0; i < pages; i++) {
            double x = random.nextDouble() * total;
            int d = 0;
            while (cumulative[d] < x) {
                d++;
            }
            dirOf[i] = d;
            byDir.get(d).add(i);
            urls[i] = i == 0 ? "http://big.test/" : "http://big.test/d" + d + "/p" + i + ".html";
        }
        int edges = pages * linksPerPage;
        int[] from = new int[edges];
        int[] to = new int[edges];
        int k = 0;
        for (int i = 0; i < pages; i++) {
            for (int c = 4 * i + 1; c <= 4 * i + 4 && c < pages && k < edges; c++) {
                from[k] = i;
                to[k++] = c;
            }
            List<Integer> same = byDir.get(dirOf[i]);
            for (int l = 4; l < linksPerPage && k < edges; l++) {
                from[k] = i;
                to[k++] = random.nextDouble() < 0.7 ? same.get(random.nextInt(same.size())) : random.nextInt(pages);
            }
        }
        return LinkGraph.of(urls, from, to, k, 0);
    }
}
