package io.trawler.ui;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.PageRows;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The crawl page of a focused crawl: relevant and irrelevant counts, the harvest rate and curve, the best pages first. */
@QuarkusTest
class FocusPanelTest {

    @Inject
    AgroalDataSource db;

    @Test
    void harvestFromTheStoredRecords() throws Exception {
        String siteId = Api.createSite("focus-panel", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", 100));
        String crawlId = "focus" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        PageRows.finishedCrawl(db, siteId, crawlId, 30);
        try (Connection c = db.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("UPDATE crawl SET strategy = 'focused-tl' WHERE id = ?")) {
                ps.setString(1, crawlId);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page (crawl_id, url, status, outcome, fetched_at, partition_index, depth,"
                    + " relevance, relevant, stream_id, url_key) VALUES (?, ?, 200, 'fetched', ?, 0, 1, ?, ?, ?, ?)")) {
                for (int i = 0; i < 30; i++) {
                    String url = "http://127.0.0.1:9/p" + i;
                    ps.setString(1, crawlId);
                    ps.setString(2, url);
                    ps.setTimestamp(3, Timestamp.from(Instant.now()));
                    ps.setDouble(4, (i * 7 % 30) / 30.0);   // relevance in a mixed order; p17 is the highest (29/30)
                    ps.setBoolean(5, i % 3 == 0);
                    ps.setString(6, "0-" + i);
                    ps.setString(7, url);
                    ps.executeUpdate();
                }
            }
        }
        String html = given().header("Authorization", "Bearer " + Api.TOKEN).get("/ui/crawls/" + crawlId).then().statusCode(200).extract().asString();
        assertTrue(html.contains("<span data-focus=\"relevant\">10</span> relevant and <span data-focus=\"irrelevant\">20</span>"), html);
        assertTrue(html.contains("<strong data-focus=\"rate\">33.3 %</strong>"), html);
        Matcher best = Pattern.compile("<ol class=\"best\"[^>]*>\\s*<li data-relevance=\"[^\"]+\"><a class=\"url\" href=\"/ui/pages/\\d+\">([^<]+)</a>").matcher(html);
        assertTrue(best.find(), html);
        assertEquals("http://127.0.0.1:9/p17", best.group(1), "the most relevant page first");
        Matcher harvest = Pattern.compile("data-harvest=\"([^\"]+)\"").matcher(html);
        assertTrue(harvest.find());
        String points = harvest.group(1).replace("&quot;", "\"");
        assertTrue(points.startsWith("[[1,1],[2,1],[3,1],[4,2]") && points.endsWith("[30,10]]"), points);
        // a crawl of another strategy has no harvest panel
        String other = "plain" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        PageRows.finishedCrawl(db, siteId, other, 0);
        String plain = given().header("Authorization", "Bearer " + Api.TOKEN).get("/ui/crawls/" + other).then().statusCode(200).extract().asString();
        assertTrue(!plain.contains("id=\"focus\""), "no focus panel for a bfs crawl");
    }
}
