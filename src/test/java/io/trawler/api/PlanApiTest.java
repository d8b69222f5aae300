package io.trawler.api;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Partition plans section of API.md: plan from the latest crawl, edit, read, predict, and the refusals. */
@QuarkusTest
class PlanApiTest {

    @Test
    void planEditAndPredictFromTheLatestCrawl() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(800).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "plans", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), Map.of("maxPages", 10000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            Api.as().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(409)
                    .body("error", equalTo("conflict"));
            Api.as().get("/api/v1/sites/" + siteId + "/plan/predictions").then().statusCode(409);
            String crawlId = Api.startCrawl(siteId);
            assertEquals("FINISHED", Api.awaitEnd(crawlId, 60_000).getString("state"));

            JsonPath plan = Api.as().body(Map.of("crawlers", 3, "keyPathShare", 0.9, "seedsPerPath", 2))
                    .post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .body("crawlers", hasSize(3)).body("crawlers[0].index", equalTo(0))
                    .body("crawlers[0].seeds[0]", equalTo(server.base() + "/"))
                    .body("predicted.coverage", notNullValue()).body("basedOnCrawl", equalTo(crawlId))
                    .extract().jsonPath();
            List<String> first = plan.getList("crawlers[0].paths");
            List<String> second = plan.getList("crawlers[1].paths");
            assertTrue(!first.isEmpty() && !second.isEmpty());
            assertTrue(plan.getList("nonKeyPaths").size() >= 1);
            long urls = plan.getLong("crawlers[0].urls") + plan.getLong("crawlers[1].urls") + plan.getLong("crawlers[2].urls");
            // /d0 holds more than a third of this skewed site and has no sub-directory: its URLs go to every crawler by hash
            assertEquals(List.of("127.0.0.1/d0"), plan.getList("hashedPaths"), plan.prettify());
            assertTrue(plan.getList("notes").toString().contains("path hash"), plan.getList("notes").toString());
            long hashed = plan.getLong("pathUrls.'127.0.0.1/d0'");
            assertTrue(urls + hashed >= 0.9 * 801 && urls + hashed <= 801, "key paths and hashed groups hold 90 %: " + urls + " + " + hashed);
            Api.as().get("/api/v1/sites/" + siteId + "/plan").then().statusCode(200).body("crawlers[0].paths", equalTo(first));

            // move crawler 0's first path to crawler 1
            List<String> moved = new ArrayList<>(second);
            moved.add(first.get(0));
            List<Map<String, Object>> edited = List.of(Map.of("index", 0, "paths", first.subList(1, first.size())),
                    Map.of("index", 1, "paths", moved), Map.of("index", 2, "paths", plan.getList("crawlers[2].paths")));
            JsonPath after = Api.as().body(Map.of("crawlers", edited)).put("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .body("crawlers[1].paths", equalTo(moved)).extract().jsonPath();
            assertNotEquals(plan.getDouble("predicted.acceleration"), after.getDouble("predicted.acceleration"));
            Api.as().get("/api/v1/sites/" + siteId + "/plan").then().body("crawlers[1].paths", equalTo(moved));

            Api.as().body(Map.of("crawlers", List.of(Map.of("paths", List.of("nowhere.test/x"))))).put("/api/v1/sites/" + siteId + "/plan")
                    .then().statusCode(400).body("details[0].field", equalTo("crawlers[0].paths"));
            Api.as().body(Map.of("crawlers", List.of(Map.of("paths", List.of(first.get(0))), Map.of("paths", List.of(first.get(0))))))
                    .put("/api/v1/sites/" + siteId + "/plan").then().statusCode(400);
            Api.as().get("/api/v1/sites/" + siteId + "/plan").then().body("crawlers[1].paths", equalTo(moved));

            JsonPath predictions = Api.as().queryParam("from", 1).queryParam("to", 4).get("/api/v1/sites/" + siteId + "/plan/predictions")
                    .then().statusCode(200).body("$", hasSize(4)).body("[0].crawlers", equalTo(1)).extract().jsonPath();
            assertEquals(0.447, predictions.getDouble("[0].composite"), 0.001, "one crawler covers everything");
            assertTrue(predictions.getDouble("[1].acceleration") > 1.2);
            Api.as().queryParam("mode", "coordinated").get("/api/v1/sites/" + siteId + "/plan/predictions").then().statusCode(200)
                    .body("$", hasSize(10)).body("[9].overlap", equalTo(0.0f));
        }
    }

    /**
     * The reported history: a saved plan, then a crawl stopped after a few seconds. The stopped crawl's partial graph
     * neither blanks the saved plan (its prediction and path sizes stay, from the crawl it was made from) nor becomes
     * what new plans and predictions come from, unless an editor names it; a proposal (save: false) changes nothing.
     */
    @Test
    void aStoppedCrawlNeverBlanksTheSavedPlan() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(600).withoutTraps());
        try (ServedSite served = ServedSite.start(site, 20, "stopped-plans", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), Map.of("maxPages", 10000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            String full = Api.startCrawl(siteId);
            assertEquals("FINISHED", Api.awaitEnd(full, 120_000).getString("state"));
            JsonPath saved = Api.as().body(Map.of("crawlers", 3)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200)
                    .extract().jsonPath();
            JsonPath predictions = Api.as().get("/api/v1/sites/" + siteId + "/plan/predictions").then().statusCode(200).extract().jsonPath();

            String stopped = Api.startCrawl(siteId);
            Api.awaitFetched(stopped, 20, 30_000);
            Api.as().post("/api/v1/crawls/" + stopped + "/stop").then().statusCode(200);
            assertEquals("STOPPED", Api.awaitEnd(stopped, 60_000).getString("state"));
            long stoppedPages = Api.crawl(stopped).getLong("counts.fetched");
            assertTrue(stoppedPages < 600, "stopped part-way: " + stoppedPages);

            JsonPath after = Api.as().get("/api/v1/sites/" + siteId + "/plan").then().statusCode(200).extract().jsonPath();
            assertEquals(full, after.getString("basedOnCrawl"));
            assertEquals(saved.getDouble("predicted.composite"), after.getDouble("predicted.composite"), 1e-12, "the prediction stays");
            assertEquals(saved.getMap("pathUrls"), after.getMap("pathUrls"), "the path sizes stay");
            assertEquals(predictions.getList("composite"), Api.as().get("/api/v1/sites/" + siteId + "/plan/predictions").then()
                    .statusCode(200).extract().jsonPath().getList("composite"), "the 1–10 table still comes from the finished crawl");

            // a proposal from the stopped crawl, asked for by name, is not saved
            JsonPath proposal = Api.as().body(Map.of("crawlers", 2, "fromCrawl", stopped, "save", false))
                    .post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200).extract().jsonPath();
            assertEquals(stopped, proposal.getString("basedOnCrawl"));
            assertEquals(3, Api.as().get("/api/v1/sites/" + siteId + "/plan").then().extract().jsonPath().getList("crawlers").size());
            Api.as().body(Map.of("crawlers", 2, "fromCrawl", "nosuchcrawl")).post("/api/v1/sites/" + siteId + "/plan").then()
                    .statusCode(400).body("details[0].field", equalTo("fromCrawl"));
        }
    }

    @Test
    void refusals() {
        String siteId = Api.createSite(Map.of("name", "plan-refusals", "seeds", List.of("http://127.0.0.1:9/")));
        Api.as().body(Map.of("crawlers", 0)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(400)
                .body("details[0].field", equalTo("crawlers"));
        Api.as().body(Map.of("crawlers", 11, "keyPathShare", 1.5, "mode", "x")).post("/api/v1/sites/" + siteId + "/plan").then()
                .statusCode(400).body("details.field", org.hamcrest.Matchers.contains("crawlers", "keyPathShare", "mode"));
        Api.as().body(Map.of("crawlers", List.of())).put("/api/v1/sites/" + siteId + "/plan").then().statusCode(400);
        Api.as().body(Map.of("crawlers", List.of(Map.of("index", 5, "paths", List.of())))).put("/api/v1/sites/" + siteId + "/plan")
                .then().statusCode(400).body("details[0].field", equalTo("crawlers[0].index"));
        Api.as().queryParam("from", 5).queryParam("to", 2).get("/api/v1/sites/" + siteId + "/plan/predictions").then().statusCode(400);
        Api.as().get("/api/v1/sites/" + siteId + "/plan").then().statusCode(404);
        Api.as().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(409);
        Api.as().body(Map.of("crawlers", 2)).post("/api/v1/sites/nope/plan").then().statusCode(404);
        io.restassured.RestAssured.given().get("/api/v1/sites/" + siteId + "/plan/predictions").then().statusCode(401);
    }
}
