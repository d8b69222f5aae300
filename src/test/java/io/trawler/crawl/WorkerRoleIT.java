package io.trawler.crawl;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.Warcs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three processes of the packaged build: a manager and two workers, sharing only a Redis. The workers
 * have no database and do all the fetching; the manager never fetches; every page is fetched once.
 */
class WorkerRoleIT {

    private static final String TOKEN = "it-token";
    private final List<Process> processes = new ArrayList<>();
    private final Map<Process, Path> logs = new java.util.HashMap<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            p.waitFor();
        }
    }

    @Test
    void managerAndTwoWorkersShareOnlyRedis() throws Exception {
        String redis = TestRedis.url();
        Path root = Files.createTempDirectory(Path.of("target"), "roles-it-");
        int managerPort = TestRedis.freePort();
        Process manager = launch(root.resolve("manager"), "manager", redis, managerPort);
        Process worker1 = launch(root.resolve("worker1"), "worker", redis, TestRedis.freePort());
        Process worker2 = launch(root.resolve("worker2"), "worker", redis, TestRedis.freePort());
        for (Process p : List.of(manager, worker1, worker2)) {
            awaitReady(p);
        }
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(1500).withoutTraps());
        try (TestWebServer web = TestWebServer.start(site)) {
            String siteId = api(managerPort).body(Map.of("name", "roles", "seeds", List.of(web.base() + "/"),
                    "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), "limits", Map.of("maxDepth", 20)))
                    .post("/api/v1/sites").then().statusCode(201).extract().path("id");
            String crawlId = api(managerPort).body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202)
                    .extract().path("id");
            long deadline = System.currentTimeMillis() + 120_000;
            JsonPath c = crawl(managerPort, crawlId);
            while (!c.getString("state").equals("FINISHED") && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
                c = crawl(managerPort, crawlId);
            }
            assertEquals("FINISHED", c.getString("state"));
            Map<String, Integer> expected = site.expectedRequests(20, 5, 3);
            expected.put("/robots.txt", 2); // each worker process reads robots.txt once
            Map<String, Integer> actual = web.log().counts();
            if (actual.get("/robots.txt") == 1) {
                expected.put("/robots.txt", 1); // one worker happened to fetch everything
            }
            assertTrue(expected.equals(actual), () -> GeneratedSiteCrawlTest.describeDiff(expected, actual));
        }
        assertFalse(Files.exists(root.resolve("manager/warc")), "the manager fetched nothing");
        assertFalse(Files.exists(root.resolve("worker1/db")), "a worker has no database");
        assertFalse(Files.exists(root.resolve("worker2/db")), "a worker has no database");
        int files = 0;
        for (String w : List.of("worker1", "worker2")) {
            if (Files.exists(root.resolve(w).resolve("warc"))) {
                for (Path f : Warcs.files(root.resolve(w).resolve("warc"))) {
                    assertTrue(Warcs.valid(f), f.toString());
                    files++;
                }
            }
        }
        assertTrue(files >= 1, "workers wrote WARC files");
        given().port(managerPort).get("/q/health/ready").then().statusCode(200);
    }

    private Process launch(Path dataDir, String role, String redisUrl, int port) throws Exception {
        Files.createDirectories(dataDir);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx384m", "-Dquarkus.http.port=" + port, "-Dtrawler.role=" + role,
                "-Dtrawler.redis.url=" + redisUrl, "-Dtrawler.data-dir=" + dataDir.toAbsolutePath(),
                "-Dtrawler.security.admin-token=" + TOKEN, "-Dtrawler.worker.poll-interval=10ms",
                "-jar", "target/quarkus-app/quarkus-run.jar")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(new File(dataDir.toFile(), "server.log")))
                .start();
        processes.add(p);
        logs.put(p, dataDir.resolve("server.log"));
        return p;
    }

    private void awaitReady(Process p) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError("process exited with " + p.exitValue());
            }
            for (String line : Files.readAllLines(logs.get(p))) {
                if (line.contains("started in")) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("process did not start");
    }

    private static RequestSpecification api(int port) {
        return given().port(port).header("Authorization", "Bearer " + TOKEN).contentType(ContentType.JSON);
    }

    private static JsonPath crawl(int port, String id) {
        return api(port).get("/api/v1/crawls/" + id).then().statusCode(200).extract().jsonPath();
    }
}
