package io.trawler.ui;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.PageRows;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The crawl page's status classes count the whole crawl (not only what the page saw since it opened), and stay exact
 * as records are added between two views (the tally is incremental).
 */
@QuarkusTest
class CrawlStatusClassesTest {

    @Inject
    AgroalDataSource db;

    @Test
    void classesOfStatuses() {
        int[][] table = { { 200, 0 }, { 204, 0 }, { 299, 0 }, { 301, 1 }, { 304, 1 }, { 404, 2 }, { 451, 2 }, { 500, 3 }, { 599, 3 },
                { 0, 4 }, { 100, 4 }, { 199, 4 }, { 600, 4 }, { -1, 4 } };
        for (int[] row : table) {
            assertEquals(row[1], StatusTally.classOf(row[0]), "class of " + row[0]);
        }
    }

    @Test
    void wholeCrawlCountedAndNewRecordsAdded() throws Exception {
        String siteId = Api.createSite("status-classes", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", 1000));
        String crawlId = "statuscls" + Long.toString(System.nanoTime() % 1_000_000, 36);
        String other = crawlId + "x";
        PageRows.finishedCrawl(db, siteId, crawlId, 300);
        PageRows.finishedCrawl(db, siteId, other, 100);
        // 0..199: every 50th a 404, every 7th a 301, every 11th no answer, the rest 200
        PageRows.insert(db, crawlId, 0, 200, CrawlStatusClassesTest::status);
        PageRows.insert(db, other, 0, 100, i -> 500);
        String cookie = UiAccessTest.login(UiAccessTest.user("search")).cookie();

        assertEquals(expected(0, 200), classes(cookie, crawlId));
        PageRows.insert(db, crawlId, 200, 300, CrawlStatusClassesTest::status);
        assertEquals(expected(0, 300), classes(cookie, crawlId), "records stored since the first view are added once");
        assertEquals(expected(0, 300), classes(cookie, crawlId), "a third view counts nothing twice");
        assertEquals(Map.of("2xx", 0L, "3xx", 0L, "4xx", 0L, "5xx", 100L, "none", 0L), classes(cookie, other));
    }

    static int status(int i) {
        return i % 50 == 0 ? 404 : i % 7 == 0 ? 301 : i % 11 == 0 ? 0 : 200;
    }

    static Map<String, Long> expected(int from, int to) {
        Map<String, Long> m = new LinkedHashMap<>(Map.of("2xx", 0L, "3xx", 0L, "4xx", 0L, "5xx", 0L, "none", 0L));
        for (int i = from; i < to; i++) {
            int s = status(i);
            m.merge(s == 0 ? "none" : (s / 100) + "xx", 1L, Long::sum);
        }
        return m;
    }

    static Map<String, Long> classes(String cookie, String crawlId) {
        String html = given().cookie("trawler_session", cookie).get("/ui/crawls/" + crawlId).then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("<tr data-class=\"([^\"]+)\" data-n=\"(\\d+)\">").matcher(html);
        Map<String, Long> out = new LinkedHashMap<>();
        while (m.find()) {
            out.put(m.group(1), Long.parseLong(m.group(2)));
        }
        assertEquals(5, out.size(), "five status classes on the crawl page");
        return out;
    }
}
