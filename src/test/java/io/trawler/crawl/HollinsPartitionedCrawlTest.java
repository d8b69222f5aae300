package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.HollinsSiteResource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real partitioned crawls of a test site that serves exactly the Hollins graph: independent lanes end with
 * the live metrics the simulator predicted (N = 2 and 3, within 2 percentage points); coordinated lanes end
 * with overlap 0 and the single-crawler coverage.
 */
@QuarkusTest
@QuarkusTestResource(value = HollinsSiteResource.class, restrictToAnnotatedClass = true)
class HollinsPartitionedCrawlTest {

    @Test
    void liveMetricsEqualTheSimulatorsOnTheHollinsGraph() throws Exception {
        String siteId = Api.createSite(Map.of("name", "hollins", "seeds", List.of("http://www1.hollins.edu/"),
                "scope", Map.of("hosts", List.of("www1.hollins.edu", "www.hollins.edu")),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 16), "limits", Map.of("maxPages", 100000, "maxDepth", 12)));
        JsonPath single = Api.awaitEnd(Api.startCrawl(siteId), 120_000);
        assertEquals("FINISHED", single.getString("state"));
        System.out.printf("Hollins single crawl: %d fetched%n", single.getLong("counts.fetched"));
        assertTrue(single.getLong("counts.fetched") > 5900);
        JsonPath again = Api.awaitEnd(Api.startCrawl(siteId), 120_000);
        double singleCoverage = again.getDouble("metrics.coverage");

        for (int n : new int[] {2, 3}) {
            JsonPath plan = Api.as().body(Map.of("crawlers", n)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .extract().jsonPath();
            String crawl = Api.as().body(Map.of("partitions", n, "mode", "independent")).post("/api/v1/sites/" + siteId + "/crawls")
                    .then().statusCode(202).extract().path("id");
            JsonPath live = Api.awaitEnd(crawl, 120_000);
            for (String m : new String[] {"overlap", "coverage", "acceleration", "composite"}) {
                System.out.printf("Hollins independent N=%d %-12s live %.4f predicted %.4f%n", n, m, live.getDouble("metrics." + m),
                        plan.getDouble("predicted." + m));
            }
            assertEquals(plan.getDouble("predicted.overlap"), live.getDouble("metrics.overlap"), 0.02);
            assertEquals(plan.getDouble("predicted.coverage"), live.getDouble("metrics.coverage"), 0.02);
            assertEquals(plan.getDouble("predicted.acceleration"), live.getDouble("metrics.acceleration"),
                    0.02 * plan.getDouble("predicted.acceleration"));
        }
        String coordinated = Api.as().body(Map.of("partitions", 3, "mode", "coordinated")).post("/api/v1/sites/" + siteId + "/crawls")
                .then().statusCode(202).extract().path("id");
        JsonPath c = Api.awaitEnd(coordinated, 120_000);
        System.out.printf("Hollins coordinated N=3: overlap %.4f coverage %.4f acceleration %.4f (single coverage %.4f)%n",
                c.getDouble("metrics.overlap"), c.getDouble("metrics.coverage"), c.getDouble("metrics.acceleration"), singleCoverage);
        assertEquals(0.0, c.getDouble("metrics.overlap"));
        assertEquals(singleCoverage, c.getDouble("metrics.coverage"), 1e-9);
    }
}
