package io.trawler.bench;

import io.restassured.path.json.JsonPath;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The memory bound of the run command's heap against a hostile site: forty pages of 10 MB each (HTML, every one linking
 * to all the others), served by nginx on loopback, crawled by the packaged server with sixteen fetches at a time and
 * politeness off. Prints, per server, whether the crawl finished and how long it took, its peak RSS (polled every
 * 200 ms, and the kernel's high-water mark), and the OutOfMemoryErrors in the server's log. Bodies wait for the
 * processing threads on the fetcher's in-flight budget (an eighth of the heap), so a small heap slows such a crawl
 * down rather than running out.
 *
 * <pre>
 * ./mvnw package -DskipTests &amp;&amp; ./mvnw test -Pbenchmark -Dtest=HugePagesBenchmark
 * # servers with other options: folder|options, comma-separated; RUN_COMMAND stands for bin/trawler's default options
 * ./mvnw test -Pbenchmark -Dtest=HugePagesBenchmark "-Dbench.apps=target/quarkus-app|RUN_COMMAND -Xmx128m"
 * </pre>
 * Settings: {@code bench.apps} (default: target/quarkus-app with bin/trawler's default options), {@code bench.hugePages}
 * (40), {@code bench.hugeMb} (10), {@code bench.runs} (crawls per server, 2). Needs nginx. Only loopback traffic.
 */
@Tag("benchmark")
class HugePagesBenchmark {

    static final String APPS = System.getProperty("bench.apps", "target/quarkus-app|" + RunCommand.TOKEN);
    static final int PAGES = Integer.getInteger("bench.hugePages", 40);
    static final int MB = Integer.getInteger("bench.hugeMb", 10);
    static final int RUNS = Integer.getInteger("bench.runs", 2);

    @Test
    void crawlFortyTenMegabytePages() throws Exception {
        Path work = Path.of("target/bench-huge").toAbsolutePath();
        Path root = work.resolve("site");
        writeSite(root);
        int nginxPort = TestRedis.freePort();
        String base = "http://127.0.0.1:" + nginxPort;
        Process nginx = Nginx.start(work.resolve("nginx"), root, nginxPort);
        System.out.printf("%n=== Huge pages: %d pages of %d MB, 16 fetches at a time, nginx on loopback ===%n", PAGES, MB);
        try {
            int index = 0;
            for (AppUnderTest app : AppUnderTest.parse(APPS)) {
                Path data = Files.createTempDirectory(work, "data-");
                TrawlerProcess p = TrawlerProcess.start(app.folder().resolve("quarkus-run.jar"), data, TestRedis.freePort(),
                        app.options(), Map.of("trawler.redis.embedded-port", Integer.toString(TestRedis.freePort()),
                                "trawler.worker.concurrency", "16", "quarkus.log.category.\"io.trawler\".level", "WARN"));
                try {
                    for (int run = 0; run < RUNS; run++) {
                        System.out.printf("server %d (%s %s), crawl %d: %s%n", index, app.folder(), String.join(" ", app.options()), run + 1,
                                crawlOnce(p, base, run));
                    }
                    long ooms = p.log().lines().filter(l -> l.contains("OutOfMemoryError")).count();
                    System.out.printf("server %d: peak RSS (VmHWM) %.0f MiB, %d OutOfMemoryError lines in its log%n", index,
                            ProcStats.peakRssMib(p.pid()), ooms);
                } finally {
                    p.stop();
                    CrawlBenchmark.deleteTree(data);
                }
                index++;
            }
        } finally {
            Nginx.stop(nginx, work.resolve("nginx"));
        }
    }

    private static String crawlOnce(TrawlerProcess p, String base, int run) throws Exception {
        String site = p.api().body(Map.of("name", "huge-" + run, "seeds", List.of(base + "/"),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1000, "respectRobots", false),
                "limits", Map.of("maxPages", 1000, "maxDepth", 10)))
                .post("/api/v1/sites").then().statusCode(201).extract().path("id");
        String crawl = p.api().body(Map.of()).post("/api/v1/sites/" + site + "/crawls").then().statusCode(202).extract().path("id");
        long t0 = System.nanoTime();
        double peak = 0;
        JsonPath c;
        do {
            Thread.sleep(200);
            peak = Math.max(peak, ProcStats.rssMib(p.pid()));
            c = p.api().get("/api/v1/crawls/" + crawl).then().statusCode(200).extract().jsonPath();
        } while (!c.getString("state").equals("FINISHED") && System.nanoTime() - t0 < 300_000_000_000L);
        return String.format("%s after %.1f s, %d pages fetched, %d errors, RSS peak (polled) %.0f MiB", c.getString("state"),
                (System.nanoTime() - t0) / 1e9, c.getLong("counts.fetched"), c.getLong("counts.errors"), peak);
    }

    /** An index linking to every page, and the pages: each about {@code MB} MB of paragraphs, linking to all the others. */
    private static void writeSite(Path root) throws Exception {
        Files.createDirectories(root);
        StringBuilder index = new StringBuilder("<html><head><title>huge</title></head><body>");
        for (int i = 0; i < PAGES; i++) {
            index.append("<a href=\"/p").append(i).append(".html\">page ").append(i).append("</a> ");
        }
        Files.writeString(root.resolve("index.html"), index.append("</body></html>"));
        Path made = root.resolve("made-for");
        String shape = PAGES + " pages of " + MB + " MB";
        boolean same = Files.exists(made) && Files.readString(made).equals(shape);   // pages of another shape link elsewhere
        String paragraph = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ".repeat(12) + "</p>\n";
        long target = MB * 1024L * 1024L;
        for (int i = 0; i < PAGES; i++) {
            Path page = root.resolve("p" + i + ".html");
            if (same && Files.exists(page)) {
                continue;
            }
            try (BufferedWriter w = Files.newBufferedWriter(page, StandardCharsets.UTF_8)) {
                w.write("<html><head><title>page " + i + "</title></head><body>");
                for (int j = 0; j < PAGES; j++) {
                    w.write("<a href=\"/p" + j + ".html\">p" + j + "</a> ");
                }
                long written = 0;
                while (written < target) {
                    w.write(paragraph);
                    written += paragraph.length();
                }
                w.write("</body></html>");
            }
        }
        Files.writeString(made, shape);
    }
}
