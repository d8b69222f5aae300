package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import io.trawler.testsupport.Warcs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Three processes of the packaged build: a manager and two workers, sharing only a Redis. The workers
 * have no database and do all the fetching; the manager never fetches; every page is fetched once.
 */
class WorkerRoleIT {

    @Test
    void managerAndTwoWorkersShareOnlyRedis() throws Exception {
        String redis = TestRedis.url();
        Path root = Files.createTempDirectory(Path.of("target"), "roles-it-");
        Map<String, String> shared = Map.of("trawler.redis.url", redis, "trawler.worker.poll-interval", "10ms");
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(1500).withoutTraps());
        try (TestWebServer web = TestWebServer.start(site);
                TrawlerProcess manager = TrawlerProcess.start(root.resolve("manager"), TestRedis.freePort(), "384m", with(shared, "manager"));
                TrawlerProcess w1 = TrawlerProcess.start(root.resolve("worker1"), TestRedis.freePort(), "384m", with(shared, "worker"));
                TrawlerProcess w2 = TrawlerProcess.start(root.resolve("worker2"), TestRedis.freePort(), "384m", with(shared, "worker"))) {
            String siteId = manager.api().body(Map.of("name", "roles", "seeds", List.of(web.base() + "/"),
                    "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), "limits", Map.of("maxDepth", 20)))
                    .post("/api/v1/sites").then().statusCode(201).extract().path("id");
            String crawlId = manager.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202)
                    .extract().path("id");
            JsonPath c = ServerRestartIT.awaitFinished(manager, crawlId);
            assertEquals("FINISHED", c.getString("state"));
            w1.api().get("/api/v1/sites").then().statusCode(404);
            Map<String, Integer> expected = site.expectedRequests(20, 5, 3);
            Map<String, Integer> actual = web.log().counts();
            // each worker process reads robots.txt once (one of them may have fetched nothing)
            expected.put("/robots.txt", actual.get("/robots.txt"));
            assertTrue(actual.get("/robots.txt") <= 2);
            assertTrue(expected.equals(actual), () -> GeneratedSiteCrawlTest.describeDiff(expected, actual));

            // a partitioned crawl: two coordinated lanes served by the two worker processes, each page once
            manager.api().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
            web.log().clear();
            String lanes = manager.api().body(Map.of("partitions", 2, "mode", "coordinated"))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            JsonPath p = ServerRestartIT.awaitFinished(manager, lanes);
            assertEquals("FINISHED", p.getString("state"));
            assertEquals(0.0, p.getDouble("metrics.overlap"));
            assertEquals(1.0, p.getDouble("metrics.coverage"), 1e-9);
            assertTrue(p.getLong("partitions[0].fetched") > 0 && p.getLong("partitions[1].fetched") > 0);
            web.log().counts().forEach((uri, n) -> assertTrue(n == 1 || uri.equals("/robots.txt"), uri + " requested " + n + " times"));
        }
        assertFalse(Files.exists(root.resolve("manager/warc")), "the manager fetched nothing");
        assertFalse(Files.exists(root.resolve("worker1/db")), "a worker has no database");
        assertFalse(Files.exists(root.resolve("worker2/db")), "a worker has no database");
        int files = 0;
        for (String w : List.of("worker1", "worker2")) {
            if (Files.exists(root.resolve(w).resolve("warc"))) {
                for (Path f : Warcs.files(root.resolve(w).resolve("warc"))) {
                    assertTrue(Warcs.valid(f), f.toString());
                    files++;
                }
            }
        }
        assertTrue(files >= 1, "workers wrote WARC files");
    }

    private static Map<String, String> with(Map<String, String> shared, String role) {
        Map<String, String> m = new java.util.HashMap<>(shared);
        m.put("trawler.role", role);
        return m;
    }
}
