package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import io.trawler.frontier.FrontierKeys;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.LocalRedisCluster;
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
 * The packaged build on a real Redis Cluster (3 masters, 3 replicas, Debian's redis-server): a crawl whose master is
 * killed mid-crawl (its replica promoted) ends with the site's page set and no more duplicate fetches than pages in
 * flight; deleting the site leaves no key of its crawls on any node.
 */
class RedisClusterIT {

    @Test
    void aCrawlSurvivesTheLossOfItsMasterAndDeletingItLeavesNoKey() throws Exception {
        Assumptions.assumeTrue(LocalRedisCluster.available(), "redis-server and redis-cli are not installed");
        Path root = Files.createTempDirectory(Path.of("target"), "cluster-it-");
        GeneratedSite site = FailoverCrawl.site();
        try (LocalRedisCluster cluster = LocalRedisCluster.start(7201);
                TestWebServer web = TestWebServer.start(site)) {
            Map<String, String> props = new HashMap<>(Map.of("trawler.redis.hosts", cluster.hosts(), "trawler.redis.client-type", "cluster",
                    "trawler.worker.poll-interval", "10ms", "trawler.worker.lease-duration", "8s"));
            try (TrawlerProcess server = TrawlerProcess.start(root.resolve("server"), TestRedis.freePort(), "512m", props)) {
                FailoverCrawl crawl = FailoverCrawl.start(server, web, "cluster");
                String crawlId = crawl.crawlId;
                int master = cluster.masterOf(FrontierKeys.conf(crawlId));
                crawl.awaitAThird(server);
                cluster.kill(master);
                int live = cluster.ports().stream().filter(p -> p != master).findFirst().orElseThrow();
                long killedAt = System.currentTimeMillis();
                for (int m = master; m == master || m < 0; m = cluster.masterOf(FrontierKeys.conf(crawlId))) {
                    assertTrue(System.currentTimeMillis() < killedAt + 30_000, "no replica took the crawl's slots over");
                    Thread.sleep(100);
                }
                long promoted = System.currentTimeMillis() - killedAt;
                cluster.awaitOk(live, 30_000);
                // until the client's view of the cluster drops the dead node, the API answers 503 (frontier unavailable)
                crawl.awaitApi(server, killedAt);
                System.out.printf("RedisClusterIT: master %d killed; its replica took over after %d ms, the API answered again after %d ms%n",
                        master, promoted, System.currentTimeMillis() - killedAt);
                crawl.assertFinishedWithThePageSet(server, site, web, "RedisClusterIT");

                server.api().delete("/api/v1/sites/" + crawl.siteId).then().statusCode(204);
                for (int port : cluster.ports()) {
                    if (port == master) {
                        continue;
                    }
                    assertEquals(List.of(), cluster.keys(port, FrontierKeys.pattern(crawlId)), "keys left on node " + port);
                }
                assertEquals("0", LocalRedisCluster.cli(live, "-c", "SISMEMBER", FrontierKeys.ACTIVE_CRAWLS, crawlId).trim(),
                        "the deleted crawl is out of the registry");
            }
        }
    }

    /** Polls the crawl until it is FINISHED (or three minutes pass), over a 503 now and then. */
    static JsonPath awaitFinished(TrawlerProcess server, String crawlId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 180_000;
        JsonPath c = null;
        while (System.currentTimeMillis() < deadline) {
            io.restassured.response.Response r = server.api().get("/api/v1/crawls/" + crawlId);
            if (r.statusCode() == 200) {
                c = r.jsonPath();
                if (c.getString("state").equals("FINISHED")) {
                    return c;
                }
            }
            Thread.sleep(200);
        }
        return c;
    }
}
