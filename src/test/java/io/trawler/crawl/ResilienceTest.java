package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.trawler.embedded.EmbeddedRedis;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A crawl stopped with pages in flight keeps every record; a crawl whose embedded Redis is killed resumes. */
@QuarkusTest
class ResilienceTest {

    @Inject
    EmbeddedRedis embeddedRedis;
    @Inject
    PageIngestor ingestor;

    @Test
    void stopWithPagesInFlightLosesNoRecord() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(400).withoutTraps());
        // every answer takes 600 ms, so a stop always finds pages in flight
        try (TestWebServer delayed = TestWebServer.start(site, 600)) {
            {
                {
                    String siteId = Api.createSite("stop-in-flight", delayed.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 16),
                            Map.of("maxPages", 100000, "maxDepth", 20));
                    String crawlId = Api.startCrawl(siteId);
                    long inFlight = 0;
                    long deadline = System.currentTimeMillis() + 30_000;
                    while (System.currentTimeMillis() < deadline) {
                        var c = Api.crawl(crawlId);
                        inFlight = c.getLong("counts.inFlight");
                        if (c.getLong("counts.fetched") >= 20 && inFlight >= 5) {
                            break;
                        }
                        Thread.sleep(20);
                    }
                    assertTrue(inFlight >= 5, "pages in flight at the stop: " + inFlight);
                    Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
                    Set<String> requested = awaitQuiet(delayed);
                    long until = System.currentTimeMillis() + 30_000;
                    Set<String> recorded = Set.of();
                    while (System.currentTimeMillis() < until) {
                        recorded = Api.pages(crawlId).stream().map(p -> ((String) p.get("url")).substring(delayed.base().length()))
                                .collect(Collectors.toCollection(TreeSet::new));
                        if (recorded.containsAll(requested) && !ingestor.tracked().contains(crawlId)) {
                            break;
                        }
                        Thread.sleep(100);
                    }
                    System.out.printf("stop with %d pages in flight: %d URLs requested, %d page records%n", inFlight, requested.size(),
                            recorded.size());
                    Set<String> missing = new TreeSet<>(requested);
                    missing.removeAll(recorded);
                    assertTrue(missing.isEmpty(), "fetched but not recorded: " + missing);
                    assertFalse(ingestor.tracked().contains(crawlId), "the crawl's graph files are closed and its state freed");
                }
            }
        }
    }

    /** The URIs a server was asked for, once it has had no new request for 2 s (in-flight fetches done). */
    private static Set<String> awaitQuiet(TestWebServer server) throws InterruptedException {
        int last = -1;
        while (true) {
            int now = server.log().counts().values().stream().mapToInt(Integer::intValue).sum();
            if (now == last) {
                return server.log().counts().keySet().stream().filter(u -> !u.equals("/robots.txt"))
                        .collect(Collectors.toCollection(TreeSet::new));
            }
            last = now;
            Thread.sleep(2000);
        }
    }

    @Test
    void killedRedisIsRestartedAndTheCrawlResumes() throws Exception {
        Assumptions.assumeTrue(embeddedRedis.process() != null, "only with the embedded Redis this process started");
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(600).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "redis-killed", Map.of("delayMs", 5, "maxConcurrentPerHost", 4), Map.of("maxPages", 100000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            String crawlId = Api.startCrawl(siteId);
            while (Api.crawl(crawlId).getLong("counts.fetched") < 100) {
                Thread.sleep(20);
            }
            Thread.sleep(1500);   // appendfsync everysec: what is older than a second is on disk
            embeddedRedis.process().destroyForcibly().waitFor();
            int unavailable = 0;
            String body = "";
            long deadline = System.currentTimeMillis() + 5_000;
            while (unavailable == 0 && System.currentTimeMillis() < deadline) {
                Response r = Api.as().get("/api/v1/crawls/" + crawlId);
                if (r.statusCode() == 503) {
                    unavailable++;
                    body = r.asString();
                }
            }
            System.out.println("while Redis was down: " + body);
            assertEquals(1, unavailable, "the API answers 503 while Redis is down");
            assertTrue(body.contains("\"unavailable\""), body);
            long back = System.currentTimeMillis();
            while (Api.as().get("/api/v1/crawls/" + crawlId).statusCode() != 200) {
                assertTrue(System.currentTimeMillis() - back < 60_000, "the API answers again once Redis is back");
                Thread.sleep(50);
            }
            System.out.printf("API back %d ms after the first 503%n", System.currentTimeMillis() - back);
            var end = Api.awaitEnd(crawlId, 180_000);
            assertEquals("FINISHED", end.getString("state"));
            assertTrue(embeddedRedis.restarts() >= 1, "restarted by the watchdog");
            Set<String> fetched = Api.pages(crawlId).stream().filter(p -> "fetched".equals(p.get("outcome")))
                    .map(p -> ((String) p.get("url")).substring(server.base().length())).collect(Collectors.toCollection(TreeSet::new));
            Set<String> expected = new TreeSet<>(site.expectedRequests(20, 5, 3).keySet());
            expected.remove("/robots.txt");
            Set<String> missing = new TreeSet<>(expected);
            missing.removeAll(fetched);
            System.out.printf("Redis killed after 100 pages: %d distinct pages fetched of %d expected%n", fetched.size(), expected.size());
            assertTrue(missing.isEmpty(), "pages never fetched after the restart: " + missing);
        }
    }
}
