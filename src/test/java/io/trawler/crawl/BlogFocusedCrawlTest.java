package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.eval.BlogFocusedEvaluation;
import io.trawler.eval.BlogSite;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.BlogSiteResource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 17's acceptance on the real blog, through the whole crawler (API, frontier Lua on Redis, worker, topic model,
 * link learner) rather than the in-memory simulation: each of the three topics (keywords written from general
 * knowledge, a post's label its own category) crawled with T, T&amp;L and focused-learn at twice the category's size.
 * focused-learn reaches recall ≥ 0.8 and precision ≥ 0.4 on average and more recall than T&amp;L on every topic.
 */
@QuarkusTest
@QuarkusTestResource(value = BlogSiteResource.class, restrictToAnnotatedClass = true)
class BlogFocusedCrawlTest {

    static final double THETA = 0.1;

    record Outcome(long fetched, long onTopic, double precision, double recall) {
    }

    @Test
    void focusedLearnReachesTheBlogsCategoriesThroughTheirListings() throws Exception {
        BlogSite site = BlogSiteResource.site;
        Map<String, Map<String, Outcome>> all = new LinkedHashMap<>();
        for (String label : List.of("three-js", "lodash", "canvas")) {
            int budget = (int) (2 * site.targets(label));
            Map<String, Outcome> byStrategy = new LinkedHashMap<>();
            for (String strategy : List.of("focused-t", "focused-tl", "focused-learn")) {
                byStrategy.put(strategy, crawl(site, label, strategy, budget));
            }
            all.put(label, byStrategy);
            System.out.printf("blog %s (%d posts, budget %d): %s%n", label, site.targets(label), budget, byStrategy);
            assertTrue(byStrategy.get("focused-learn").recall() > byStrategy.get("focused-tl").recall(),
                    label + ": focused-learn recall above T&L's: " + byStrategy);
        }
        double recall = all.values().stream().mapToDouble(m -> m.get("focused-learn").recall()).average().orElseThrow();
        double precision = all.values().stream().mapToDouble(m -> m.get("focused-learn").precision()).average().orElseThrow();
        System.out.printf("blog, focused-learn at 2x: mean recall %.3f, mean precision %.3f; T mean recall %.3f, T&L %.3f%n", recall, precision,
                all.values().stream().mapToDouble(m -> m.get("focused-t").recall()).average().orElseThrow(),
                all.values().stream().mapToDouble(m -> m.get("focused-tl").recall()).average().orElseThrow());
        assertTrue(recall >= 0.8, "mean recall " + recall);
        assertTrue(precision >= 0.4, "mean precision " + precision);
    }

    private static Outcome crawl(BlogSite site, String label, String strategy, int budget) throws Exception {
        String id = BlogSiteResource.startFocusedCrawl("blog-" + label + "-" + strategy, strategy, budget,
                BlogFocusedEvaluation.TOPICS.get(label), THETA);
        assertEquals("FINISHED", Api.awaitEnd(id, 300_000).getString("state"));
        List<Map<String, Object>> pages = Api.pages(id);
        long onTopic = pages.stream().filter(p -> label.equals(site.label((String) p.get("url")))).count();
        return new Outcome(pages.size(), onTopic, pages.isEmpty() ? 0 : (double) onTopic / pages.size(), (double) onTopic / site.targets(label));
    }
}
