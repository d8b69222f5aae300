package io.trawler.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The sites list and a site's crawl table count a running crawl's pages from the same source as the API (the
 * frontier's counters), not from the crawl's row, which is written when it ends (a running crawl that had fetched
 * 736 pages showed 0).
 */
@QuarkusTest
class SiteCountsTest {

    @Test
    void aRunningCrawlShowsItsPagesOnTheSitePages() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(400).withoutTraps());
        try (ServedSite served = ServedSite.start(site, 40, "counted", Map.of("delayMs", 0, "maxConcurrentPerHost", 2), Map.of("maxPages", 1000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            String crawlId = Api.startCrawl(siteId);
            Api.awaitFetched(crawlId, 20, 60_000);
            long before = Api.crawl(crawlId).getLong("counts.fetched");
            String page = Api.as().accept("text/html").get("/ui/sites/" + siteId).then().statusCode(200).extract().asString();
            String list = Api.as().accept("text/html").get("/ui/sites").then().statusCode(200).extract().asString();
            long after = Api.crawl(crawlId).getLong("counts.fetched");
            assertEquals("RUNNING", Api.crawl(crawlId).getString("state"), "still running while the pages were read");
            long shown = cell(page, "/ui/crawls/" + crawlId + "\"", 4);
            assertTrue(shown >= before && shown <= after, "site page shows " + shown + ", the API " + before + "…" + after);
            long listed = cell(list, "/ui/sites/" + siteId + "\"", 3);
            assertTrue(listed >= before && listed <= after, "sites list shows " + listed + ", the API " + before + "…" + after);
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
        }
    }

    /** The number in the {@code n}th cell (0-based) of the table row that holds {@code marker}. */
    private static long cell(String html, String marker, int n) {
        int at = html.indexOf(marker);
        assertTrue(at >= 0, marker + " not on the page");
        String row = html.substring(html.lastIndexOf("<tr", at), html.indexOf("</tr>", at));
        Matcher m = Pattern.compile("<td[^>]*>(.*?)</td>", Pattern.DOTALL).matcher(row);
        for (int i = 0; i <= n; i++) {
            assertTrue(m.find(), "row has fewer cells: " + row);
        }
        return Long.parseLong(m.group(1).replaceAll("<[^>]+>", "").replaceAll("[^0-9]", ""));
    }
}
