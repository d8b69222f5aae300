package io.trawler.bench;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The crawl benchmark of the foundation issue: a 20,000-page generated site (about 8 KB a page, 10–40
 * links each) served by nginx on loopback, crawled by the packaged server (embedded Redis, H2) with
 * politeness off and robots.txt, dedup and WARC on. Prints pages/s, CPU-seconds per 1,000 pages (Trawler's
 * JVM and its redis-server), peak RSS and Redis bytes per seen URL; the median of three crawls.
 *
 * <pre>
 * ./mvnw package -DskipTests &amp;&amp; ./mvnw test -Pbenchmark -Dtest=CrawlBenchmark
 * </pre>
 * Needs nginx (Debian: apt-get install nginx). Only loopback traffic.
 */
@Tag("benchmark")
class CrawlBenchmark {

    static final int PAGES = Integer.getInteger("bench.pages", 20_000);
    static final int RUNS = Integer.getInteger("bench.runs", 3);
    static final int CONCURRENCY = Integer.getInteger("bench.concurrency", 64);

    record Run(double seconds, long pages, double pagesPerSecond, double jvmCpuPer1000, double redisCpuPer1000,
            double seenBytesPerUrl) {
    }

    @Test
    void crawl20kPagesFromNginx() throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException("run ./mvnw package -DskipTests first (needs " + jar + ")");
        }
        Path work = Path.of("target/bench").toAbsolutePath();
        int nginxPort = TestRedis.freePort();
        String base = "http://127.0.0.1:" + nginxPort;
        GeneratedSite site = new GeneratedSite(new GeneratedSite.Options(PAGES, 12, 1.3, 10, 40, 8192, 7, false, null));
        // written anew each run: a third of the links are absolute, with this run's nginx port
        Path root = work.resolve("site-" + PAGES);
        deleteTree(root);
        site.writeStatic(root, base);
        Process nginx = Nginx.start(work.resolve("nginx"), root, nginxPort);
        Path data = Files.createTempDirectory(work, "data-");
        int redisPort = TestRedis.freePort();
        TrawlerProcess trawler = TrawlerProcess.start(data, TestRedis.freePort(), "2g", Map.of(
                "trawler.redis.embedded-port", Integer.toString(redisPort),
                "trawler.worker.concurrency", Integer.toString(CONCURRENCY),
                "quarkus.log.category.\"io.trawler\".level", "WARN"));
        try {
            long redisPid = RedisInfo.pid(redisPort);
            List<Run> runs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                runs.add(crawlOnce(trawler, redisPort, redisPid, base, i));
            }
            // partitioned crawls of the same site (live metrics on), against the unpartitioned median
            List<Run> lanes = new ArrayList<>();
            String siteId = lastSite;
            trawler.api().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
            for (String mode : List.of("coordinated", "independent")) {
                lanes.add(crawlOnce(trawler, redisPid, siteId, Map.of("partitions", 2, "mode", mode)));
            }
            // strategies against bfs, interleaved (bfs, depth-weight, opic, bfs, …) so that JIT warm-up favours none
            List<String> strategies = List.of("bfs", "depth-weight", "opic", "backlinks", "pagerank");
            Map<String, List<Run>> byStrategy = new java.util.LinkedHashMap<>();
            for (int round = 0; round < RUNS; round++) {
                for (String strategy : strategies) {
                    byStrategy.computeIfAbsent(strategy, k -> new ArrayList<>()).add(crawlOnce(trawler, redisPid, siteId, Map.of("strategy", strategy)));
                }
            }
            double peakRss = ProcStats.peakRssMib(trawler.pid());
            double redisRss = ProcStats.peakRssMib(redisPid);
            System.out.printf("%n=== Crawl benchmark: %,d pages of ~8 KB, %d-%d links, nginx on loopback, politeness off, robots/dedup/WARC on,"
                    + " worker concurrency %d, %d cores ===%n", PAGES, 10, 40, CONCURRENCY, Runtime.getRuntime().availableProcessors());
            System.out.println("run  seconds   pages  pages/s  JVM CPU-s/1000  Redis CPU-s/1000  seen B/URL");
            for (int i = 0; i < runs.size(); i++) {
                Run r = runs.get(i);
                System.out.printf("%3d %8.2f %7d %8.0f %15.3f %17.3f %11.1f%n", i + 1, r.seconds(), r.pages(), r.pagesPerSecond(),
                        r.jvmCpuPer1000(), r.redisCpuPer1000(), r.seenBytesPerUrl());
            }
            System.out.printf("median: %.0f pages/s, %.3f CPU-s per 1,000 pages (JVM %.3f + Redis %.3f)%n",
                    median(runs.stream().map(Run::pagesPerSecond).toList()),
                    median(runs.stream().map(r -> r.jvmCpuPer1000() + r.redisCpuPer1000()).toList()),
                    median(runs.stream().map(Run::jvmCpuPer1000).toList()), median(runs.stream().map(Run::redisCpuPer1000).toList()));
            System.out.printf("peak RSS: JVM %.0f MiB, redis-server %.0f MiB%n", peakRss, redisRss);
            double unpartitioned = median(runs.stream().map(Run::pagesPerSecond).toList());
            String[] names = {"2 coordinated lanes", "2 independent lanes"};
            for (int i = 0; i < lanes.size(); i++) {
                Run r = lanes.get(i);
                System.out.printf("%s: %d pages in %.2f s = %.0f pages/s (%.1f %% of the unpartitioned median), %.3f CPU-s/1000%n",
                        names[i], r.pages(), r.seconds(), r.pagesPerSecond(), 100 * r.pagesPerSecond() / unpartitioned,
                        r.jvmCpuPer1000() + r.redisCpuPer1000());
            }
            double bfs = median(byStrategy.get("bfs").stream().map(Run::pagesPerSecond).toList());
            for (Map.Entry<String, List<Run>> e : byStrategy.entrySet()) {
                double m = median(e.getValue().stream().map(Run::pagesPerSecond).toList());
                System.out.printf("strategy %s: median %.0f pages/s over %d crawls (%.1f %% of bfs), %.3f CPU-s/1000%n", e.getKey(), m,
                        e.getValue().size(), 100 * m / bfs, median(e.getValue().stream().map(r -> r.jvmCpuPer1000() + r.redisCpuPer1000()).toList()));
            }
        } finally {
            trawler.stop();
            Nginx.stop(nginx, work.resolve("nginx"));
        }
    }

    private String lastSite;

    private Run crawlOnce(TrawlerProcess trawler, int redisPort, long redisPid, String base, int i) throws Exception {
        lastSite = trawler.api().body(Map.of("name", "bench-" + i, "seeds", List.of(base + "/"),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1000, "respectRobots", true),
                "limits", Map.of("maxPages", 1_000_000, "maxDepth", 1000)))
                .post("/api/v1/sites").then().statusCode(201).extract().path("id");
        Run r = crawlOnce(trawler, redisPid, lastSite, Map.of());
        double seen = RedisInfo.keyBytes(redisPort, "t:{c:" + lastCrawl + "}:s:*") / (double) r.pages();
        return new Run(r.seconds(), r.pages(), r.pagesPerSecond(), r.jvmCpuPer1000(), r.redisCpuPer1000(), seen);
    }

    private String lastCrawl;

    private Run crawlOnce(TrawlerProcess trawler, long redisPid, String siteId, Map<String, Object> body) throws Exception {
        long jvmPid = trawler.pid();
        double jvm0 = ProcStats.cpuSeconds(jvmPid);
        double redis0 = ProcStats.cpuSeconds(redisPid);
        String crawlId = trawler.api().body(body).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
        lastCrawl = crawlId;
        JsonPath c;
        do {
            Thread.sleep(100);
            c = trawler.api().get("/api/v1/crawls/" + crawlId).then().statusCode(200).extract().jsonPath();
        } while (!c.getString("state").equals("FINISHED"));
        double jvm = ProcStats.cpuSeconds(jvmPid) - jvm0;
        double redis = ProcStats.cpuSeconds(redisPid) - redis0;
        long pages = c.getLong("counts.fetched");
        double seconds = Duration.between(Instant.parse(c.getString("startedAt")), Instant.parse(c.getString("finishedAt"))).toMillis() / 1000.0;
        return new Run(seconds, pages, pages / seconds, jvm / pages * 1000, redis / pages * 1000, 0);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }
}
