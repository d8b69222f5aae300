package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import io.trawler.testsupport.Warcs;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.WarcResponse;

/**
 * The packaged server killed with SIGKILL at random moments while it crawls slow pages (50–400 ms, 5 links each,
 * 16 in flight per host, 600-page limit), restarted on the same data directory each time, crawl after crawl. At the
 * end every URL fetched has exactly one page record, every record's WARC offset points at its own response, every
 * WARC file validates, and every crawl finished. The database is whatever the package was built for: H2 in
 * {@code ./mvnw verify}; PostgreSQL when {@code .ci/run} builds and runs it with {@code QUARKUS_DATASOURCE_*} set
 * (the child process inherits them). {@code -Dcrash.kills=N} sets the number of kills (default 8).
 */
class CrashSafetyIT {

    private static final int SITE_PAGES = 3000;
    private static final int LIMIT = 600;

    private Path dataDir;
    private int redisPort;
    private TrawlerProcess server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        TrawlerProcess.shutDownOrphanedRedis(dataDir, redisPort);
    }

    @Test
    void killedAtRandomMomentsLosesNoPageRecord() throws Exception {
        int kills = Integer.getInteger("crash.kills", 8);
        long seed = Long.getLong("crash.seed", System.nanoTime());
        Random random = new Random(seed);
        System.out.printf("crash test: %d kills, seed %d%n", kills, seed);
        dataDir = Files.createTempDirectory(Path.of("target"), "crash-it-");
        int httpPort = TestRedis.freePort();
        redisPort = TestRedis.freePort();
        Map<String, String> props = Map.of("trawler.redis.embedded-port", Integer.toString(redisPort),
                "trawler.worker.lease-duration", "3s", "trawler.worker.poll-interval", "10ms");
        try (TestWebServer web = TestWebServer.startWithBase((req, base) -> serve(req))) {
            server = TrawlerProcess.start(dataDir, httpPort, "512m", props);
            List<String[]> crawls = new ArrayList<>();   // {prefix, crawl id}
            crawls.add(startCrawl(web, crawls.size()));
            int killed = 0;
            while (killed < kills) {
                Thread.sleep(300 + random.nextInt(2500));
                String[] current = crawls.get(crawls.size() - 1);
                JsonPath c = ServerRestartIT.crawl(server, current[1]);
                System.out.printf("kill %d: crawl %s at %d fetched, %d records listed%n", killed + 1, current[0], c.getLong("counts.fetched"),
                        records(current[1]).size());
                server.kill();
                killed++;
                server = TrawlerProcess.start(dataDir, httpPort, "512m", props);
                if (ServerRestartIT.crawl(server, current[1]).getString("state").equals("FINISHED")) {
                    crawls.add(startCrawl(web, crawls.size()));
                }
            }
            for (String[] crawl : crawls) {
                assertEquals("FINISHED", ServerRestartIT.awaitFinished(server, crawl[1]).getString("state"), "crawl " + crawl[0]);
            }
            Map<String, Integer> requested = web.log().counts();
            for (String[] crawl : crawls) {
                checkRecords(crawl[0], crawl[1], web.base(), requested);
            }
            server.stop();
            server = null;
            if (System.getenv("TRAWLER_REDIS_URL") == null) {
                // the last start adopted the Redis the kills left running; a graceful stop must stop it too
                boolean answering;
                try (Socket s = new Socket("127.0.0.1", redisPort)) {
                    answering = true;
                } catch (IOException refused) {
                    answering = false;
                }
                assertTrue(!answering, "the adopted embedded Redis was left running after a graceful stop");
            }
            List<Path> files = Warcs.files(dataDir.resolve("warc"));
            for (Path f : files) {
                assertTrue(Warcs.valid(f), "WARC file does not validate: " + f);
            }
            System.out.printf("crash test: %d kills over %d crawls, %d WARC files valid%n", kills, crawls.size(), files.size());
        }
    }

    /** A site per crawl under its own prefix, so that each crawl's requests can be told apart. */
    private String[] startCrawl(TestWebServer web, int n) {
        String prefix = "/c" + n + "/";
        String siteId = server.api().body(Map.of("name", "crash " + n, "seeds", List.of(web.base() + prefix + "p/0"),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 16, "respectRobots", false),
                "limits", Map.of("maxPages", LIMIT, "maxDepth", 50)))
                .post("/api/v1/sites").then().statusCode(201).extract().path("id");
        String crawlId = server.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
        return new String[] {prefix, crawlId};
    }

    private void checkRecords(String prefix, String crawlId, String base, Map<String, Integer> requested) throws IOException {
        List<Map<String, Object>> records = records(crawlId);
        Map<String, Integer> perUrl = new HashMap<>();
        records.forEach(r -> perUrl.merge((String) r.get("url"), 1, Integer::sum));
        List<String> twice = perUrl.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
        assertTrue(twice.isEmpty(), "crawl " + prefix + ": URLs with more than one page record: " + twice);
        Set<String> fetched = new HashSet<>();
        requested.keySet().stream().filter(u -> u.startsWith(prefix)).forEach(u -> fetched.add(base + u));
        Set<String> missing = new HashSet<>(fetched);
        missing.removeAll(perUrl.keySet());
        assertTrue(missing.isEmpty(), "crawl " + prefix + ": " + missing.size() + " URLs fetched without a page record, e.g. "
                + missing.stream().limit(5).toList());
        JsonPath crawl = ServerRestartIT.crawl(server, crawlId);
        long fetchedRecords = records.stream().filter(r -> "fetched".equals(r.get("outcome"))).count();
        assertEquals(crawl.getLong("counts.fetched"), fetchedRecords, "crawl " + prefix + ": counts.fetched against fetched records");
        int checked = 0;
        for (Map<String, Object> r : records) {
            @SuppressWarnings("unchecked")
            Map<String, Object> warc = (Map<String, Object>) r.get("warc");
            if (warc == null || warc.get("file") == null) {
                continue;
            }
            Path file = dataDir.resolve("warc").resolve((String) warc.get("file"));
            long offset = ((Number) warc.get("offset")).longValue();
            WarcResponse response = (WarcResponse) Warcs.recordAt(file, offset).orElseThrow(
                    () -> new AssertionError("no WARC record at " + file + "@" + offset));
            assertEquals(r.get("url"), response.target(), "the record's WARC offset points at another response");
            checked++;
        }
        System.out.printf("crawl %s: %d records (%d fetched), %d URLs requested, %d WARC offsets checked%n", prefix, records.size(),
                fetchedRecords, fetched.size(), checked);
    }

    private List<Map<String, Object>> records(String crawlId) {
        List<Map<String, Object>> all = new ArrayList<>();
        Long after = null;
        do {
            var req = server.api().queryParam("limit", 500);
            if (after != null) {
                req = req.queryParam("after", after);
            }
            JsonPath page = req.get("/api/v1/crawls/" + crawlId + "/pages").then().statusCode(200).extract().jsonPath();
            all.addAll(page.getList("pages"));
            after = page.get("next") == null ? null : page.getLong("next");
        } while (after != null);
        return all;
    }

    /** Page {@code /cK/p/N}: 5 links within its crawl's prefix, answered after 50–400 ms. */
    private static void serve(io.vertx.core.http.HttpServerRequest req) {
        String path = req.path();
        int p = path.indexOf("/p/");
        if (p < 0) {
            req.response().setStatusCode(404).end();
            return;
        }
        int n;
        try {
            n = Integer.parseInt(path.substring(p + 3));
        } catch (NumberFormatException e) {
            req.response().setStatusCode(404).end();
            return;
        }
        String prefix = path.substring(0, p + 3);
        StringBuilder html = new StringBuilder("<html><head><title>page ").append(n).append("</title></head><body><p>")
                .append("text ".repeat(50)).append("</p>");
        for (int k = 1; k <= 5; k++) {
            html.append("<a href=\"").append(prefix).append((n * 5 + k) % SITE_PAGES).append("\">link ").append(k).append("</a> ");
        }
        html.append("</body></html>");
        long delay = 50 + ThreadLocalRandom.current().nextInt(350);
        io.vertx.core.Vertx.currentContext().owner().setTimer(delay, t -> req.response().putHeader("Content-Type", "text/html")
                .end(html.toString()));
    }
}
