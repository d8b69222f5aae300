package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.S3ProxyServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import io.trawler.testsupport.Warcs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Three processes of the packaged build: a manager and two workers, sharing only a Redis and an S3 store (S3Proxy on
 * loopback). The workers have no database and do all the fetching; the manager never fetches; every page is fetched
 * once; every page's WARC record opens on the manager, from the store the workers send their closed files to.
 */
class WorkerRoleIT {

    @Test
    void managerAndTwoWorkersShareOnlyRedisAndAnObjectStore() throws Exception {
        String redis = TestRedis.url();
        Path root = Files.createTempDirectory(Path.of("target"), "roles-it-");
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(1500).withoutTraps());
        try (S3ProxyServer s3 = S3ProxyServer.start()) {
            s3.createBucket("edge-warc");
            Map<String, String> shared = new java.util.HashMap<>(s3.properties("edge-warc"));
            shared.putAll(Map.of("trawler.redis.url", redis, "trawler.worker.poll-interval", "10ms", "trawler.worker.warc-max-file-age", "2s"));
            crawlOnTwoWorkers(root, shared, site);
            assertFalse(Files.exists(root.resolve("manager/warc")), "the manager fetched nothing");
            assertFalse(Files.exists(root.resolve("worker1/db")), "a worker has no database");
            assertFalse(Files.exists(root.resolve("worker2/db")), "a worker has no database");
            for (String w : List.of("worker1", "worker2")) {
                Path dir = root.resolve(w).resolve("warc");
                assertTrue(!Files.exists(dir) || Warcs.files(dir).isEmpty(), w + " sent every WARC file at shutdown");
            }
            // every object in the store is a complete WARC file
            int files = s3.validWarcFiles("edge-warc", root.resolve("from-s3")).size();
            assertTrue(files >= 2, "both workers sent WARC files: " + files);
        }
    }

    private static void crawlOnTwoWorkers(Path root, Map<String, String> shared, GeneratedSite site) throws Exception {
        String redis = shared.get("trawler.redis.url");
        try (TestWebServer web = TestWebServer.start(site);
                TrawlerProcess manager = TrawlerProcess.start(root.resolve("manager"), TestRedis.freePort(), "384m", TrawlerProcess.withRole(shared, "manager"));
                TrawlerProcess w1 = TrawlerProcess.start(root.resolve("worker1"), TestRedis.freePort(), "384m", TrawlerProcess.withRole(shared, "worker"));
                TrawlerProcess w2 = TrawlerProcess.start(root.resolve("worker2"), TestRedis.freePort(), "384m", TrawlerProcess.withRole(shared, "worker"))) {
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
            recordsOpenOnTheManager(manager, crawlId);
        }
    }

    /** Every page of the crawl: its record downloads from the manager (once its worker sent the file), as stored. */
    private static void recordsOpenOnTheManager(TrawlerProcess manager, String crawlId) throws Exception {
        List<Map<String, Object>> pages = manager.api().get("/api/v1/crawls/" + crawlId + "/pages?limit=1000").then().statusCode(200)
                .extract().jsonPath().getList("pages");
        assertTrue(pages.size() > 500, "pages: " + pages.size());
        long deadline = System.currentTimeMillis() + 30_000;
        int checked = 0;
        for (Map<String, Object> p : pages) {
            if (p.get("warc") == null) {
                continue;
            }
            Object id = p.get("id");
            io.restassured.response.Response r;
            // files close at most trawler.worker.warc-max-file-age after they open, and are sent at once
            while ((r = manager.api().accept("application/warc").get("/ui/pages/" + id + "/warc")).statusCode() == 404
                    && System.currentTimeMillis() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(200, r.statusCode(), () -> "page " + id + " " + p.get("warc"));
            var record = new org.netpreserve.jwarc.WarcReader(new java.io.ByteArrayInputStream(r.asByteArray())).next().orElseThrow();
            assertEquals(p.get("url"), ((org.netpreserve.jwarc.WarcResponse) record).target());
            checked++;
        }
        assertTrue(checked > 500, "records checked: " + checked);
        Object first = pages.get(0).get("id");
        String view = manager.api().accept("text/html").get("/ui/pages/" + first).then().statusCode(200).extract().asString();
        assertFalse(view.contains("not in the archive") || view.contains("not on this server"), view);
    }
}
