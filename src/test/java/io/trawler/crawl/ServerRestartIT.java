package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The packaged server (target/quarkus-app) restarted mid-crawl resumes and finishes with the same page
 * set as an uninterrupted crawl: once after a clean stop (SIGTERM: embedded Redis reloads its AOF) and
 * once after being killed (SIGKILL: its leases expire and the URLs are fetched again).
 */
class ServerRestartIT {

    private Path dataDir;
    private int httpPort;
    private int redisPort;
    private TrawlerProcess server;

    @BeforeEach
    void ports() throws IOException {
        dataDir = Files.createTempDirectory(Path.of("target"), "restart-it-");
        httpPort = TestRedis.freePort();
        redisPort = TestRedis.freePort();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        TrawlerProcess.shutDownOrphanedRedis(dataDir, redisPort);
    }

    @Test
    void cleanRestartResumesAndFetchesEveryPageOnce() throws Exception {
        Map<String, Integer>[] result = crawlWithRestart(false);
        // robots.txt is fetched again by the new process (its rules are cached in memory); every page once
        result[0].remove("/robots.txt");
        assertEquals(2, result[1].remove("/robots.txt"));
        Map<String, Integer> expected = result[0];
        Map<String, Integer> actual = result[1];
        assertTrue(expected.equals(actual), () -> GeneratedSiteCrawlTest.describeDiff(expected, actual));
    }

    @Test
    void killedServerResumesWithTheSamePageSet() throws Exception {
        Map<String, Integer>[] result = crawlWithRestart(true);
        Map<String, Integer> expected = result[0];
        Map<String, Integer> actual = result[1];
        assertTrue(expected.keySet().equals(actual.keySet()), () -> GeneratedSiteCrawlTest.describeDiff(expected, actual));
        actual.forEach((uri, n) -> assertTrue(n <= 2, uri + " requested " + n + " times"));
        System.out.printf("killed mid-crawl: %d of %d URIs requested twice%n", actual.values().stream().filter(n -> n > 1).count(),
                actual.size());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Integer>[] crawlWithRestart(boolean kill) throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(2000).withoutTraps());
        Map<String, String> props = Map.of("trawler.redis.embedded-port", Integer.toString(redisPort),
                "trawler.worker.lease-duration", "4s", "trawler.worker.poll-interval", "10ms");
        try (TestWebServer web = TestWebServer.start(site)) {
            server = TrawlerProcess.start(dataDir, httpPort, "512m", props);
            String siteId = server.api().body(Map.of("name", "restart", "seeds", List.of(web.base() + "/"),
                    "politeness", Map.of("delayMs", 3, "maxConcurrentPerHost", 4), "limits", Map.of("maxDepth", 20)))
                    .post("/api/v1/sites").then().statusCode(201).extract().path("id");
            String crawlId = server.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            while (crawl(server, crawlId).getLong("counts.fetched") < 300) {
                Thread.sleep(20);
            }
            if (kill) {
                server.kill();
            } else {
                server.stop();
            }
            int before = web.log().total();
            assertTrue(before < 1900, "stopped mid-crawl, after " + before + " requests");
            server = TrawlerProcess.start(dataDir, httpPort, "512m", props);
            assertEquals("FINISHED", awaitFinished(server, crawlId).getString("state"));
            return new Map[] {site.expectedRequests(20, 5, 3), web.log().counts()};
        }
    }

    static JsonPath crawl(TrawlerProcess server, String id) {
        return server.api().get("/api/v1/crawls/" + id).then().statusCode(200).extract().jsonPath();
    }

    /** Polls the crawl until it is FINISHED (or two minutes pass); returns the last view. */
    static JsonPath awaitFinished(TrawlerProcess server, String crawlId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        JsonPath c = crawl(server, crawlId);
        while (!c.getString("state").equals("FINISHED") && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            c = crawl(server, crawlId);
        }
        return c;
    }
}
