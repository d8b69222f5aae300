package io.trawler.bench;

import io.restassured.path.json.JsonPath;
import io.trawler.testsupport.LocalRedisCluster;
import io.trawler.testsupport.LocalRedisServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The crawl benchmark's site on a Redis Cluster against a single Redis: the packaged server crawls a generated site
 * served by nginx (politeness off, scope node, robots/dedup/WARC on) once with one lane and once with 3 coordinated
 * lanes (sharded: a shard per lane), first on one Debian redis-server, then on a cluster of 3 masters + 3 replicas.
 * Prints pages/s and Redis CPU-seconds per 1,000 pages (every redis-server process together) of each crawl.
 *
 * <pre>
 * ./mvnw package -DskipTests &amp;&amp; ./mvnw test -Pbenchmark -Dtest=ClusterCrawlBenchmark   # -Dbench.pages=…
 * </pre>
 * Needs nginx, redis-server and redis-cli. Only loopback traffic.
 */
@Tag("benchmark")
class ClusterCrawlBenchmark {

    static final int PAGES = Integer.getInteger("bench.pages", 10_000);

    @Test
    void pagesPerSecondOnAClusterAgainstOneRedis() throws Exception {
        Assumptions.assumeTrue(LocalRedisCluster.available(), "redis-server and redis-cli are needed");
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException("run ./mvnw package -DskipTests first (needs " + jar + ")");
        }
        Path work = Path.of("target/bench").toAbsolutePath();
        Files.createDirectories(work);
        int nginxPort = TestRedis.freePort();
        String base = "http://127.0.0.1:" + nginxPort;
        Path root = CrawlBenchmark.writeSite(work.resolve("cluster-site-" + PAGES), PAGES, base);
        Process nginx = Nginx.start(work.resolve("nginx"), root, nginxPort);
        Map<String, String> rows = new LinkedHashMap<>();
        try {
            try (LocalRedisServer single = LocalRedisServer.start()) {
                crawl("1 server", base, work, Map.of("trawler.redis.url", single.url()), List.of(RedisInfo.pid(single.port())), rows);
            }
            try (LocalRedisCluster cluster = LocalRedisCluster.start(7401)) {
                List<Long> pids = new ArrayList<>();
                for (int p : cluster.ports()) {
                    pids.add(RedisInfo.pid(p));
                }
                crawl("3+3 cluster", base, work, Map.of("trawler.redis.hosts", cluster.hosts(), "trawler.redis.client-type", "cluster"), pids,
                        rows);
            }
        } finally {
            Nginx.stop(nginx, work.resolve("nginx"));
        }
        System.out.printf("%n=== Crawl on a Redis Cluster against one Redis: %,d pages of ~8 KB from nginx, politeness off, %d cores ===%n",
                PAGES, Runtime.getRuntime().availableProcessors());
        rows.forEach((k, v) -> System.out.printf("%-32s %s%n", k, v));
    }

    private void crawl(String backend, String base, Path work, Map<String, String> redis, List<Long> redisPids, Map<String, String> rows)
            throws Exception {
        Map<String, String> props = new LinkedHashMap<>(redis);
        props.put("trawler.worker.concurrency", "64");
        props.put("quarkus.log.category.\"io.trawler\".level", "WARN");
        TrawlerProcess trawler = TrawlerProcess.start(Files.createTempDirectory(work, "data-"), TestRedis.freePort(), "2g", props);
        try {
            String siteId = trawler.api().body(Map.of("name", "cluster-bench", "seeds", List.of(base + "/"),
                    "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1000, "respectRobots", true, "scope", "node"),
                    "limits", Map.of("maxPages", 1_000_000, "maxDepth", 1000)))
                    .post("/api/v1/sites").then().statusCode(201).extract().path("id");
            rows.put(backend + ", 1 lane", once(trawler, siteId, Map.of(), redisPids));
            trawler.api().body(Map.of("crawlers", 3)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
            rows.put(backend + ", 3 coordinated lanes", once(trawler, siteId, Map.of("partitions", 3, "mode", "coordinated"), redisPids));
        } finally {
            trawler.stop();
        }
    }

    private String once(TrawlerProcess trawler, String siteId, Map<String, Object> body, List<Long> redisPids) throws Exception {
        double redis0 = cpu(redisPids);
        double jvm0 = ProcStats.cpuSeconds(trawler.pid());
        String crawlId = trawler.api().body(body).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
        JsonPath c;
        do {
            Thread.sleep(100);
            c = trawler.api().get("/api/v1/crawls/" + crawlId).then().statusCode(200).extract().jsonPath();
        } while (!c.getString("state").equals("FINISHED"));
        double redis = cpu(redisPids) - redis0;
        double jvm = ProcStats.cpuSeconds(trawler.pid()) - jvm0;
        long pages = c.getLong("counts.fetched");
        double seconds = Duration.between(Instant.parse(c.getString("startedAt")), Instant.parse(c.getString("finishedAt"))).toMillis() / 1000.0;
        return String.format("%,6d pages in %6.2f s = %5.0f pages/s; CPU-s per 1,000 pages: Redis %.3f, JVM %.3f", pages, seconds,
                pages / seconds, redis / pages * 1000, jvm / pages * 1000);
    }

    private static double cpu(List<Long> pids) throws Exception {
        double total = 0;
        for (long pid : pids) {
            total += ProcStats.cpuSeconds(pid);
        }
        return total;
    }
}
