package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.LocalRedisCluster;
import io.trawler.testsupport.LocalRedisSentinel;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The packaged build on a Redis group under Sentinel ({@code trawler.redis.client-type=sentinel}): a primary, a
 * replica and three Sentinels from Debian's redis-server. The primary is killed mid-crawl; the Sentinels promote the
 * replica, the client follows them to it, and the crawl ends with the site's page set and no more duplicate fetches
 * than pages in flight.
 */
class RedisSentinelIT {

    private static final int PAGES = 1_500;
    private static final int CONCURRENCY = 8;

    @Test
    void aCrawlFollowsTheSentinelsToThePromotedReplica() throws Exception {
        Assumptions.assumeTrue(LocalRedisCluster.available(), "redis-server and redis-cli are not installed");
        Path root = Files.createTempDirectory(Path.of("target"), "sentinel-it-");
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(PAGES).withoutTraps());
        try (LocalRedisSentinel group = LocalRedisSentinel.start(); TestWebServer web = TestWebServer.start(site)) {
            Map<String, String> props = new HashMap<>(Map.of("trawler.redis.hosts", group.hosts(), "trawler.redis.client-type", "sentinel",
                    "trawler.redis.master-name", LocalRedisSentinel.MASTER_NAME, "trawler.worker.poll-interval", "10ms",
                    "trawler.worker.lease-duration", "8s"));
            try (TrawlerProcess server = TrawlerProcess.start(root.resolve("server"), TestRedis.freePort(), "512m", props)) {
                String siteId = server.api().body(Map.of("name", "sentinel", "seeds", List.of(web.base() + "/"),
                        "politeness", Map.of("delayMs", 5, "maxConcurrentPerHost", CONCURRENCY), "limits", Map.of("maxDepth", 20)))
                        .post("/api/v1/sites").then().statusCode(201).extract().path("id");
                String crawlId = server.api().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202)
                        .extract().path("id");
                assertTrue(LocalRedisCluster.cli(group.initialPrimaryPort(), "DBSIZE").trim().matches("[1-9]\\d*"),
                        "the crawl's keys are on the primary");
                long deadline = System.currentTimeMillis() + 60_000;
                while (ServerRestartIT.crawl(server, crawlId).getLong("counts.fetched") < PAGES / 3) {
                    assertTrue(System.currentTimeMillis() < deadline, "the crawl did not get a third of the way");
                    Thread.sleep(20);
                }
                group.killPrimary();
                long killedAt = System.currentTimeMillis();
                while (group.primaryPort() != group.replicaPort()) {
                    assertTrue(System.currentTimeMillis() < killedAt + 30_000, "the Sentinels did not promote the replica");
                    Thread.sleep(100);
                }
                long promoted = System.currentTimeMillis() - killedAt;
                while (server.api().get("/api/v1/crawls/" + crawlId).statusCode() != 200) {
                    assertTrue(System.currentTimeMillis() < killedAt + 60_000, "the API did not come back after the failover");
                    Thread.sleep(100);
                }
                System.out.printf("RedisSentinelIT: primary killed; the replica was promoted after %d ms, the API answered again after %d ms%n",
                        promoted, System.currentTimeMillis() - killedAt);

                JsonPath c = RedisClusterIT.awaitFinished(server, crawlId);
                assertEquals("FINISHED", c.getString("state"), () -> c.prettify());
                Map<String, Integer> expected = site.expectedRequests(20, 5, 3);
                Map<String, Integer> actual = web.log().counts();
                assertEquals(expected.keySet(), actual.keySet(), "the same page set as without a failover");
                int duplicates = 0;
                for (Map.Entry<String, Integer> e : actual.entrySet()) {
                    duplicates += Math.max(0, e.getValue() - expected.get(e.getKey()));
                }
                System.out.printf("RedisSentinelIT: %d pages, %d duplicate fetches%n", actual.size(), duplicates);
                assertTrue(duplicates <= CONCURRENCY, duplicates + " duplicate fetches, more than the pages in flight");
            }
        }
    }
}
