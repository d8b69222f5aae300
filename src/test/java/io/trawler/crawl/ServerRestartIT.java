package io.trawler.crawl;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The packaged server (target/quarkus-app) restarted mid-crawl resumes and finishes with the same page
 * set as an uninterrupted crawl: once after a clean stop (SIGTERM: embedded Redis reloads its AOF) and
 * once after being killed (SIGKILL: its leases expire and the URLs are fetched again).
 */
class ServerRestartIT {

    private static final String TOKEN = "it-token";
    private Path dataDir;
    private int httpPort;
    private int redisPort;
    private Process server;

    @BeforeEach
    void ports() throws IOException {
        dataDir = Files.createTempDirectory(Path.of("target"), "restart-it-");
        httpPort = TestRedis.freePort();
        redisPort = TestRedis.freePort();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null && server.isAlive()) {
            server.destroy();
            server.waitFor();
        }
        // an embedded Redis orphaned by SIGKILL is still running: shut it down
        try (Socket s = new Socket("127.0.0.1", redisPort)) {
            OutputStream out = s.getOutputStream();
            out.write("*2\r\n$8\r\nSHUTDOWN\r\n$6\r\nNOSAVE\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            s.getInputStream().read();
        } catch (IOException ignored) {
            // not running
        }
    }

    @Test
    void cleanRestartResumesAndFetchesEveryPageOnce() throws Exception {
        Map<String, Integer>[] result = crawlWithRestart(false);
        // robots.txt is fetched again by the new process (its rules are cached in memory); every page once
        result[0].remove("/robots.txt");
        assertEquals(2, result[1].remove("/robots.txt"));
        Map<String, Integer> expected = result[0];
        Map<String, Integer> actual = result[1];
        assertTrue(expected.equals(actual), () -> GeneratedSiteCrawlTest.describeDiff(expected, actual));
    }

    @Test
    void killedServerResumesWithTheSamePageSet() throws Exception {
        Map<String, Integer>[] result = crawlWithRestart(true);
        Map<String, Integer> expected = result[0];
        Map<String, Integer> actual = result[1];
        assertTrue(expected.keySet().equals(actual.keySet()), () -> GeneratedSiteCrawlTest.describeDiff(expected, actual));
        actual.forEach((uri, n) -> assertTrue(n <= 2, uri + " requested " + n + " times"));
        System.out.printf("killed mid-crawl: %d of %d URIs requested twice%n", actual.values().stream().filter(n -> n > 1).count(),
                actual.size());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Integer>[] crawlWithRestart(boolean kill) throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(2000).withoutTraps());
        try (TestWebServer web = TestWebServer.start(site)) {
            server = launch();
            String siteId = api().body(Map.of("name", "restart", "seeds", List.of(web.base() + "/"),
                    "politeness", Map.of("delayMs", 3, "maxConcurrentPerHost", 4), "limits", Map.of("maxDepth", 20)))
                    .post("/api/v1/sites").then().statusCode(201).extract().path("id");
            String crawlId = api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            while (crawl(crawlId).getLong("counts.fetched") < 300) {
                Thread.sleep(20);
            }
            if (kill) {
                server.destroyForcibly();
            } else {
                server.destroy();
            }
            server.waitFor();
            int before = web.log().total();
            assertTrue(before < 1900, "stopped mid-crawl, after " + before + " requests");
            server = launch();
            long deadline = System.currentTimeMillis() + 120_000;
            JsonPath c = crawl(crawlId);
            while (!c.getString("state").equals("FINISHED") && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
                c = crawl(crawlId);
            }
            assertEquals("FINISHED", c.getString("state"));
            return new Map[] {site.expectedRequests(20, 5, 3), web.log().counts()};
        }
    }

    private Process launch() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx512m",
                "-Dquarkus.http.port=" + httpPort,
                "-Dtrawler.data-dir=" + dataDir.toAbsolutePath(),
                "-Dtrawler.redis.embedded-port=" + redisPort,
                "-Dtrawler.security.admin-token=" + TOKEN,
                "-Dtrawler.worker.lease-duration=4s",
                "-Dtrawler.worker.poll-interval=10ms",
                "-jar", "target/quarkus-app/quarkus-run.jar")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(dataDir.toFile(), "server.log")))
                .start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (given().port(httpPort).get("/q/health/ready").statusCode() == 200) {
                    return p;
                }
            } catch (Exception notYet) {
                // starting
            }
            if (!p.isAlive()) {
                throw new AssertionError("server exited: " + Files.readString(dataDir.resolve("server.log")));
            }
            Thread.sleep(200);
        }
        throw new AssertionError("server did not start: " + Files.readString(dataDir.resolve("server.log")));
    }

    private RequestSpecification api() {
        return given().port(httpPort).header("Authorization", "Bearer " + TOKEN).contentType(ContentType.JSON);
    }

    private JsonPath crawl(String id) {
        return api().get("/api/v1/crawls/" + id).then().statusCode(200).extract().jsonPath();
    }
}
