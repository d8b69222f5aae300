package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.LocalRedisCluster;
import io.trawler.testsupport.LocalRedisSentinel;
import io.trawler.testsupport.TestRedis;
import io.trawler.testsupport.TrawlerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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

    @Test
    void aCrawlFollowsTheSentinelsToThePromotedReplica() throws Exception {
        Assumptions.assumeTrue(LocalRedisCluster.available(), "redis-server and redis-cli are not installed");
        Path root = Files.createTempDirectory(Path.of("target"), "sentinel-it-");
        GeneratedSite site = FailoverCrawl.site();
        try (LocalRedisSentinel group = LocalRedisSentinel.start(); TestWebServer web = TestWebServer.start(site)) {
            Map<String, String> props = new HashMap<>(Map.of("trawler.redis.hosts", group.hosts(), "trawler.redis.client-type", "sentinel",
                    "trawler.redis.master-name", LocalRedisSentinel.MASTER_NAME, "trawler.worker.poll-interval", "10ms",
                    "trawler.worker.lease-duration", "8s"));
            try (TrawlerProcess server = TrawlerProcess.start(root.resolve("server"), TestRedis.freePort(), "512m", props)) {
                FailoverCrawl crawl = FailoverCrawl.start(server, web, "sentinel");
                assertTrue(LocalRedisCluster.cli(group.initialPrimaryPort(), "DBSIZE").trim().matches("[1-9]\\d*"),
                        "the crawl's keys are on the primary");
                crawl.awaitAThird(server);
                group.killPrimary();
                long killedAt = System.currentTimeMillis();
                while (group.primaryPort() != group.replicaPort()) {
                    assertTrue(System.currentTimeMillis() < killedAt + 30_000, "the Sentinels did not promote the replica");
                    Thread.sleep(100);
                }
                long promoted = System.currentTimeMillis() - killedAt;
                crawl.awaitApi(server, killedAt);
                System.out.printf("RedisSentinelIT: primary killed; the replica was promoted after %d ms, the API answered again after %d ms%n",
                        promoted, System.currentTimeMillis() - killedAt);
                crawl.assertFinishedWithThePageSet(server, site, web, "RedisSentinelIT");
            }
        }
    }
}
