package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.PageRows;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Crawl comparison: each URL's latest record in one crawl against its latest in another — new, gone, changed status
 * (or outcome), changed content (digest), unchanged — counted and listed with paging, through the API and the page;
 * bad requests are refused naming the parameter.
 */
@QuarkusTest
class CrawlCompareTest {

    @Inject
    AgroalDataSource db;

    /** url, status, outcome, digest: the earlier crawl (the revisited URL's 404 is followed by a 200) … */
    private static final String[][] BEFORE = {
            { "/same", "200", "fetched", "d1" }, { "/status", "200", "fetched", "d1" }, { "/content", "200", "fetched", "d1" },
            { "/gone", "200", "fetched", "d1" }, { "/revisited", "404", "fetched", "d0" }, { "/revisited", "200", "fetched", "d1" },
            { "/robots", "0", "robots-denied", null } };
    /** … and the later one. */
    private static final String[][] AFTER = {
            { "/same", "200", "fetched", "d1" }, { "/status", "404", "fetched", "d1" }, { "/content", "200", "fetched", "d2" },
            { "/new", "200", "fetched", "d1" }, { "/revisited", "200", "fetched", "d1" }, { "/robots", "0", "blocked", null } };

    @Test
    void newGoneChangedAndUnchanged() throws Exception {
        String siteId = Api.createSite("compare", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", 100));
        String tag = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        String before = "cmpa" + tag;
        String after = "cmpb" + tag;
        PageRows.finishedCrawl(db, siteId, before, BEFORE.length);
        PageRows.finishedCrawl(db, siteId, after, AFTER.length);
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("UPDATE crawl SET started_at = ? WHERE id = ?")) {
            ps.setTimestamp(1, Timestamp.from(Instant.now().minusSeconds(7200)));
            ps.setString(2, before);
            ps.executeUpdate();
        }
        insert(before, BEFORE);
        insert(after, AFTER);

        JsonPath all = compare(after, before, "new", null).extract().jsonPath();
        assertEquals(Map.of("newUrls", 1, "gone", 1, "statusChanged", 2, "contentChanged", 1, "unchanged", 2), all.getMap("summary"));
        assertEquals(List.of("http://127.0.0.1:9/new"), all.getList("urls.url"));
        assertEquals(null, (Object) all.get("urls[0].otherRecord"));
        JsonPath gone = compare(after, before, "gone", null).extract().jsonPath();
        assertEquals(List.of("http://127.0.0.1:9/gone"), gone.getList("urls.url"));
        assertEquals(null, (Object) gone.get("urls[0].record"), "a gone URL has no record here");
        assertEquals(200, gone.getInt("urls[0].otherStatus"));
        JsonPath content = compare(after, before, "content", null).extract().jsonPath();
        assertEquals(List.of("http://127.0.0.1:9/content"), content.getList("urls.url"));
        // changed status, one a page: the 200 → 404 first, then the robots denial → blocked
        JsonPath first = compare(after, before, "status", "1").extract().jsonPath();
        assertEquals(List.of("http://127.0.0.1:9/status"), first.getList("urls.url"));
        assertEquals(404, first.getInt("urls[0].status"));
        assertEquals(200, first.getInt("urls[0].otherStatus"));
        JsonPath second = Api.as().queryParam("with", before).queryParam("kind", "status").queryParam("limit", 1)
                .queryParam("after", first.getLong("next")).get("/api/v1/crawls/" + after + "/compare").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("http://127.0.0.1:9/robots"), second.getList("urls.url"));
        assertEquals("blocked", second.getString("urls[0].outcome"));
        assertEquals("robots-denied", second.getString("urls[0].otherOutcome"));
        // the other way round, new and gone swap
        JsonPath reverse = compare(before, after, "new", null).extract().jsonPath();
        assertEquals(Map.of("newUrls", 1, "gone", 1, "statusChanged", 2, "contentChanged", 1, "unchanged", 2), reverse.getMap("summary"));
        assertEquals(List.of("http://127.0.0.1:9/gone"), reverse.getList("urls.url"));

        // refusals
        Api.as().get("/api/v1/crawls/" + after + "/compare").then().statusCode(400).body("details[0].field", equalTo("with"));
        Api.as().queryParam("with", after).get("/api/v1/crawls/" + after + "/compare").then().statusCode(400).body("details[0].field", equalTo("with"));
        Api.as().queryParam("with", before).queryParam("kind", "moved").get("/api/v1/crawls/" + after + "/compare").then().statusCode(400)
                .body("details[0].field", equalTo("kind"));
        Api.as().queryParam("with", "nosuchcrawl00000").get("/api/v1/crawls/" + after + "/compare").then().statusCode(404);
        Api.as().queryParam("with", before).queryParam("limit", 0).get("/api/v1/crawls/" + after + "/compare").then().statusCode(400);

        // the page: the crawl before this one by default, the counts as tabs, a kind's URLs linked to their records
        String page = given().header("Authorization", "Bearer " + Api.TOKEN).get("/ui/crawls/" + after + "/compare").then().statusCode(200)
                .extract().asString();
        assertTrue(page.contains("Changed status <span class=\"count\">2</span>") && page.contains("<option value=\"" + before + "\" selected"), page);
        String gonePage = given().header("Authorization", "Bearer " + Api.TOKEN).queryParam("with", before).queryParam("kind", "gone")
                .get("/ui/crawls/" + after + "/compare").then().statusCode(200).extract().asString();
        assertTrue(gonePage.contains("http://127.0.0.1:9/gone"), gonePage);
        given().header("Authorization", "Bearer " + Api.TOKEN).queryParam("with", before).queryParam("kind", "moved")
                .get("/ui/crawls/" + after + "/compare").then().statusCode(400);
    }

    private static io.restassured.response.ValidatableResponse compare(String id, String with, String kind, String limit) {
        var r = Api.as().queryParam("with", with).queryParam("kind", kind);
        if (limit != null) {
            r.queryParam("limit", limit);
        }
        return r.get("/api/v1/crawls/" + id + "/compare").then().statusCode(200).body("kind", equalTo(kind));
    }

    private void insert(String crawlId, String[][] rows) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("INSERT INTO page (crawl_id, url, status, outcome,"
                + " fetched_at, partition_index, depth, digest, stream_id, url_key) VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?)")) {
            int n = 0;
            for (String[] r : rows) {
                String url = "http://127.0.0.1:9" + r[0];
                ps.setString(1, crawlId);
                ps.setString(2, url);
                ps.setInt(3, Integer.parseInt(r[1]));
                ps.setString(4, r[2]);
                ps.setTimestamp(5, Timestamp.from(Instant.now()));
                ps.setString(6, r[3]);
                ps.setString(7, "0-" + n++);
                ps.setString(8, url);
                ps.executeUpdate();
            }
        }
    }
}
