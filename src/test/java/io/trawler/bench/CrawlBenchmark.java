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
 * The crawl benchmark: a 20,000-page generated site (about 8 KB a page, 10–40 links each) served by nginx on
 * loopback, crawled by the packaged server (embedded Redis, H2, the JVM's default heap unless told otherwise; the
 * README's run command, bin/trawler, gives -Xmx160m, a native-heap trim and a fixed G1 marking threshold: give the server
 * the options RUN_COMMAND to measure it) with politeness off and robots.txt, dedup and WARC on. Prints, per crawl, pages/s, CPU-seconds per 1,000
 * pages (Trawler's JVM and its redis-server apart), resident memory after the crawl; per server its start-up time,
 * its warm medians and peak RSS; and, in the same run, the parser's limit: jsoup parse and link extraction of the same
 * pages on one thread (CPU-seconds per 1,000 pages), and Trawler's CPU per page against it. After each crawl it waits
 * until the crawl's search index is complete (the indexing left after the crawl is printed apart), so that no
 * server's indexing runs into the next crawl.
 *
 * <pre>
 * ./mvnw package -DskipTests &amp;&amp; ./mvnw test -Pbenchmark -Dtest=CrawlBenchmark
 * # A/B: other builds' quarkus-app folders, crawled in turns (A1 B1 A2 B2 …), each server started once
 * ./mvnw test -Pbenchmark -Dtest=CrawlBenchmark -Dbench.apps=/tmp/ab/before,target/quarkus-app
 * # JVM options of one server: folder|options (RUN_COMMAND: bin/trawler's default options, read from the script)
 * ./mvnw test -Pbenchmark -Dtest=CrawlBenchmark "-Dbench.apps=target/quarkus-app|RUN_COMMAND,target/quarkus-app|RUN_COMMAND -XX:+UseSerialGC"
 * </pre>
 * Settings: {@code bench.pages} (20,000), {@code bench.runs} (crawls per server, 5), {@code bench.concurrency} (64),
 * {@code bench.heap} (e.g. 2g; default none), {@code bench.jfr} (a flight recording of each server under target/bench),
 * {@code bench.extras} (also partitioned crawls and the ordering strategies), {@code bench.recrawl} (one site per server,
 * recrawled unchanged: conditional requests and revisit records), {@code bench.redis-stats} (per crawl, the Redis
 * commands that cost most, per page), {@code bench.peer} ({@code crawler4j}: crawler4j 4.4 crawls the same site first, in a
 * JVM of its own, and Trawler's warm crawls are set against it). Needs nginx (Debian: apt-get install nginx).
 * Only loopback traffic.
 */
@Tag("benchmark")
class CrawlBenchmark {

    static final int PAGES = Integer.getInteger("bench.pages", 20_000);
    static final int RUNS = Integer.getInteger("bench.runs", 5);
    static final int CONCURRENCY = Integer.getInteger("bench.concurrency", 64);
    static final String APPS = System.getProperty("bench.apps", "target/quarkus-app");
    static final String HEAP = System.getProperty("bench.heap", "");
    static final boolean JFR = Boolean.getBoolean("bench.jfr");
    static final boolean EXTRAS = Boolean.getBoolean("bench.extras");
    /**
     * Also prints, after each crawl's indexing, where the memory is: the JVM's anonymous and file-backed resident memory,
     * redis-server's resident memory and what Redis counts (used, peak), and with native memory tracking on (the server
     * started with {@code -XX:NativeMemoryTracking=summary}) the JVM's committed memory by category.
     */
    static final boolean MEMORY = Boolean.getBoolean("bench.memory");
    /**
     * Each server crawls one site again and again (its first crawl finds the site; the others recrawl it unchanged, nginx
     * answering conditional requests with 304s), instead of a new site each crawl.
     */
    static final boolean RECRAWL = Boolean.getBoolean("bench.recrawl");
    /**
     * Also prints, per crawl, the Redis commands that cost most (calls and microseconds per page, INFO commandstats, the
     * commands scripts call counted too), the scripts' calls by operation from the slow log half-way through the crawl (a
     * window of the last 20,000 commands, some 700–1,000 pages: an ingest burst can fill it), and the crawl's frontier
     * counters. Logging every command costs Redis CPU itself: not for A/B figures.
     */
    static final boolean REDIS_STATS = Boolean.getBoolean("bench.redis-stats");
    /** A peer crawler crawled the same site in the same run first ({@code crawler4j}), and Trawler's figures against its. */
    static final String PEER = System.getProperty("bench.peer", "");
    /** Commands kept in Redis' slow log for the split of the scripts' calls by operation. */
    static final int SLOW_LOG = 20_000;

    record Run(double seconds, long pages, double pagesPerSecond, double jvmCpuPer1000, double redisCpuPer1000,
            double jitCpuPer1000, double gcCpuPer1000, double seenBytesPerUrl, double rssMib, double indexSeconds,
            double indexCpuPer1000) {

        Run(double seconds, long pages, double pagesPerSecond, double jvmCpuPer1000, double redisCpuPer1000,
                double jitCpuPer1000, double gcCpuPer1000, double rssMib) {
            this(seconds, pages, pagesPerSecond, jvmCpuPer1000, redisCpuPer1000, jitCpuPer1000, gcCpuPer1000, 0, rssMib, 0, 0);
        }

        double cpuPer1000() {
            return jvmCpuPer1000 + redisCpuPer1000;
        }

        /** The crawl's CPU and the search indexing it leaves after it ends (a build that indexes while crawling leaves less). */
        double withIndexPer1000() {
            return cpuPer1000() + indexCpuPer1000;
        }
    }

    /** One build under test: its server, its embedded Redis, and its crawls. */
    static final class Server {
        final String label;
        final TrawlerProcess process;
        final String redisUrl;
        final long redisPid;
        final double startupSeconds;
        final List<Run> runs = new ArrayList<>();
        /** The site it crawls again ({@code bench.recrawl}). */
        String site;

        Server(String label, TrawlerProcess process, String redisUrl, long redisPid, double startupSeconds) {
            this.label = label;
            this.process = process;
            this.redisUrl = redisUrl;
            this.redisPid = redisPid;
            this.startupSeconds = startupSeconds;
        }

        List<Run> warm() {
            return runs.size() > 1 ? runs.subList(1, runs.size()) : runs;
        }
    }

    @Test
    void crawl20kPagesFromNginx() throws Exception {
        Path work = Path.of("target/bench").toAbsolutePath();
        int nginxPort = TestRedis.freePort();
        String base = "http://127.0.0.1:" + nginxPort;
        Path root = writeSite(work.resolve("site-" + PAGES), PAGES, base);
        Process nginx = Nginx.start(work.resolve("nginx"), root, nginxPort);
        List<Server> servers = new ArrayList<>();
        PeerCrawl.Result peer = null;
        try {
            if (PEER.equals("crawler4j")) {
                peer = PeerCrawl.crawler4j(base + "/", CONCURRENCY, Files.createTempDirectory(work, "crawler4j-"));
            } else if (!PEER.isEmpty()) {
                throw new IllegalArgumentException("bench.peer: crawler4j or nothing, not " + PEER);
            }
            for (AppUnderTest app : AppUnderTest.parse(APPS)) {
                servers.add(startServer(work, app.folder(), app.options(), servers.size()));
            }
            for (int i = 0; i < RUNS; i++) {
                for (Server s : servers) {   // in turns, so that the machine's drift favours none
                    s.runs.add(crawlOnce(s, base, i));
                }
            }
            double[] parser = ParserLimit.measure(root, base);
            report(servers, parser);
            if (peer != null) {
                reportPeer(servers, peer);
            }
            if (EXTRAS) {
                extras(servers.get(servers.size() - 1));
            }
        } finally {
            for (Server s : servers) {
                s.process.stop();
            }
            Nginx.stop(nginx, work.resolve("nginx"));
        }
    }

    private Server startServer(Path work, Path app, List<String> options, int index) throws Exception {
        Path data = Files.createTempDirectory(work, "data-");
        int redisPort = TestRedis.freePort();
        List<String> jvm = new ArrayList<>(options);
        if (!HEAP.isBlank()) {
            jvm.add("-Xmx" + HEAP);
        }
        if (MEMORY) {
            jvm.add("-XX:NativeMemoryTracking=summary");
        }
        if (JFR) {
            jvm.add("-XX:StartFlightRecording=filename=" + work.resolve("server-" + index + ".jfr") + ",settings=profile");
        }
        long t0 = System.nanoTime();
        TrawlerProcess p = TrawlerProcess.start(app.resolve("quarkus-run.jar"), data, TestRedis.freePort(), jvm, Map.of(
                "trawler.redis.embedded-port", Integer.toString(redisPort),
                "trawler.worker.concurrency", Integer.toString(CONCURRENCY),
                "quarkus.log.category.\"io.trawler\".level", "WARN"));
        double startup = (System.nanoTime() - t0) / 1e9;
        String label = app.toAbsolutePath().normalize().toString();
        Path commit = app.resolve("COMMIT");
        if (Files.exists(commit)) {
            label += " (" + Files.readString(commit).trim().substring(0, 7) + ")";
        }
        if (!options.isEmpty()) {
            label += " " + String.join(" ", options);
        }
        Path password = data.resolve("redis").resolve("password");   // the embedded Redis asks for the data directory's password
        String redisUrl = "redis://" + (Files.exists(password) ? ":" + Files.readString(password).trim() + "@" : "") + "127.0.0.1:" + redisPort;
        return new Server(label, p, redisUrl, RedisInfo.pid(redisUrl), startup);
    }

    private static void report(List<Server> servers, double[] parser) throws IOException {
        System.out.printf("%n=== Crawl benchmark: %,d pages of ~8 KB, %d-%d links, nginx on loopback, politeness off, robots/dedup/WARC on,"
                + " worker concurrency %d, heap %s, %d cores%s ===%n", PAGES, 10, 40, CONCURRENCY, HEAP.isBlank() ? "JVM default" : HEAP,
                Runtime.getRuntime().availableProcessors(), RECRAWL ? ", one site recrawled" : "");
        System.out.printf("parser's limit (jsoup parse + link extraction, one thread, %,d pages, median of %d passes): %.3f CPU-s per 1,000 pages%n",
                (long) parser[1], (int) parser[2], parser[0]);
        for (Server s : servers) {
            System.out.printf("%n%s: ready in %.2f s%n", s.label, s.startupSeconds);
            System.out.println("crawl  seconds   pages  pages/s  JVM CPU-s/1000 (JIT, GC)  Redis CPU-s/1000  seen B/URL  RSS after (MiB)"
                    + "  index after (s, CPU-s/1000)");
            for (int i = 0; i < s.runs.size(); i++) {
                Run r = s.runs.get(i);
                System.out.printf("%5d %8.2f %7d %8.0f %9.3f (%.3f, %.3f) %17.3f %11.1f %16.0f  %6.1f %6.3f%n", i + 1, r.seconds(), r.pages(),
                        r.pagesPerSecond(), r.jvmCpuPer1000(), r.jitCpuPer1000(), r.gcCpuPer1000(), r.redisCpuPer1000(), r.seenBytesPerUrl(), r.rssMib(), r.indexSeconds(), r.indexCpuPer1000());
            }
            List<Run> warm = s.warm();
            double pps = median(warm.stream().map(Run::pagesPerSecond).toList());
            double cpu = median(warm.stream().map(Run::cpuPer1000).toList());
            System.out.printf("warm median (crawls 2-%d): %.0f pages/s, %.3f CPU-s per 1,000 pages (JVM %.3f, of which JIT %.3f and GC %.3f,"
                    + " + Redis %.3f); first crawl at %.0f %% of it%n",
                    s.runs.size(), pps, cpu, median(warm.stream().map(Run::jvmCpuPer1000).toList()),
                    median(warm.stream().map(Run::jitCpuPer1000).toList()), median(warm.stream().map(Run::gcCpuPer1000).toList()),
                    median(warm.stream().map(Run::redisCpuPer1000).toList()), 100 * s.runs.get(0).pagesPerSecond() / pps);
            System.out.printf("with the search indexing left after each crawl: %.3f CPU-s per 1,000 pages%n",
                    median(warm.stream().map(Run::withIndexPer1000).toList()));
            System.out.printf("CPU per page against the parser's limit: %.2fx; peak RSS: JVM %.0f MiB, redis-server %.0f MiB%n",
                    cpu / parser[0], ProcStats.peakRssMib(s.process.pid()), ProcStats.peakRssMib(s.redisPid));
        }
        if (servers.size() > 1) {
            Server a = servers.get(0);
            for (Server b : servers.subList(1, servers.size())) {
                System.out.printf("%n%s against %s: pages/s %.2fx, CPU per page %.2fx, with the indexing left after the crawl %.2fx%n",
                        b.label, a.label,
                        median(b.warm().stream().map(Run::pagesPerSecond).toList()) / median(a.warm().stream().map(Run::pagesPerSecond).toList()),
                        median(b.warm().stream().map(Run::cpuPer1000).toList()) / median(a.warm().stream().map(Run::cpuPer1000).toList()),
                        median(b.warm().stream().map(Run::withIndexPer1000).toList()) / median(a.warm().stream().map(Run::withIndexPer1000).toList()));
            }
        }
    }

    /** Each server's warm crawls against the peer's crawl of the same site, in the same run (issue 39's targets). */
    private static void reportPeer(List<Server> servers, PeerCrawl.Result peer) throws IOException {
        System.out.printf("%n=== Against crawler4j 4.4 (%d threads, its own JVM, the same site first) ===%n", CONCURRENCY);
        System.out.printf("crawler4j: %,d pages in %.2f s, %.0f pages/s, %.3f CPU-s per 1,000 pages during the crawl, peak RSS %.0f MiB%n",
                peer.pages(), peer.seconds(), peer.pagesPerSecond(), peer.cpuPer1000(), peer.rssMib());
        for (Server s : servers) {
            List<Run> warm = s.warm();
            double pps = median(warm.stream().map(Run::pagesPerSecond).toList());
            double cpu = median(warm.stream().map(Run::cpuPer1000).toList());
            double all = median(warm.stream().map(Run::withIndexPer1000).toList());
            double rss = ProcStats.peakRssMib(s.process.pid()) + ProcStats.peakRssMib(s.redisPid);
            System.out.printf("%s: warm pages/s %.2fx crawler4j's (target >= 3); CPU per page %.2fx during the crawl (target <= 0.25),"
                    + " %.2fx counting the indexing left after it (target <= 0.35); peak RSS %.0f MiB (JVM + redis-server), %.2fx"
                    + " (target <= 1)%n", s.label, pps / peer.pagesPerSecond(), cpu / peer.cpuPer1000(), all / peer.cpuPer1000(), rss,
                    rss / peer.rssMib());
        }
    }

    /** Partitioned crawls of the same site (live metrics on) and the ordering strategies, against bfs. */
    private void extras(Server server) throws Exception {
        TrawlerProcess trawler = server.process;
        String siteId = lastSite;
        double unpartitioned = median(server.warm().stream().map(Run::pagesPerSecond).toList());
        trawler.api().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
        for (String mode : List.of("coordinated", "independent")) {
            Run r = crawlOnce(server, siteId, Map.of("partitions", 2, "mode", mode));
            System.out.printf("2 %s lanes: %d pages in %.2f s = %.0f pages/s (%.1f %% of the unpartitioned median), %.3f CPU-s/1000%n",
                    mode, r.pages(), r.seconds(), r.pagesPerSecond(), 100 * r.pagesPerSecond() / unpartitioned, r.cpuPer1000());
        }
        // strategies against bfs, interleaved (bfs, depth-weight, opic, bfs, …) so that JIT warm-up favours none
        List<String> strategies = List.of("bfs", "depth-weight", "opic", "backlinks", "pagerank");
        Map<String, List<Run>> byStrategy = new java.util.LinkedHashMap<>();
        for (int round = 0; round < 3; round++) {
            for (String strategy : strategies) {
                byStrategy.computeIfAbsent(strategy, k -> new ArrayList<>()).add(crawlOnce(server, siteId, Map.of("strategy", strategy)));
            }
        }
        double bfs = median(byStrategy.get("bfs").stream().map(Run::pagesPerSecond).toList());
        for (Map.Entry<String, List<Run>> e : byStrategy.entrySet()) {
            double m = median(e.getValue().stream().map(Run::pagesPerSecond).toList());
            System.out.printf("strategy %s: median %.0f pages/s over %d crawls (%.1f %% of bfs), %.3f CPU-s/1000%n", e.getKey(), m,
                    e.getValue().size(), 100 * m / bfs, median(e.getValue().stream().map(Run::cpuPer1000).toList()));
        }
    }

    private String lastSite;

    private Run crawlOnce(Server server, String base, int i) throws Exception {
        lastSite = RECRAWL && server.site != null ? server.site : server.process.api().body(Map.of("name", "bench-" + i, "seeds", List.of(base + "/"),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1000, "respectRobots", true),
                "limits", Map.of("maxPages", 1_000_000, "maxDepth", 1000)))
                .post("/api/v1/sites").then().statusCode(201).extract().path("id");
        server.site = lastSite;
        Run r = crawlOnce(server, lastSite, Map.of());
        double seen = RedisInfo.keyBytes(server.redisUrl, "t:{c:" + lastCrawl + "}:s:*") / (double) r.pages();
        if (MEMORY) {
            printMemory(server, "after the crawl");
        }
        double[] index = searchCatchUp(server, lastCrawl, r.pages());
        if (MEMORY) {
            printMemory(server, "after its indexing");
        }
        return new Run(r.seconds(), r.pages(), r.pagesPerSecond(), r.jvmCpuPer1000(), r.redisCpuPer1000(), r.jitCpuPer1000(),
                r.gcCpuPer1000(), seen, r.rssMib(), index[0], index[1]);
    }

    /**
     * Waits until the crawl's search index is complete (searching it, as an editor would) and returns the seconds and
     * the server's CPU-seconds per 1,000 pages this took, so that no build's indexing runs into the next crawl.
     */
    private static double[] searchCatchUp(Server server, String crawlId, long pages) throws Exception {
        long jvmPid = server.process.pid();
        double cpu0 = ProcStats.cpuSeconds(jvmPid);
        ThreadCpu threads = new ThreadCpu(jvmPid);
        long t0 = System.nanoTime();
        long deadline = t0 + 600_000_000_000L;
        while (!server.process.api().queryParam("q", "127").get("/api/v1/crawls/" + crawlId + "/search")
                .then().statusCode(200).extract().jsonPath().getBoolean("complete")) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("crawl " + crawlId + " not indexed within 10 minutes");
            }
            Thread.sleep(500);
            threads.sample();
        }
        threads.sample();
        double cpu = ProcStats.cpuSeconds(jvmPid) - cpu0;
        double search = threads.secondsOf("trawler-search");
        double gc = threads.seconds(ThreadCpu.Kind.GC);
        double jit = threads.seconds(ThreadCpu.Kind.JIT);
        System.out.printf("      the indexing's CPU-s per 1,000 pages: %.3f, of which the indexer's thread %.3f, GC %.3f, JIT %.3f, the rest %.3f%n",
                cpu / pages * 1000, search / pages * 1000, gc / pages * 1000, jit / pages * 1000, (cpu - search - gc - jit) / pages * 1000);
        return new double[] {(System.nanoTime() - t0) / 1e9, cpu / pages * 1000};
    }

    private String lastCrawl;

    private Run crawlOnce(Server server, String siteId, Map<String, Object> body) throws Exception {
        long jvmPid = server.process.pid();
        double jvm0 = ProcStats.cpuSeconds(jvmPid);
        double redis0 = ProcStats.cpuSeconds(server.redisPid);
        ThreadCpu threads = new ThreadCpu(jvmPid);
        // try-with-resources closes a null resource without a call: without bench.redis-stats nothing is logged
        try (RedisInfo.CommandLog log = REDIS_STATS ? RedisInfo.CommandLog.start(server.redisUrl, SLOW_LOG) : null) {
            String crawlId = server.process.api().body(body).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            lastCrawl = crawlId;
            JsonPath c;
            List<RedisInfo.CommandStat> midCrawl = List.of();   // the scripts' operations, from the slow log half-way through the crawl
            do {
                Thread.sleep(100);
                threads.sample();
                c = server.process.api().get("/api/v1/crawls/" + crawlId).then().statusCode(200).extract().jsonPath();
                if (log != null && midCrawl.isEmpty() && c.getLong("counts.fetched") >= PAGES / 2) {
                    midCrawl = log.scriptOps();
                }
            } while (!c.getString("state").equals("FINISHED"));
            double jvm = ProcStats.cpuSeconds(jvmPid) - jvm0;
            double redis = ProcStats.cpuSeconds(server.redisPid) - redis0;
            long pages = c.getLong("counts.fetched");
            double seconds = Duration.between(Instant.parse(c.getString("startedAt")), Instant.parse(c.getString("finishedAt"))).toMillis() / 1000.0;
            threads.sample();
            if (log != null) {
                printRedisStats(server, crawlId, pages, midCrawl);
            }
            return new Run(seconds, pages, pages / seconds, jvm / pages * 1000, redis / pages * 1000,
                    threads.seconds(ThreadCpu.Kind.JIT) / pages * 1000, threads.seconds(ThreadCpu.Kind.GC) / pages * 1000, ProcStats.rssMib(jvmPid));
        }
    }

    /** A category's line of {@code VM.native_memory summary scale=MB}, and its total's. */
    private static final java.util.regex.Pattern NMT_CATEGORY =
            java.util.regex.Pattern.compile("^(?:-\\s*)?(\\S[^(]*?)\\s*\\(reserved=\\d+MB, committed=(\\d+)MB");
    private static final java.util.regex.Pattern NMT_TOTAL = java.util.regex.Pattern.compile("^Total: reserved=\\d+MB, committed=(\\d+)MB");

    /** Where the server's and its Redis's memory is now ({@link #MEMORY}). */
    private static void printMemory(Server server, String when) throws Exception {
        long pid = server.process.pid();
        Map<String, String> redis = RedisInfo.info(server.redisUrl, "memory");
        System.out.printf("      memory %s: JVM %s; redis-server %s (used %s, peak %s, keys' dataset %s)%n", when, ProcStats.rssParts(pid),
                ProcStats.rssParts(server.redisPid), redis.get("used_memory_human"), redis.get("used_memory_peak_human"),
                redis.get("used_memory_dataset"));
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid),
                "VM.native_memory", "summary", "scale=MB").redirectErrorStream(true).start();
        StringBuilder nmt = new StringBuilder();
        for (String line : new String(jcmd.getInputStream().readAllBytes()).split("\n")) {
            var m = NMT_CATEGORY.matcher(line.trim());
            var total = NMT_TOTAL.matcher(line.trim());
            if (total.find()) {
                nmt.append(nmt.isEmpty() ? "" : ", ").append("total ").append(total.group(1));
            } else if (m.find() && Integer.parseInt(m.group(2)) > 0) {
                nmt.append(nmt.isEmpty() ? "" : ", ").append(m.group(1).trim()).append(' ').append(m.group(2));
            }
        }
        jcmd.waitFor();
        if (!nmt.isEmpty()) {
            System.out.println("      JVM committed " + when + " (MB): " + nmt);
        }
    }

    /**
     * Redis's commands per page over the crawl, the calls of the slow log's window half-way through it (scripts by
     * operation), and the crawl's frontier counters.
     */
    private static void printRedisStats(Server server, String crawlId, long pages, List<RedisInfo.CommandStat> midCrawl) throws Exception {
        StringBuilder line = new StringBuilder("  redis commands per page (calls, usec):");
        for (RedisInfo.CommandStat st : top(RedisInfo.commandStats(server.redisUrl))) {
            line.append(String.format(" %s %.2f %.1f;", st.command(), st.calls() / (double) pages, st.usec() / (double) pages));
        }
        long logged = midCrawl.stream().mapToLong(RedisInfo.CommandStat::calls).sum();
        line.append(String.format("%n  of %,d commands half-way through the crawl (usec per call):", logged));
        for (RedisInfo.CommandStat st : top(midCrawl)) {
            line.append(String.format(" %s %.1f %% of calls, %.1f;", st.command(), 100.0 * st.calls() / logged, st.usec() / (double) st.calls()));
        }
        line.append(String.format("%n  the crawl's frontier counters: %s", RedisInfo.hash(server.redisUrl, "t:{c:" + crawlId + "}:stats")));
        System.out.println(server.label + " crawl " + crawlId + line);
    }

    /** The six most expensive of a list sorted most expensive first. */
    private static List<RedisInfo.CommandStat> top(List<RedisInfo.CommandStat> stats) {
        return stats.subList(0, Math.min(6, stats.size()));
    }

    /**
     * The crawl benchmark's site of {@code pages} pages (about 8 KB each, 10–40 links) written into {@code root} for
     * nginx, anew each run: a third of its links are absolute, with this run's {@code base}.
     */
    static Path writeSite(Path root, int pages, String base) throws IOException {
        deleteTree(root);
        new GeneratedSite(new GeneratedSite.Options(pages, 12, 1.3, 10, 40, 8192, 7, false, null)).writeStatic(root, base);
        return root;
    }

    static void deleteTree(Path dir) throws IOException {
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
