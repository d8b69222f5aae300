package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** robots.txt Crawl-delay and the site's own delay space requests to one host, whatever the concurrency setting. */
@QuarkusTest
class PolitenessCrawlTest {

    @Test
    void robotsCrawlDelayIsHonoured() throws Exception {
        assertSpacing(new GeneratedSite(GeneratedSite.Options.of(12).withoutTraps().withCrawlDelay("0.25")),
                Map.of("delayMs", 0, "maxConcurrentPerHost", 4), 250);
    }

    @Test
    void siteDelayIsHonoured() throws Exception {
        assertSpacing(new GeneratedSite(GeneratedSite.Options.of(12).withoutTraps()), Map.of("delayMs", 200, "maxConcurrentPerHost", 1),
                200);
    }

    /**
     * Politeness is the site's, not the lane's: three lanes of an independent partitioned crawl share one host's
     * delay (before, each lane kept its own schedule and the host saw up to three requests per delay).
     */
    @Test
    void lanesOfAPartitionedCrawlShareTheHostsDelay() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(40).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "polite lanes", Map.of("delayMs", 150, "maxConcurrentPerHost", 4), Map.of("maxPages", 1000, "maxDepth", 5))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            assertEquals("FINISHED", Api.awaitEnd(Api.startCrawl(siteId), 60_000).getString("state"));
            Api.as().body(Map.of("crawlers", 3)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
            server.log().clear();
            String lanes = Api.as().body(Map.of("partitions", 3, "mode", "independent")).post("/api/v1/sites/" + siteId + "/crawls")
                    .then().statusCode(202).extract().path("id");
            assertEquals("FINISHED", Api.awaitEnd(lanes, 60_000).getString("state"));
            List<Long> robots = server.log().times("/robots.txt");
            List<Long> starts = server.log().allTimes().stream().filter(t -> !robots.contains(t)).sorted().toList();
            assertTrue(starts.size() > 20, starts.size() + " requests");
            for (int i = 1; i < starts.size(); i++) {
                long gap = starts.get(i) - starts.get(i - 1);
                assertTrue(gap >= 150 - 15, "request " + i + " of " + starts.size() + " came " + gap + " ms after the previous one");
            }
        }
    }

    private static void assertSpacing(GeneratedSite site, Map<String, Object> politeness, long minGapMs) throws Exception {
        try (TestWebServer server = TestWebServer.start(site)) {
            String siteId = Api.createSite("polite", server.base() + "/", politeness, Map.of("maxPages", 1000, "maxDepth", 5));
            String crawlId = Api.startCrawl(siteId);
            assertEquals("FINISHED", Api.awaitEnd(crawlId, 60_000).getString("state"));
            assertEquals(site.expectedRequests(5, 5, 3), server.log().counts());
            List<Long> starts = server.log().allTimes().stream().skip(1).toList(); // robots.txt comes with the first page
            for (int i = 1; i < starts.size(); i++) {
                long gap = starts.get(i) - starts.get(i - 1);
                assertTrue(gap >= minGapMs - 15, "request " + i + " came " + gap + " ms after the previous one");
            }
        }
    }
}
