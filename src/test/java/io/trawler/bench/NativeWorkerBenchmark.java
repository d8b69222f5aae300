package io.trawler.bench;

import io.restassured.path.json.JsonPath;
import io.trawler.testsupport.NativeRunner;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The native edge worker against the JVM worker, side by side in one run: a JVM manager (no fetching) and one worker of
 * each kind in turn, sharing one Redis, crawling the crawl benchmark's site (20,000 generated pages from nginx on
 * loopback, politeness off). Per kind: start-up (the process's start to Quarkus's "started in", and to its first lease
 * of a crawl that waits for it), resident memory when idle and its peak while crawling, and per crawl pages/s and the
 * worker's CPU-seconds per 1,000 pages; the first crawl's rate against the warm crawls' median.
 *
 * <pre>
 * ./mvnw package -DskipTests &amp;&amp; native/build-worker.sh     # target/trawler-*-runner
 * ./mvnw test -Pbenchmark -Dtest=NativeWorkerBenchmark        # -Dbench.pages=… -Dbench.runs=… -Dnative.runner=…
 * </pre>
 * Settings: {@code bench.pages} (20,000), {@code bench.runs} (crawls per worker, 4), {@code bench.concurrency} (64),
 * {@code bench.native-options} (the native worker's options; default none: its built-in defaults), {@code native.runner}
 * (default: target/*-runner). The JVM worker runs with bin/trawler's default options (the README's run command). Needs nginx.
 */
@Tag("benchmark")
class NativeWorkerBenchmark {

    static final int PAGES = Integer.getInteger("bench.pages", 20_000);
    static final int RUNS = Integer.getInteger("bench.runs", 4);
    static final int CONCURRENCY = Integer.getInteger("bench.concurrency", 64);
    /** Extra options of the native worker (none: the executable's built-in defaults, a 256 MB heap and a 16 MB young generation). */
    static final String NATIVE_OPTIONS = System.getProperty("bench.native-options", "");
    private static final Pattern STARTED = Pattern.compile("started in ([0-9.]+)s");

    record Crawl(double seconds, long pages, double pagesPerSecond, double cpuPer1000, double peakRssMib) {
    }

    record Kind(String name, double startedIn, double toFirstLease, double idleRssMib, double afterCrawlRssMib, List<Crawl> crawls) {
        double warmRate() {
            return median(crawls.subList(1, crawls.size()).stream().mapToDouble(Crawl::pagesPerSecond).toArray());
        }

        double warmCpu() {
            return median(crawls.subList(1, crawls.size()).stream().mapToDouble(Crawl::cpuPer1000).toArray());
        }
    }

    @Test
    void nativeAgainstJvmWorker() throws Exception {
        Path runner = NativeRunner.find();
        Assumptions.assumeTrue(runner != null, "build the native worker first: native/build-worker.sh");
        Path work = Path.of("target/bench").toAbsolutePath();
        Files.createDirectories(work);
        int nginxPort = TestRedis.freePort();
        String base = "http://127.0.0.1:" + nginxPort;
        Path root = CrawlBenchmark.writeSite(work.resolve("native-site-" + PAGES), PAGES, base);
        Process nginx = Nginx.start(work.resolve("nginx-native"), root, nginxPort);
        Map<String, String> shared = Map.of("trawler.redis.url", TestRedis.url(), "trawler.worker.concurrency", Integer.toString(CONCURRENCY),
                "quarkus.log.category.\"io.trawler\".level", "WARN");
        List<Kind> kinds = new ArrayList<>();
        try (TrawlerProcess manager = TrawlerProcess.start(Files.createTempDirectory(work, "manager-"), TestRedis.freePort(), "1g",
                TrawlerProcess.withRole(shared, "manager"))) {
            // the JVM worker, then the native one: each from its start, its first crawl cold
            kinds.add(measure("JVM worker (bin/trawler)", Path.of("target/quarkus-app/quarkus-run.jar"), RunCommand.defaults(), manager,
                    shared, base, work));
            List<String> nativeOptions = NATIVE_OPTIONS.isBlank() ? List.of() : List.of(NATIVE_OPTIONS.trim().split("\\s+"));
            kinds.add(measure("native worker" + (nativeOptions.isEmpty() ? "" : " " + NATIVE_OPTIONS), runner, nativeOptions, manager,
                    shared, base, work));
        } finally {
            Nginx.stop(nginx, work.resolve("nginx-native"));
        }
        System.out.printf("%n=== Native against JVM worker: %,d pages from nginx on loopback, politeness off, worker concurrency %d, %d cores ===%n",
                PAGES, CONCURRENCY, Runtime.getRuntime().availableProcessors());
        System.out.printf("%-28s %10s %12s %9s %9s %9s %12s %12s %10s %10s%n", "worker", "started in", "first lease", "RSS idle",
                "after crawl", "peak RSS", "crawl 1 p/s", "warm p/s", "1st/warm", "warm CPU");
        for (Kind k : kinds) {
            double peak = k.crawls.stream().mapToDouble(Crawl::peakRssMib).max().orElse(0);
            System.out.printf("%-28s %9.3fs %11.3fs %6.0f MB %6.0f MB %6.0f MB %12.1f %12.1f %9.0f%% %10.2f%n", k.name, k.startedIn,
                    k.toFirstLease, k.idleRssMib, k.afterCrawlRssMib, peak, k.crawls.get(0).pagesPerSecond(), k.warmRate(), 100 * k.crawls.get(0).pagesPerSecond() / k.warmRate(),
                    k.warmCpu());
            for (int i = 0; i < k.crawls.size(); i++) {
                Crawl c = k.crawls.get(i);
                System.out.printf("    crawl %d: %,d pages in %.1f s, %.1f pages/s, %.2f CPU-s per 1,000 pages (worker), peak %.0f MB%n", i + 1,
                        c.pages(), c.seconds(), c.pagesPerSecond(), c.cpuPer1000(), c.peakRssMib());
            }
        }
        System.out.println("(first lease: the process's start to the first page of a waiting crawl leased, as the manager's counts show it;"
                + " RSS idle: 3 s after a start with nothing to do; after crawl: 5 s after the first crawl; CPU: the worker's user+system CPU-s per 1,000 pages;"
                + " warm: median of crawls 2..n)");
    }

    private static Kind measure(String name, Path program, List<String> options, TrawlerProcess manager, Map<String, String> shared,
            String base, Path work) throws Exception {
        // a worker started with nothing to do: its start-up as Quarkus reports it, and what it holds when idle
        double startedIn;
        double idleRss;
        try (TrawlerProcess idle = TrawlerProcess.start(program, Files.createTempDirectory(work, "worker-"), TestRedis.freePort(), options,
                TrawlerProcess.withRole(shared, "worker"))) {
            Thread.sleep(3_000);
            idleRss = ProcStats.rssMib(idle.pid());
            Matcher m = STARTED.matcher(idle.log());
            startedIn = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
        }
        // then a crawl waits before a fresh worker starts: the time to its first lease is the worker's whole start-up
        String siteId = site(manager, base, name + " 1");
        String crawlId = manager.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
        long t0 = System.nanoTime();
        try (TrawlerProcess worker = TrawlerProcess.start(program, Files.createTempDirectory(work, "worker-"), TestRedis.freePort(),
                options, TrawlerProcess.withRole(shared, "worker"))) {
            double firstLease;
            while (true) {
                JsonPath c = manager.api().get("/api/v1/crawls/" + crawlId).then().statusCode(200).extract().jsonPath();
                if (c.getLong("counts.inFlight") + c.getLong("counts.fetched") > 0) {
                    firstLease = (System.nanoTime() - t0) / 1e9;
                    break;
                }
                Thread.sleep(2);
            }
            List<Crawl> crawls = new ArrayList<>();
            crawls.add(follow(manager, worker, crawlId, ProcStats.cpuSeconds(worker.pid())));
            Thread.sleep(5_000);
            double afterCrawl = ProcStats.rssMib(worker.pid());   // after a crawl and a quiet moment
            for (int i = 1; i < RUNS; i++) {
                String next = manager.api().body("{}").post("/api/v1/sites/" + site(manager, base, name + " " + (i + 1)) + "/crawls")
                        .then().statusCode(202).extract().path("id");
                crawls.add(follow(manager, worker, next, ProcStats.cpuSeconds(worker.pid())));
            }
            return new Kind(name, startedIn, firstLease, idleRss, afterCrawl, crawls);
        }
    }

    private static Crawl follow(TrawlerProcess manager, TrawlerProcess worker, String crawlId, double cpu0) throws Exception {
        JsonPath c;
        double peak = 0;
        do {
            Thread.sleep(100);
            peak = Math.max(peak, ProcStats.rssMib(worker.pid()));
            c = manager.api().get("/api/v1/crawls/" + crawlId).then().statusCode(200).extract().jsonPath();
        } while (!c.getString("state").equals("FINISHED"));
        double cpu = ProcStats.cpuSeconds(worker.pid()) - cpu0;
        long pages = c.getLong("counts.fetched");
        double seconds = Duration.between(Instant.parse(c.getString("startedAt")), Instant.parse(c.getString("finishedAt"))).toMillis() / 1000.0;
        return new Crawl(seconds, pages, pages / seconds, cpu / pages * 1000, peak);
    }

    private static String site(TrawlerProcess manager, String base, String name) {
        return manager.api().body(Map.of("name", name, "seeds", List.of(base + "/"),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1000, "respectRobots", true),
                "limits", Map.of("maxPages", 1_000_000, "maxDepth", 1000))).post("/api/v1/sites").then().statusCode(201).extract().path("id");
    }

    static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        return v.length == 0 ? Double.NaN : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
