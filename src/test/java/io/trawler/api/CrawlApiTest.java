package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.crawl.Crawl;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Accounts;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import io.trawler.ui.UiAccessTest;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Crawls section of API.md: start, read, pause, resume, stop, events, pages, and every refusal. */
@QuarkusTest
class CrawlApiTest {

    @Test
    void lifecyclePauseResumeStop() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(400).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "lifecycle", Map.of("delayMs", 20, "maxConcurrentPerHost", 1), Map.of("maxPages", 1000, "maxDepth", 10))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            JsonPath started = Api.as().body(Map.of("strategy", "bfs", "partitions", 1, "mode", "independent"))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202)
                    .body("state", equalTo("RUNNING")).body("siteId", equalTo(siteId)).body("startedAt", notNullValue())
                    .body("metrics.overlap", equalTo(0.0f)).body("partitions[0].index", equalTo(0))
                    .extract().jsonPath();
            String crawlId = started.getString("id");
            // the seed: queued, or leased already by this server's worker (the Redis Cluster suite once lost that race)
            assertEquals(1, started.getInt("counts.queued") + started.getInt("counts.inFlight"));
            Api.as().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(409).body("error", equalTo("conflict"));
            Api.as().delete("/api/v1/sites/" + siteId).then().statusCode(409);
            while (Api.crawl(crawlId).getLong("counts.fetched") < 5) {
                Thread.sleep(20);
            }
            Api.as().post("/api/v1/crawls/" + crawlId + "/pause").then().statusCode(200).body("state", equalTo("PAUSED"));
            Thread.sleep(300);
            int total = server.log().total();
            Thread.sleep(500);
            assertEquals(total, server.log().total(), "nothing fetched while paused");
            Api.as().post("/api/v1/crawls/" + crawlId + "/resume").then().statusCode(200).body("state", equalTo("RUNNING"));
            while (server.log().total() <= total) {
                Thread.sleep(20);
            }
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200).body("state", equalTo("STOPPED"))
                    .body("finishedAt", notNullValue());
            Api.as().post("/api/v1/crawls/" + crawlId + "/resume").then().statusCode(409);
            Thread.sleep(300);
            int afterStop = server.log().total();
            Thread.sleep(300);
            assertEquals(afterStop, server.log().total(), "nothing fetched after stop");
            JsonPath view = Api.crawl(crawlId);
            assertEquals("STOPPED", view.getString("state"));
            assertTrue(view.getLong("counts.fetched") > 0);
            Api.as().delete("/api/v1/sites/" + siteId).then().statusCode(204);
            Api.as().get("/api/v1/crawls/" + crawlId).then().statusCode(404);
        }
    }

    @Test
    void aCrawlIsNamedAndKeepsTheSettingsItRanWith() throws Exception {
        try (TestWebServer server = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(20).withoutTraps()))) {
            String siteId = Api.createSite("labelled", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 500, "maxDepth", 7));
            String crawlId = Api.as().body(Map.of("strategy", "dfs")).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202)
                    .body("name", org.hamcrest.Matchers.nullValue()).extract().path("id");
            Api.awaitEnd(crawlId, 30_000);
            // the site changes afterwards: the snapshot does not
            Api.as().body(Map.of("name", "labelled", "seeds", List.of(server.base() + "/other"), "limits", Map.of("maxPages", 9)))
                    .put("/api/v1/sites/" + siteId).then().statusCode(200);
            Api.as().get("/api/v1/crawls/" + crawlId + "/settings").then().statusCode(200).body("seeds[0]", equalTo(server.base() + "/"))
                    .body("strategy", equalTo("dfs")).body("maxPages", equalTo(500)).body("maxDepth", equalTo(7));

            Api.as().body(Map.of("name", "  Before the redesign ", "note", "baseline for the Q4 comparison")).patch("/api/v1/crawls/" + crawlId)
                    .then().statusCode(200).body("name", equalTo("Before the redesign")).body("note", equalTo("baseline for the Q4 comparison"));
            Api.as().body(Map.of("note", "")).patch("/api/v1/crawls/" + crawlId).then().statusCode(200)
                    .body("name", equalTo("Before the redesign")).body("note", org.hamcrest.Matchers.nullValue());
            Api.as().body(Map.of("name", "x".repeat(201), "note", "y".repeat(2001))).patch("/api/v1/crawls/" + crawlId).then().statusCode(400)
                    .body("details.field", org.hamcrest.Matchers.hasItems("name", "note"));
            Api.as().get("/api/v1/crawls/" + crawlId).then().body("name", equalTo("Before the redesign"));
            // an update from an entity read before an edit (as the monitor makes) leaves the edit alone
            io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> {
                Crawl stale = Crawl.findById(crawlId);
                Api.as().body(Map.of("note", "written meanwhile")).patch("/api/v1/crawls/" + crawlId).then().statusCode(200);
                stale.errors = 3;
            });
            Api.as().get("/api/v1/crawls/" + crawlId).then().body("note", equalTo("written meanwhile")).body("counts.errors", equalTo(3));
            Accounts.create("label-search", "search").as().body(Map.of("name", "x"))
                    .patch("/api/v1/crawls/" + crawlId).then().statusCode(403);
            Api.as().body(Map.of("name", "x")).patch("/api/v1/crawls/nosuch").then().statusCode(404);

            String cookie = UiAccessTest.login(UiAccessTest.user("search")).cookie();
            String html = io.restassured.RestAssured.given().cookie("trawler_session", cookie).get("/ui/crawls/" + crawlId).then()
                    .statusCode(200).extract().asString();
            assertTrue(html.contains("<h1>Before the redesign") && html.contains("Settings it ran with"), "name and snapshot shown");
            assertTrue(html.contains(server.base() + "/</li>") && !html.contains(server.base() + "/other"), "the seeds it ran with");
        }
    }

    @Test
    void pagesArePagedAndEventsStream() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(60).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "paging", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), Map.of("maxPages", 1000, "maxDepth", 10))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            String crawlId = Api.startCrawl(siteId);
            String events = Api.as().accept("text/event-stream").get("/api/v1/crawls/" + crawlId + "/events").then().statusCode(200)
                    .extract().asString();
            assertTrue(events.contains("event:progress") || events.contains("event: progress"), events);
            assertTrue(events.contains("\"state\":\"FINISHED\""), "the stream ends with the finished crawl: " + events);
            Api.awaitEnd(crawlId, 30_000);
            Set<String> urls = new HashSet<>();
            Long after = 0L;
            int calls = 0;
            while (after != null) {
                JsonPath p = Api.as().queryParam("limit", 7).queryParam("after", after).get("/api/v1/crawls/" + crawlId + "/pages")
                        .then().statusCode(200).extract().jsonPath();
                List<Map<String, Object>> pages = p.getList("pages");
                pages.forEach(x -> assertTrue(urls.add((String) x.get("url"))));
                after = p.get("next") == null ? null : p.getLong("next");
                calls++;
            }
            assertEquals(site.expectedRequests(10, 5, 3).size() - 1, urls.size());
            assertTrue(calls > 5);
            Api.as().queryParam("limit", 1).get("/api/v1/crawls/" + crawlId + "/pages").then().statusCode(200)
                    .body("pages[0].status", equalTo(200)).body("pages[0].warc.file", notNullValue())
                    .body("pages[0].digest", notNullValue()).body("pages[0].depth", equalTo(0))
                    .body("pages[0].contentType", equalTo("text/html; charset=utf-8")).body("next", greaterThan(0));
        }
    }

    @Test
    void refusals() {
        String siteId = Api.createSite(Map.of("name", "refusals", "seeds", List.of("http://127.0.0.1:9/")));
        Api.as().body(Map.of("strategy", "random")).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(400)
                .body("details[0].field", equalTo("strategy"));
        Api.as().body(Map.of("partitions", 0, "mode", "chaotic")).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(400)
                .body("details.field", org.hamcrest.Matchers.contains("partitions", "mode"));
        Api.as().body("{\"strategy\": 3}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(400);
        Api.as().body("{}").post("/api/v1/sites/nope/crawls").then().statusCode(404);
        Api.as().get("/api/v1/sites/" + siteId + "/crawls").then().statusCode(200).body("size()", equalTo(0));
        Api.as().get("/api/v1/crawls/nope").then().statusCode(404).body("error", equalTo("not_found"));
        Api.as().post("/api/v1/crawls/nope/pause").then().statusCode(404);
        Api.as().get("/api/v1/crawls/nope/pages").then().statusCode(404);
        Api.as().get("/api/v1/crawls/nope/events").then().statusCode(404);
        Api.as().queryParam("limit", 0).get("/api/v1/crawls/nope/pages").then().statusCode(400).body("details[0].field", equalTo("limit"));
        given().get("/api/v1/crawls/nope").then().statusCode(401);
        given().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(401);
        Api.as().get("/api/v1/sites/" + siteId + "/crawls").then().body("size()", equalTo(0)).body("[0]", nullValue());
    }
}
