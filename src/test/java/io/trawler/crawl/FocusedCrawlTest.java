package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.eval.FocusedCrawlSimulator;
import io.trawler.eval.FocusedEvaluation;
import io.trawler.order.FocusSettings;
import io.trawler.order.Topic;
import io.trawler.testsite.BbcSite;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.BbcSiteResource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Focused crawls T and T&amp;L of the BBC test site through the whole crawler (API, frontier Lua, worker,
 * topic model), each label in turn as the topic, with a budget of 500 fetches: each crawl fetches exactly the
 * pages the in-memory simulator predicts, pages carry their relevance, and T&amp;L beats T on average
 * precision and recall (seed 003).
 */
@QuarkusTest
@QuarkusTestResource(value = BbcSiteResource.class, restrictToAnnotatedClass = true)
class FocusedCrawlTest {

    static final int BUDGET = 500;
    static final double THETA = 0.1;

    @Test
    void tAndLBeatsTOnTheBbcSite() throws Exception {
        BbcSite site = BbcSiteResource.site;
        double[] sum = new double[4];
        for (String label : BbcSite.LABELS) {
            Topic topic = new Topic(Map.of(), site.examples(label), THETA, FocusedEvaluation.background(site));
            for (boolean tl : new boolean[] {false, true}) {
                String strategy = tl ? "focused-tl" : "focused-t";
                String id = BbcSiteResource.startFocusedCrawl("bbc-" + label + "-" + strategy, strategy, BUDGET, topic);
                assertEquals("FINISHED", Api.awaitEnd(id, 240_000).getString("state"));
                List<Map<String, Object>> pages = Api.pages(id);
                Set<String> fetched = new HashSet<>();
                long onTopic = 0;
                for (Map<String, Object> p : pages) {
                    fetched.add((String) p.get("url"));
                    assertTrue(p.get("relevance") instanceof Number, "focused pages carry their relevance");
                    assertTrue(p.get("relevant") instanceof Boolean);
                    BbcSite.Page page = site.pages().get((String) p.get("url"));
                    if (page != null && label.equals(page.label())) {
                        onTopic++;
                    }
                }
                assertEquals(BUDGET, pages.size(), strategy + " " + label + ": the budget is spent");
                FocusedCrawlSimulator.Result predicted = FocusedCrawlSimulator.crawl(site, label, topic, tl, FocusSettings.DEFAULTS, BUDGET);
                List<String> order = pages.stream().map(p -> (String) p.get("url")).toList();
                int first = 0;
                while (first < order.size() && first < predicted.fetched().size() && order.get(first).equals(predicted.fetched().get(first))) {
                    first++;
                }
                if (first < BUDGET) {
                    System.out.printf("%s %s diverges at %d: crawled %s, predicted %s%n", strategy, label, first,
                            order.subList(Math.max(0, first - 2), Math.min(order.size(), first + 3)),
                            predicted.fetched().subList(Math.max(0, first - 2), Math.min(BUDGET, first + 3)));
                    for (int i = Math.max(0, first - 2); i < Math.min(order.size(), first + 1); i++) {
                        System.out.println("  " + pages.get(i));
                    }
                }
                assertEquals(new HashSet<>(predicted.fetched()), fetched, strategy + " " + label + ": the pages the simulator predicts");
                double precision = (double) onTopic / pages.size();
                double recall = (double) onTopic / site.targets(label);
                System.out.printf("focused %s %s: precision %.3f recall %.3f%n", strategy, label, precision, recall);
                sum[tl ? 2 : 0] += precision;
                sum[tl ? 3 : 1] += recall;
            }
        }
        int n = BbcSite.LABELS.size();
        System.out.printf("focused average: T %.3f / %.3f, T&L %.3f / %.3f%n", sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n);
        assertTrue(sum[2] > sum[0], "T&L has the better average precision");
        assertTrue(sum[3] > sum[1], "T&L has the better average recall");
    }
}
