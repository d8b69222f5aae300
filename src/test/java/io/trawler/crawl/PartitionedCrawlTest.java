package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.frontier.FrontierKeys;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.RedisKeys;
import io.trawler.testsupport.ServedSite;
import io.trawler.testsupport.TestRedis;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Partitioned crawls on the project's generated site: the live metrics of an independent 2-lane crawl match
 * the simulator's prediction for the saved plan, and a coordinated crawl fetches every page once; with politeness
 * scope node the lanes live in shards of their own (on a cluster, on several masters) and the same holds.
 */
@QuarkusTest
class PartitionedCrawlTest {

    @jakarta.inject.Inject
    io.vertx.redis.client.Redis redis;

    @Test
    void liveMetricsMatchThePrediction() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(1500).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "partitioned", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), Map.of("maxPages", 100000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            Api.as().body(Map.of("partitions", 2)).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(409);
            JsonPath first = Api.awaitEnd(Api.startCrawl(siteId), 60_000);
            assertNull(first.get("metrics.coverage"), "no previous crawl: no coverage");
            JsonPath second = Api.awaitEnd(Api.startCrawl(siteId), 60_000);
            assertEquals(1.0, second.getDouble("metrics.coverage"), 1e-9, "a second full crawl covers what the first found");
            assertEquals(1.0, second.getDouble("metrics.acceleration"), 1e-9);

            JsonPath plan = Api.as().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .extract().jsonPath();
            server.log().clear();
            String independent = Api.as().body(Map.of("partitions", 2, "mode", "independent"))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            JsonPath early = Api.crawl(independent);
            assertEquals(!"FINISHED".equals(early.getString("state")), early.getBoolean("metrics.partial"), "partial while it runs");
            JsonPath live = Api.awaitEnd(independent, 60_000);
            assertEquals(2, live.getList("partitions").size());
            org.junit.jupiter.api.Assertions.assertFalse(live.getBoolean("metrics.partial"), "a finished crawl's metrics are final");
            Double wallClock = live.get("metrics.wallClockAcceleration") == null ? null : live.getDouble("metrics.wallClockAcceleration");
            System.out.printf("independent N=2: acceleration %.2f by page counts, %s measured in time%n", live.getDouble("metrics.acceleration"),
                    wallClock == null ? "null" : String.format("%.2f", wallClock));
            assertTrue(wallClock != null && wallClock > 0, "measured against the site's last single-lane crawl: " + wallClock);
            assertTrue(live.getLong("partitions[0].fetched") > 0 && live.getLong("partitions[1].fetched") > 0);
            for (String m : new String[] {"overlap", "coverage", "acceleration"}) {
                System.out.printf("independent N=2 %s: live %.4f, predicted %.4f%n", m, live.getDouble("metrics." + m),
                        plan.getDouble("predicted." + m));
            }
            assertEquals(plan.getDouble("predicted.overlap"), live.getDouble("metrics.overlap"), 0.02);
            assertEquals(plan.getDouble("predicted.coverage"), live.getDouble("metrics.coverage"), 0.02);
            assertEquals(plan.getDouble("predicted.acceleration"), live.getDouble("metrics.acceleration"),
                    0.02 * plan.getDouble("predicted.acceleration"));
            server.log().counts().forEach((uri, n) -> assertTrue(n <= 2, uri + " fetched by at most both lanes: " + n));

            server.log().clear();
            String coordinated = Api.as().body(Map.of("partitions", 2, "mode", "coordinated"))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            JsonPath c = Api.awaitEnd(coordinated, 60_000);
            assertEquals(0.0, c.getDouble("metrics.overlap"));
            assertEquals(second.getDouble("metrics.coverage"), c.getDouble("metrics.coverage"), 1e-9, "the single-crawler coverage");
            server.log().counts().forEach((uri, n) -> assertEquals(1, n, uri));
            assertTrue(c.getDouble("metrics.acceleration") > 1.3, "two lanes share the work: " + c.getDouble("metrics.acceleration"));
        }
    }

    @Test
    void shardedLanesKeepTheirPromises() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(1500).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "sharded", Map.of("delayMs", 0, "maxConcurrentPerHost", 8, "scope", "node"), Map.of("maxPages", 100000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            JsonPath single = Api.awaitEnd(Api.startCrawl(siteId), 60_000);
            JsonPath plan = Api.as().body(Map.of("crawlers", 3)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .extract().jsonPath();

            server.log().clear();
            String coordinated = Api.as().body(Map.of("partitions", 3, "mode", "coordinated"))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            JsonPath c = Api.awaitEnd(coordinated, 60_000);
            assertEquals("FINISHED", c.getString("state"));
            java.util.List<String> keys = RedisKeys.matching(redis, FrontierKeys.allShardsPattern(coordinated));
            long tags = keys.stream().map(k -> k.substring(k.indexOf('{'), k.indexOf('}') + 1)).distinct().count();
            assertEquals(3, tags, "a shard per lane: " + keys.size() + " keys");
            if (TestRedis.cluster()) {
                int masters = RedisKeys.mastersHolding(redis, FrontierKeys.allShardsPattern(coordinated));
                assertTrue(masters >= 2, "the lanes spread over the cluster: " + masters + " masters");
            }
            server.log().counts().forEach((uri, n) -> assertEquals(1, n, uri));
            assertEquals(single.getLong("counts.fetched"), c.getLong("counts.fetched"), "every page of the single crawl, once");
            assertEquals(0.0, c.getDouble("metrics.overlap"));
            System.out.printf("sharded coordinated N=3: acceleration %.2f (lanes %s)%n", c.getDouble("metrics.acceleration"),
                    c.getList("partitions.fetched"));
            assertTrue(c.getDouble("metrics.acceleration") > 2.0, "three lanes share the work: " + c.getDouble("metrics.acceleration"));

            String independent = Api.as().body(Map.of("partitions", 3, "mode", "independent"))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            JsonPath live = Api.awaitEnd(independent, 60_000);
            for (String m : new String[] {"overlap", "coverage", "acceleration"}) {
                System.out.printf("sharded independent N=3 %s: live %.4f, predicted %.4f%n", m, live.getDouble("metrics." + m),
                        plan.getDouble("predicted." + m));
            }
            assertEquals(plan.getDouble("predicted.overlap"), live.getDouble("metrics.overlap"), 0.02);
            assertEquals(plan.getDouble("predicted.coverage"), live.getDouble("metrics.coverage"), 0.02);
        }
    }
}
