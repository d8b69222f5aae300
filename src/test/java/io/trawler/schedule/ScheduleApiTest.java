package io.trawler.schedule;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Accounts;
import io.trawler.testsupport.Api;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Schedules through the API: every bad field refused by name; a due schedule starts its crawl with its settings and
 * moves on to the expression's next time; a run while the site's crawl is still going is skipped and says why; disabled
 * schedules have no next run. (Time is moved by setting a schedule's next run in the past, as if it had come.)
 */
@QuarkusTest
class ScheduleApiTest {

    @Inject
    AgroalDataSource db;

    @Test
    void aDueScheduleStartsItsCrawl() throws Exception {
        try (TestWebServer server = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(200).withoutTraps()))) {
            String siteId = Api.createSite("scheduled", server.base() + "/", Map.of("delayMs", 200, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 1000, "maxDepth", 10));
            String base = "/api/v1/sites/" + siteId + "/schedules";

            Api.as().body(Map.of("cron", "0 3 * *")).post(base).then().statusCode(400).body("details[0].field", equalTo("cron"))
                    .body("details[0].message", containsString("five"));
            Api.as().body(Map.of("cron", "0 3 * * *", "timeZone", "Mars/Olympus")).post(base).then().statusCode(400)
                    .body("details[0].field", equalTo("timeZone"));
            Api.as().body(Map.of("cron", "0 3 * * *", "crawl", Map.of("strategy", "sideways", "partitions", 11))).post(base).then()
                    .statusCode(400).body("details.field", org.hamcrest.Matchers.hasItems("crawl.strategy", "crawl.partitions"));
            Api.as().get(base).then().statusCode(200).body("size()", equalTo(0));

            JsonPath s = Api.as().body(Map.of("cron", "30 2 * * 1", "timeZone", "Asia/Shanghai", "crawl", Map.of("strategy", "dfs")))
                    .post(base).then().statusCode(201).body("enabled", equalTo(true)).body("timeZone", equalTo("Asia/Shanghai"))
                    .body("crawl.strategy", equalTo("dfs")).body("description", containsString("02:30")).extract().jsonPath();
            String id = s.getString("id");
            Instant next = Instant.parse(s.getString("nextRunAt"));
            assertTrue(next.isAfter(Instant.now()), "next run in the future: " + next);
            assertEquals(18, java.time.ZonedDateTime.ofInstant(next, java.time.ZoneOffset.UTC).getHour(), "02:30 in Shanghai is 18:30 UTC");

            // its time comes: the manager starts the crawl with the schedule's settings
            due(id);
            JsonPath ran = awaitRun(base, id, r -> r.getString("lastCrawlId") != null);
            String crawlId = ran.getString("lastCrawlId");
            Api.as().get("/api/v1/crawls/" + crawlId).then().statusCode(200).body("siteId", equalTo(siteId)).body("strategy", equalTo("dfs"));
            assertTrue(Instant.parse(ran.getString("nextRunAt")).isAfter(Instant.now()), "moved on to the next Monday");
            assertEquals(null, ran.getString("lastError"));

            // due again while that crawl runs: skipped, with the reason
            due(id);
            JsonPath skipped = awaitRun(base, id, r -> r.getString("lastError") != null);
            assertTrue(skipped.getString("lastError").contains("already has an active crawl"), skipped.getString("lastError"));
            assertEquals(crawlId, skipped.getString("lastCrawlId"));
            // run now, while that crawl runs: 409, nothing recorded as run
            Api.as().post(base + "/" + id + "/run").then().statusCode(409).body("error", equalTo("conflict"));
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            Api.awaitEnd(crawlId, 30_000);
            // run now: the schedule's crawl starts at once, its own next run stays where it was
            String nextBefore = Api.as().get(base).then().extract().jsonPath().getString("find { it.id == '" + id + "' }.nextRunAt");
            String now = Api.as().post(base + "/" + id + "/run").then().statusCode(202).body("strategy", equalTo("dfs")).extract().path("id");
            JsonPath afterRun = awaitRun(base, id, r -> now.equals(r.getString("lastCrawlId")));
            assertEquals(nextBefore, afterRun.getString("nextRunAt"));
            Api.as().post("/api/v1/crawls/" + now + "/stop").then().statusCode(200);
            Api.as().post(base + "/nosuch/run").then().statusCode(404);

            // disabled: no next run; roles; delete
            Api.as().body(Map.of("cron", "@daily", "enabled", false)).put(base + "/" + id).then().statusCode(200)
                    .body("enabled", equalTo(false)).body("nextRunAt", nullValue()).body("cron", equalTo("@daily"));
            Accounts.Login search = Accounts.create("schedule-search", "search");
            search.as().get(base).then().statusCode(200).body("[0].id", equalTo(id));
            search.as().body(Map.of("cron", "@daily")).post(base).then().statusCode(403);
            Api.as().body(Map.of("cron", "@daily")).put(base + "/nosuch").then().statusCode(404);
            Api.as().delete(base + "/" + id).then().statusCode(204);
            Api.as().get(base).then().statusCode(200).body("size()", equalTo(0));
            Api.as().get("/api/v1/sites/nosuchsite/schedules").then().statusCode(404);
        }
    }

    /** As if the schedule's time had come: its next run a second ago. */
    private void due(String id) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("UPDATE crawl_schedule SET next_run = ? WHERE id = ?")) {
            ps.setTimestamp(1, Timestamp.from(Instant.now().minusSeconds(1)));
            ps.setString(2, id);
            assertEquals(1, ps.executeUpdate());
        }
    }

    private static JsonPath awaitRun(String base, String id, java.util.function.Predicate<JsonPath> done) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (true) {
            List<Map<String, Object>> all = Api.as().get(base).then().statusCode(200).extract().jsonPath().getList("");
            JsonPath one = Api.as().get(base).then().extract().jsonPath().setRootPath("find { it.id == '" + id + "' }");
            if (done.test(one) || System.currentTimeMillis() > deadline) {
                assertTrue(done.test(one), "the run happened within 10 s: " + all);
                return one;
            }
            Thread.sleep(100);
        }
    }
}
