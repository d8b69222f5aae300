package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.path.json.JsonPath;
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
 * content to those of a JVM worker's crawl of the same site, serves the lanes of a partitioned crawl (its heartbeat
 * puts them on its node), sends valid WARC files to the store and drains on SIGTERM; then the same on a Redis Cluster.
 * Skipped when no native executable is built (the README's test command does not build one; {@code .ci/run} does, and
 * passes its path as {@code -Dnative.runner}).
 */
class NativeWorkerIT {

    static final int PAGES = 1600;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Fields of a page record that differ between two crawls of the same site by nature (ids, times, files). */
    private static final List<String> PER_CRAWL = List.of("id", "fetchedAt", "fetchMs", "partition", "warcFile", "warcOffset");

    @Test
    void theNativeWorkerCrawlsAsTheJvmWorkerDoes() throws Exception {
        Path runner = NativeRunner.find();
        Assumptions.assumeTrue(runner != null, "no native worker built (native/build-worker.sh)");
        Path root = Files.createTempDirectory(Path.of("target"), "native-it-");
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(PAGES).withoutTraps());
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
                lanesOnTheNativeNode(manager, web, "native");
                // SIGTERM: the worker drains, sends its open WARC files and exits cleanly
                edge.stop();
                Path dir = root.resolve("native-worker").resolve("warc");
                assertTrue(!Files.exists(dir) || Warcs.files(dir).isEmpty(), "the native worker sent every WARC file at shutdown");
                assertTrue(edge.log().contains("stopped"), "a clean shutdown: " + tail(edge.log()));
            }
            // every object in the store is a complete, valid WARC file, the native worker's among them
            Path copies = Files.createDirectories(root.resolve("from-s3"));
            int files = 0;
            int fromNative = 0;
            try (var c = s3.client()) {
                for (var o : c.listObjectsV2Paginator(b -> b.bucket("edge-warc")).contents()) {
                    Path f = copies.resolve(o.key().substring(o.key().lastIndexOf('/') + 1));
                    c.getObject(b -> b.bucket("edge-warc").key(o.key()), f);
                    assertTrue(Warcs.valid(f), o.key());
                    files++;
                    fromNative += o.key().contains("native-edge") ? 1 : 0;
                }
            }
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
                lanesOnTheNativeNode(manager, web, "cluster");
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

    /** A partitioned crawl of the last site: both lanes on the native worker's node (its heartbeat), each page once. */
    private static void lanesOnTheNativeNode(TrawlerProcess manager, TestWebServer web, String name) throws Exception {
        String siteId = manager.api().get("/api/v1/sites").then().statusCode(200).extract().jsonPath()
                .<Map<String, Object>>getList("").stream().filter(s -> name.equals(s.get("name"))).map(s -> (String) s.get("id"))
                .findFirst().orElseThrow();
        manager.api().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
        web.log().clear();
        String lanes = manager.api().body(Map.of("partitions", 2, "mode", "coordinated")).post("/api/v1/sites/" + siteId + "/crawls")
                .then().statusCode(202).extract().path("id");
        JsonPath p = ServerRestartIT.awaitFinished(manager, lanes);
        assertEquals("FINISHED", p.getString("state"));
        assertEquals(List.of("native-edge", "native-edge"), p.getList("partitions.node"), "the lanes on the native worker's node");
        assertEquals(0.0, p.getDouble("metrics.overlap"));
        web.log().counts().forEach((uri, n) -> assertTrue(n == 1 || uri.equals("/robots.txt"), uri + " requested " + n + " times"));
    }

    private static Map<String, String> with(Map<String, String> shared, String role, String node) {
        Map<String, String> m = new HashMap<>(shared);
        m.put("trawler.role", role);
        if (node != null) {
            m.put("trawler.worker.node", node);
        }
        return m;
    }

    private static String tail(String log) {
        return log.length() > 2000 ? log.substring(log.length() - 2000) : log;
    }
}
