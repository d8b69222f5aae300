package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TrawlerProcess;
import java.util.List;
import java.util.Map;

/**
 * The crawl the Redis failover tests run: a generated site of {@value #PAGES} pages, {@value #CONCURRENCY} fetches
 * per host, a Redis node killed a third of the way in, and what must hold at the end.
 */
final class FailoverCrawl {

    static final int PAGES = 1_500;
    static final int CONCURRENCY = 8;

    final String siteId;
    final String crawlId;

    private FailoverCrawl(String siteId, String crawlId) {
        this.siteId = siteId;
        this.crawlId = crawlId;
    }

    static GeneratedSite site() {
        return new GeneratedSite(GeneratedSite.Options.of(PAGES).withoutTraps());
    }

    /** Creates the site and starts its crawl. */
    static FailoverCrawl start(TrawlerProcess server, TestWebServer web, String name) {
        String siteId = server.api().body(Map.of("name", name, "seeds", List.of(web.base() + "/"),
                "politeness", Map.of("delayMs", 5, "maxConcurrentPerHost", CONCURRENCY), "limits", Map.of("maxDepth", 20)))
                .post("/api/v1/sites").then().statusCode(201).extract().path("id");
        String crawlId = server.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202)
                .extract().path("id");
        return new FailoverCrawl(siteId, crawlId);
    }

    /** Waits until a third of the site is fetched. */
    void awaitAThird(TrawlerProcess server) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (ServerRestartIT.crawl(server, crawlId).getLong("counts.fetched") < PAGES / 3) {
            assertTrue(System.currentTimeMillis() < deadline, "the crawl did not get a third of the way");
            Thread.sleep(20);
        }
    }

    /** Waits until the API answers again after the failover (503 meanwhile). */
    void awaitApi(TrawlerProcess server, long killedAt) throws InterruptedException {
        while (server.api().get("/api/v1/crawls/" + crawlId).statusCode() != 200) {
            assertTrue(System.currentTimeMillis() < killedAt + 60_000, "the API did not come back after the failover");
            Thread.sleep(100);
        }
    }

    /** The crawl finishes with the site's page set and no more duplicate fetches than pages in flight. */
    void assertFinishedWithThePageSet(TrawlerProcess server, GeneratedSite site, TestWebServer web, String test) throws InterruptedException {
        JsonPath c = RedisClusterIT.awaitFinished(server, crawlId);
        assertEquals("FINISHED", c.getString("state"), () -> c.prettify());
        Map<String, Integer> expected = site.expectedRequests(20, 5, 3);
        Map<String, Integer> actual = web.log().counts();
        assertEquals(expected.keySet(), actual.keySet(), "the same page set as without a failover");
        int duplicates = 0;
        for (Map.Entry<String, Integer> e : actual.entrySet()) {
            duplicates += Math.max(0, e.getValue() - expected.get(e.getKey()));
        }
        System.out.printf("%s: %d pages, %d duplicate fetches%n", test, actual.size(), duplicates);
        assertTrue(duplicates <= CONCURRENCY, duplicates + " duplicate fetches, more than the pages in flight");
    }
}
