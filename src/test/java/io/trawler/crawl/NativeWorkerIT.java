package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.path.json.JsonPath;
import io.trawler.frontier.TestWorkers;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.LocalRedisCluster;
import io.trawler.testsupport.NativeRunner;
import io.trawler.testsupport.S3ProxyServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import io.trawler.testsupport.Warcs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The native edge worker ({@code native/build-worker.sh}: {@code target/*-runner}) against a JVM manager, sharing only
 * Redis and an S3 store: it crawls a generated site of 1,600 pages, each page once, with page records identical in
 * content to those of a JVM worker's crawl of the same site, heart-beats, serves both lanes of a partitioned crawl,
 * sends valid WARC files to the store and drains on SIGTERM; then the same on a Redis Cluster.
 * Skipped when no native executable is built (the README's test command does not build one; {@code .ci/run} does, and
 * passes its path as {@code -Dnative.runner}).
 */
class NativeWorkerIT {

    static final int PAGES = 1600;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Fields of a page record that differ between two crawls of the same site by nature (ids, times, files). */
    private static final List<String> PER_CRAWL = List.of("id", "fetchedAt", "fetchMs", "partition", "warc");

    @Test
    void theNativeWorkerCrawlsAsTheJvmWorkerDoes() throws Exception {
        Path runner = NativeRunner.find();
        Assumptions.assumeTrue(runner != null, "no native worker built (native/build-worker.sh)");
        Path root = Files.createTempDirectory(Path.of("target"), "native-it-");
        // pages with ETags, as static web servers send them: the site's second crawl asks conditionally
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(PAGES).withoutTraps()).withValidators();
        try (S3ProxyServer s3 = S3ProxyServer.start(); TestWebServer web = TestWebServer.start(site)) {
            s3.createBucket("edge-warc");
            Map<String, String> shared = new HashMap<>(s3.properties("edge-warc"));
            shared.putAll(Map.of("trawler.redis.url", TestRedis.url(), "trawler.worker.poll-interval", "10ms",
                    "trawler.worker.warc-max-file-age", "2s"));
            try (TrawlerProcess manager = TrawlerProcess.start(root.resolve("manager"), TestRedis.freePort(), "384m", with(shared, "manager", null))) {
                // the JVM worker's crawl: the reference
                Map<String, Map<String, Object>> jvm;
                try (TrawlerProcess worker = TrawlerProcess.start(root.resolve("jvm-worker"), TestRedis.freePort(), "384m",
                        with(shared, "worker", "jvm-edge"))) {
                    jvm = crawl(manager, web, site, "jvm");
                }
                // the native worker's crawl of the same site, then a partitioned crawl of it on the native node's lanes
                long started = System.nanoTime();
                TrawlerProcess edge = TrawlerProcess.start(runner, root.resolve("native-worker"), TestRedis.freePort(), List.of("-Xmx256m"),
                        with(shared, "worker", "native-edge"));
                System.out.printf("native worker ready (health UP) %.0f ms after its start%n", (System.nanoTime() - started) / 1e6);
                Map<String, Map<String, Object>> nat = crawl(manager, web, site, "native");
                assertEquals(jvm.keySet(), nat.keySet(), "the same URLs");
                int differ = 0;
                StringBuilder first = new StringBuilder();
                for (String url : jvm.keySet()) {
                    if (!jvm.get(url).equals(nat.get(url))) {
                        if (differ++ < 3) {
                            first.append('\n').append(url).append("\n  jvm:    ").append(jvm.get(url)).append("\n  native: ").append(nat.get(url));
                        }
                    }
                }
                assertEquals(0, differ, "records that differ between the JVM and the native worker:" + first);
                assertHeartbeat(TestRedis.options(), "native-edge-" + edge.pid());
                int notModified = site.notModified();
                lanesServedByTheNativeWorker(manager, web, "native");
                // the second crawl of the site asked for every page conditionally: each a 304, expanded from the first
                // crawl's record (read by the native worker from its directory or the object store), so every page was found
                assertEquals(nat.size(), site.notModified() - notModified, "304s in the native worker's second crawl of the site");
                // SIGTERM: the worker drains, sends its open WARC files and exits cleanly
                edge.stop();
                Path dir = root.resolve("native-worker").resolve("warc");
                assertTrue(!Files.exists(dir) || Warcs.files(dir).isEmpty(), "the native worker sent every WARC file at shutdown");
                assertTrue(edge.log().contains("stopped"), "a clean shutdown: " + tail(edge.log()));
            }
            // every object in the store is a complete, valid WARC file, the native worker's among them
            List<String> keys = s3.validWarcFiles("edge-warc", root.resolve("from-s3"));
            int files = keys.size();
            long fromNative = keys.stream().filter(k -> k.contains("native-edge")).count();
            assertTrue(fromNative >= 1 && files > fromNative, "WARC files of both workers: " + files + ", native " + fromNative);
        }
    }

    @Test
    void theNativeWorkerCrawlsOnARedisCluster() throws Exception {
        Path runner = NativeRunner.find();
        Assumptions.assumeTrue(runner != null, "no native worker built (native/build-worker.sh)");
        Assumptions.assumeTrue(LocalRedisCluster.available(), "redis-server and redis-cli are not installed");
        Path root = Files.createTempDirectory(Path.of("target"), "native-cluster-it-");
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(PAGES).withoutTraps());
        try (LocalRedisCluster cluster = LocalRedisCluster.start(7501); TestWebServer web = TestWebServer.start(site)) {
            Map<String, String> shared = Map.of("trawler.redis.hosts", cluster.hosts(), "trawler.redis.client-type", "cluster",
                    "trawler.worker.poll-interval", "10ms");
            try (TrawlerProcess manager = TrawlerProcess.start(root.resolve("manager"), TestRedis.freePort(), "384m", with(shared, "manager", null));
                    TrawlerProcess edge = TrawlerProcess.start(runner, root.resolve("native-worker"), TestRedis.freePort(), List.of("-Xmx256m"),
                            with(shared, "worker", "native-edge"))) {
                Map<String, Map<String, Object>> records = crawl(manager, web, site, "cluster");
                assertEquals(PAGES, records.values().stream().filter(r -> ((Number) r.get("status")).intValue() == 200).count(),
                        "every page of the site fetched");
                io.vertx.redis.client.RedisOptions options = new io.vertx.redis.client.RedisOptions()
                        .setType(io.vertx.redis.client.RedisClientType.CLUSTER);
                for (String h : cluster.hosts().split(",")) {
                    options.addConnectionString(h.trim());
                }
                assertHeartbeat(options, "native-edge-" + edge.pid());
                lanesServedByTheNativeWorker(manager, web, "cluster");
            }
        }
    }

    /**
     * Crawls the site (a new site record named {@code name}) and returns its page records by URL, without the fields that
     * differ by nature between crawls; every page is requested exactly once.
     */
    private static Map<String, Map<String, Object>> crawl(TrawlerProcess manager, TestWebServer web, GeneratedSite site, String name)
            throws Exception {
        web.log().clear();
        // one fetch at a time: the crawl's order, and so each page's depth and link decisions, are the same in every run
        String siteId = manager.api().body(Map.of("name", name, "seeds", List.of(web.base() + "/"),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1), "limits", Map.of("maxDepth", 20)))
                .post("/api/v1/sites").then().statusCode(201).extract().path("id");
        String crawlId = manager.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
        long t0 = System.nanoTime();
        JsonPath c = ServerRestartIT.awaitFinished(manager, crawlId);
        assertEquals("FINISHED", c.getString("state"));
        System.out.printf("%s: %d pages in %.1f s%n", name, c.getLong("counts.fetched"), (System.nanoTime() - t0) / 1e9);
        Map<String, Integer> expected = site.expectedRequests(20, 5, 3);
        Map<String, Integer> actual = web.log().counts();
        expected.put("/robots.txt", actual.get("/robots.txt"));
        assertTrue(expected.equals(actual), () -> name + ": " + GeneratedSiteCrawlTest.describeDiff(expected, actual));
        String jsonl = manager.api().get("/api/v1/crawls/" + crawlId + "/export/pages.jsonl").then().statusCode(200).extract().asString();
        Map<String, Map<String, Object>> byUrl = new TreeMap<>();
        for (String line : jsonl.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> r = JSON.readValue(line, Map.class);
            PER_CRAWL.forEach(r::remove);
            assertTrue(byUrl.put((String) r.get("url"), r) == null, "one record a URL: " + r.get("url"));
        }
        return byUrl;
    }

    /** The worker's heartbeat is in Redis, at most a few seconds old (what the manager's worker directory reads). */
    private static void assertHeartbeat(io.vertx.redis.client.RedisOptions options, String worker) throws Exception {
        io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
        try {
            io.vertx.redis.client.Redis redis = io.vertx.redis.client.Redis.createClient(vertx, options);
            long seen = TestWorkers.lastSeen(redis, worker);
            assertTrue(seen >= 0, "a heartbeat of " + worker);
            long age = System.currentTimeMillis() - seen;
            assertTrue(age >= 0 && age < 10_000, "a recent heartbeat of " + worker + ": " + age + " ms old");
            redis.close();
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /**
     * A partitioned crawl of the last site (two coordinated lanes), served by the native worker alone: each page once
     * (a page answered 304 is not asked for again in full).
     */
    private static void lanesServedByTheNativeWorker(TrawlerProcess manager, TestWebServer web, String name) throws Exception {
        String siteId = manager.api().get("/api/v1/sites").then().statusCode(200).extract().jsonPath()
                .<Map<String, Object>>getList("").stream().filter(s -> name.equals(s.get("name"))).map(s -> (String) s.get("id"))
                .findFirst().orElseThrow();
        manager.api().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
        web.log().clear();
        String lanes = manager.api().body(Map.of("partitions", 2, "mode", "coordinated")).post("/api/v1/sites/" + siteId + "/crawls")
                .then().statusCode(202).extract().path("id");
        JsonPath p = ServerRestartIT.awaitFinished(manager, lanes);
        assertEquals("FINISHED", p.getString("state"));
        assertTrue(p.getLong("partitions[0].fetched") > 0 && p.getLong("partitions[1].fetched") > 0, "both lanes fetched");
        assertEquals(0.0, p.getDouble("metrics.overlap"));
        web.log().counts().forEach((uri, n) -> assertTrue(n == 1 || uri.equals("/robots.txt"), uri + " requested " + n + " times"));
    }

    private static Map<String, String> with(Map<String, String> shared, String role, String node) {
        Map<String, String> m = TrawlerProcess.withRole(shared, role);
        if (node != null) {
            m.put("trawler.worker.node", node);
        }
        return m;
    }

    private static String tail(String log) {
        return log.length() > 2000 ? log.substring(log.length() - 2000) : log;
    }
}
