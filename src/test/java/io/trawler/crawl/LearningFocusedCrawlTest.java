package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.eval.FocusedEvaluation;
import io.trawler.order.Topic;
import io.trawler.testsite.BbcSite;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.BbcSiteResource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The learning focused strategy through the whole crawler (API, frontier Lua, worker, topic model, link learner) on
 * the BBC site whose articles link only to section indexes, tags and paginated listings (today's sites): at twice the
 * topic's size it reaches most of the topic where T&amp;L, which drops an irrelevant listing's links, stalls; the
 * crawl spends its budget (it never ends while URLs within the tunnel are queued); frontier entries carry their
 * tunnel distance.
 */
@QuarkusTest
@QuarkusTestResource(value = BbcSiteResource.class, restrictToAnnotatedClass = true, initArgs = @ResourceArg(name = "shape", value = "LISTINGS"))
class LearningFocusedCrawlTest {

    static final double THETA = 0.1;

    @Test
    void learningReachesTheTopicThroughListingsWhereTAndLStalls() throws Exception {
        BbcSite site = BbcSiteResource.site;
        for (String label : List.of("tech", "sport")) {
            Topic topic = new Topic(Map.of(), site.examples(label), THETA, FocusedEvaluation.background(site));
            int budget = (int) (2 * site.targets(label));
            double learn = crawl(site, label, topic, "focused-learn", budget);
            double tl = crawl(site, label, topic, "focused-tl", budget);
            System.out.printf("BBC listings %s (%d articles, budget %d): recall focused-learn %.3f, focused-tl %.3f%n", label,
                    site.targets(label), budget, learn, tl);
            assertTrue(learn >= 0.6, label + ": focused-learn recall " + learn);
            assertTrue(learn > 2 * tl, label + ": focused-learn " + learn + " against focused-tl " + tl);
        }
    }

    /** Crawls the site with the strategy and budget; returns the recall of the label's articles. */
    private static double crawl(BbcSite site, String label, Topic topic, String strategy, int budget) throws Exception {
        String id = BbcSiteResource.startFocusedCrawl("bbc-listings-" + label + "-" + strategy, strategy, budget, topic);
        assertEquals("FINISHED", Api.awaitEnd(id, 300_000).getString("state"));
        List<Map<String, Object>> pages = Api.pages(id);
        long onTopic = 0;
        for (Map<String, Object> p : pages) {
            assertTrue(p.get("relevance") instanceof Number, "focused pages carry their relevance");
            BbcSite.Page page = site.pages().get((String) p.get("url"));
            if (page != null && label.equals(page.label())) {
                onTopic++;
            }
        }
        if (strategy.equals("focused-learn")) {
            assertEquals(budget, pages.size(), strategy + " " + label + ": the budget is spent, the crawl did not stall");
        }
        return (double) onTopic / site.targets(label);
    }
}
