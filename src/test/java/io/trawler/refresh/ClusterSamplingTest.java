package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClusterSamplingTest {

    @Test
    void sectionsBecomeClustersAndSamplesSitNearTheirCentres() {
        List<String> urls = new ArrayList<>();
        List<double[]> features = new ArrayList<>();
        Random rnd = new Random(1);
        for (int i = 0; i < 300; i++) {
            String section = i % 3 == 0 ? "news" : i % 3 == 1 ? "archive" : "sport";
            String url = "http://www.site.test/" + section + "/item-" + i + ".html";
            urls.add(url);
            features.add(ClusterSampling.features(url, 2 + rnd.nextInt(2), "text/html", 20_000 + rnd.nextInt(5_000)));
        }
        ClusterSampling cs = ClusterSampling.fit(features.toArray(new double[0][]), 3, 0.04, 3, 7);
        for (int i = 3; i < 300; i++) {
            assertEquals(cs.clusterOf(i % 3), cs.clusterOf(i), urls.get(i) + " is in its section's cluster");
        }
        assertNotEquals(cs.clusterOf(0), cs.clusterOf(1));
        long samples = java.util.stream.IntStream.range(0, 300).filter(cs::sampled).count();
        assertEquals(12, samples, "4 % of each 100-page cluster");
        assertEquals(cs.clusterOf(0), cs.nearest(ClusterSampling.features("http://www.site.test/news/new.html", 2, "text/html", 21_000)),
                "a new page joins its section's cluster");
    }

    @Test
    void aClustersRateComesFromItsSamplesTogether() {
        Random rnd = new Random(2);
        double[] truth = {1.0 / 3600, 0};   // hourly, never
        List<Integer> clusterOf = new ArrayList<>();
        List<PageHistory> histories = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            for (int s = 0; s < 5; s++) {
                PageHistory h = new PageHistory();
                long t = 0;
                long fp = 0;
                h.add(new PageHistory.Fetch(t += 1000, 200, fp, 0, null));
                for (int v = 0; v < 20; v++) {
                    long gap = 1_800_000 + rnd.nextInt(1_800_000);   // half an hour to an hour, in ms
                    if (rnd.nextDouble() < 1 - Math.exp(-truth[c] * gap / 1000.0)) {
                        fp++;
                    }
                    h.add(new PageHistory.Fetch(t += gap, 200, fp, 0, null));
                }
                clusterOf.add(c);
                histories.add(h);
            }
        }
        double[] rates = ClusterSampling.clusterRates(3, clusterOf, histories);
        assertTrue(Math.abs(rates[0] / truth[0] - 1) < 0.25, "hourly cluster estimated at " + rates[0] * 3600 + " per hour");
        assertTrue(rates[1] * 86_400 < 0.2, "a cluster that never changed: " + rates[1] * 86_400 + " per day");
        assertTrue(Double.isNaN(rates[2]), "a cluster without sampled visits has no estimate");
    }
}
