package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.ClientRateLimit;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's promise in wall-clock time: a site behind a per-client-address rate limit (429 above it), crawled by a
 * manager and three worker processes, each its own node with its own source address (127.0.0.2, .3, .4). With the
 * site's politeness scope {@code node}, three lanes on three nodes finish in well under half the time of one lane on
 * one node, nearly without 429s, as fast as the planner predicted; killing a node's worker mid-crawl moves its lane
 * within the node timeout and loses no page; with scope {@code site} the three nodes together never go faster than
 * one polite client. {@code -Dnodes.pages=3000} sets the site's size.
 */
class NodeAccelerationIT {

    static final int PAGES = Integer.getInteger("nodes.pages", 3000);
    /** The site's limit per client address, and the crawl's delay: 50 requests a second per client, under 60. */
    static final double LIMIT_PER_SECOND = 60;
    static final long DELAY_MS = 20;

    @Test
    void threeNodesCrawlAPartitionedSiteThreeTimesAsFastAndPolitePerNode() throws Exception {
        Path root = Files.createTempDirectory(Path.of("target"), "nodes-it-");
        Map<String, String> shared = Map.of("trawler.redis.url", TestRedis.url(), "trawler.worker.poll-interval", "10ms",
                "trawler.worker.heartbeat-interval", "1s", "trawler.worker.node-timeout", "3s");
        ClientRateLimit limit = new ClientRateLimit(LIMIT_PER_SECOND, 3);
        // 24 first-level directories of similar size (skew 0.6): a site the planner can split into three even lanes
        GeneratedSite site = new GeneratedSite(new GeneratedSite.Options(PAGES, 24, 0.6, 10, 40, 2048, 42, false, null));
        try (TestWebServer web = TestWebServer.start(site, limit);
                TrawlerProcess manager = TrawlerProcess.start(root.resolve("manager"), TestRedis.freePort(), "512m", TrawlerProcess.withRole(shared, "manager"));
                TrawlerProcess n1 = worker(root, shared, 1);
                TrawlerProcess n2 = worker(root, shared, 2);
                TrawlerProcess n3 = worker(root, shared, 3)) {
            String siteId = manager.api().body(Map.of("name", "nodes", "seeds", List.of(web.base() + "/"),
                    "politeness", Map.of("delayMs", DELAY_MS, "maxConcurrentPerHost", 1, "scope", "node"),
                    "limits", Map.of("maxDepth", 100, "maxPages", 100_000)))
                    .post("/api/v1/sites").then().statusCode(201).extract().path("id");

            // one lane on one node: the baseline
            JsonPath one = crawl(manager, siteId, Map.of("nodes", List.of("n1")));
            Duration t1 = took(one);
            assertEquals(Set.of("127.0.0.2"), limit.perAddress().keySet(), "one lane pinned to n1 fetches from n1's address only");
            long pages = one.getLong("counts.unique");
            assertTrue(pages >= PAGES, "the whole site: " + pages);
            report("1 lane, 1 node", one, t1, limit);

            double predicted = manager.api().body(Map.of("crawlers", 3)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .extract().jsonPath().getDouble("predicted.acceleration");
            limit.clear();
            JsonPath three = crawl(manager, siteId, Map.of("partitions", 3, "mode", "coordinated"));
            Duration t3 = took(three);
            report("3 lanes, 3 nodes", three, t3, limit);
            double ratio = t3.toMillis() / (double) t1.toMillis();
            double measured = three.getDouble("metrics.wallClockAcceleration");
            System.out.printf("time ratio %.3f; acceleration measured %.2f, predicted %.2f%n", ratio, measured, predicted);
            assertEquals(pages, three.getLong("counts.unique"), "the same pages");
            assertEquals(Set.of("127.0.0.2", "127.0.0.3", "127.0.0.4"), limit.perAddress().keySet(), "each node from its own address");
            assertTrue(ratio <= 0.45, "three nodes take at most 0.45 of one node's time: " + ratio);
            assertTrue(limit.refused() < 0.01 * limit.requests(), limit.refused() + " of " + limit.requests() + " answered 429");
            assertEquals(predicted, measured, 0.2 * predicted, "measured acceleration within 20 % of the planner's");

            // a node lost mid-crawl: its lane moves within the node timeout, no page is lost
            limit.clear();
            String lost = start(manager, siteId, Map.of("partitions", 3, "mode", "coordinated"));
            while (ServerRestartIT.crawl(manager, lost).getLong("counts.fetched") < pages / 3) {
                Thread.sleep(50);
            }
            String n3Lane = laneOf(manager, lost, "n3");
            n3.kill();
            long killedAt = System.currentTimeMillis();
            String movedTo = null;
            while (movedTo == null && System.currentTimeMillis() - killedAt < 20_000) {
                Thread.sleep(100);
                JsonPath c = ServerRestartIT.crawl(manager, lost);
                if (!"RUNNING".equals(c.getString("state"))) {
                    break;
                }
                String node = c.getString("partitions[" + n3Lane + "].node");
                movedTo = node != null && !node.equals("n3") ? node : null;
            }
            long moveMs = System.currentTimeMillis() - killedAt;
            JsonPath after = ServerRestartIT.awaitFinished(manager, lost);
            System.out.printf("node n3 killed: lane %s moved to %s after %d ms; %d pages, %d fetched twice%n", n3Lane, movedTo, moveMs,
                    after.getLong("counts.unique"), after.getLong("counts.fetched") - after.getLong("counts.unique"));
            assertEquals("FINISHED", after.getString("state"));
            assertTrue(movedTo != null && moveMs < 10_000, "the lane moved to a live node within the timeout: " + movedTo + " " + moveMs);
            assertEquals(pages, after.getLong("counts.unique"), "the same page set after losing a node");

            // scope site: the three nodes are one polite client together
            manager.api().body(Map.of("name", "nodes", "seeds", List.of(web.base() + "/"),
                    "politeness", Map.of("delayMs", DELAY_MS, "maxConcurrentPerHost", 1, "scope", "site"),
                    "limits", Map.of("maxDepth", 100, "maxPages", 600)))
                    .put("/api/v1/sites/" + siteId).then().statusCode(200);
            limit.clear();
            JsonPath polite = crawl(manager, siteId, Map.of("partitions", 3, "mode", "coordinated"));
            report("3 lanes, scope site", polite, took(polite), limit);
            assertTrue(limit.peakPerSecond() <= 1.1 * 1000 / DELAY_MS, "never faster than one client: " + limit.peakPerSecond() + "/s");
            assertEquals(0, limit.refused());
        }
    }

    static JsonPath crawl(TrawlerProcess manager, String siteId, Map<String, Object> body) throws InterruptedException {
        JsonPath c = ServerRestartIT.awaitFinished(manager, start(manager, siteId, body));
        assertEquals("FINISHED", c.getString("state"));
        return c;
    }

    static String start(TrawlerProcess manager, String siteId, Map<String, Object> body) {
        return manager.api().body(body).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
    }

    private static String laneOf(TrawlerProcess manager, String crawlId, String node) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            List<String> nodes = ServerRestartIT.crawl(manager, crawlId).getList("partitions.node");
            int lane = nodes.indexOf(node);
            if (lane >= 0) {
                return Integer.toString(lane);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no lane on " + node);
    }

    static Duration took(JsonPath c) {
        return Duration.between(Instant.parse(c.getString("startedAt")), Instant.parse(c.getString("finishedAt")));
    }

    static void report(String what, JsonPath c, Duration took, ClientRateLimit limit) {
        System.out.printf("%s: %d pages in %.1f s; requests per address %s over %s s, 429: %d, peak %d/s%n", what, c.getLong("counts.unique"),
                took.toMillis() / 1000.0, limit.perAddress(), limit.spanPerAddress(), limit.refused(), limit.peakPerSecond());
    }

    static TrawlerProcess worker(Path root, Map<String, String> shared, int n) throws Exception {
        Map<String, String> p = TrawlerProcess.withRole(shared, "worker");
        p.put("trawler.worker.node", "n" + n);
        p.put("trawler.fetch.local-address", "127.0.0." + (n + 1));
        return TrawlerProcess.start(root.resolve("n" + n + "-" + System.nanoTime()), TestRedis.freePort(), "384m", p);
    }
}
