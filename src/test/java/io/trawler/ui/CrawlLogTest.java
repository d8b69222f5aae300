package io.trawler.ui;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The crawl log: every record with its scope decisions (links in scope, on other hosts, refused by a pattern, too
 * deep; not followed past the depth limit), in the API and on the log page; filters by host, outcome and status
 * class; the newest lines; the lines after a record id for the live view, with the crawl's end.
 */
@QuarkusTest
class CrawlLogTest {

    /** "/" links to two pages, another host, an excluded path and a missing page; "/a" links one level deeper. */
    private static final Map<String, String> SITE = Map.of(
            "/", "<a href=\"/a\">a</a> <a href=\"/b\">b</a> <a href=\"http://elsewhere.test/x\">x</a> <a href=\"/private/1\">p</a>"
                    + " <a href=\"/missing\">m</a>",
            "/a", "<a href=\"/a/deeper\">deeper</a> <a href=\"/\">home</a>",
            "/b", "<a href=\"/\">home</a>");

    @Test
    void recordsCarryTheirScopeDecisions() throws Exception {
        try (TestWebServer server = TestWebServer.start(req -> {
            String body = SITE.get(req.path());
            if (req.path().equals("/robots.txt") || body == null) {
                req.response().setStatusCode(404).end("no");
            } else {
                req.response().putHeader("Content-Type", "text/html").end("<html><body>" + body + "</body></html>");
            }
        })) {
            String siteId = Api.createSite(Map.of("name", "log", "seeds", List.of(server.base() + "/"), "politeness", Map.of("delayMs", 0),
                    "scope", Map.of("exclude", List.of("/private/")), "limits", Map.of("maxDepth", 1, "maxPages", 100)));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitEnd(crawlId, 30_000);
            List<Map<String, Object>> pages = Api.pages(crawlId);
            Map<String, Object> home = pages.stream().filter(p -> p.get("url").equals(server.base() + "/")).findFirst().orElseThrow();
            assertEquals(Map.of("inScope", 3, "otherHosts", 1, "byPattern", 1, "tooDeep", 0, "followed", true), home.get("links"),
                    "the home page's links: /a, /b and /missing in scope; elsewhere.test; /private/ by pattern");
            Map<String, Object> a = pages.stream().filter(p -> p.get("url").equals(server.base() + "/a")).findFirst().orElseThrow();
            assertEquals(Map.of("inScope", 0, "otherHosts", 0, "byPattern", 0, "tooDeep", 2, "followed", true), a.get("links"),
                    "/a is at the depth limit: its links are one level too deep");
            Map<String, Object> missing = pages.stream().filter(p -> p.get("url").equals(server.base() + "/missing")).findFirst().orElseThrow();
            assertEquals(null, missing.get("links"), "a 404 has no links");

            String log = "/ui/crawls/" + crawlId + "/pages";
            String html = get(log).asString();
            assertTrue(html.contains("1 other hosts") && html.contains("1 by pattern") && html.contains("2 too deep"), html);
            // filters: a status class, the host, an unknown host form refused
            String notFound = get(log + "?status=4xx").asString();
            assertTrue(notFound.contains(server.base() + "/missing") && !notFound.contains(server.base() + "/a<"), notFound);
            String host = server.base().substring("http://".length());
            assertTrue(get(log + "?host=" + host).asString().contains(server.base() + "/b"));
            assertTrue(get(log + "?host=elsewhere.test").asString().contains("No page record matches"));
            assertEquals(400, get(log + "?host=" + java.net.URLEncoder.encode("a b/c", java.nio.charset.StandardCharsets.UTF_8)).statusCode());
            assertEquals(400, get(log + "?minRelevance=high").statusCode());

            // the live view's lines after a record: oldest first, the last id and the crawl's end in headers
            List<Long> ids = rowIds(get(log + "?tail=1").asString());
            assertEquals(pages.size(), ids.size(), "the newest lines are every line of this small crawl");
            Response after = get(log + "/rows?after=" + ids.get(0));
            assertEquals(ids.subList(1, ids.size()), rowIds(after.asString()));
            assertEquals(Long.toString(ids.get(ids.size() - 1)), after.header("Trawler-Last-Id"));
            assertEquals("true", after.header("Trawler-Crawl-Ended"));
            Response none = get(log + "/rows?after=" + ids.get(ids.size() - 1) + "&status=4xx");
            assertEquals(List.of(), rowIds(none.asString()));
            assertEquals(400, get(log + "/rows?after=x").statusCode());
        }
    }

    private static Response get(String path) {
        return given().header("Authorization", "Bearer " + Api.TOKEN).get(path);
    }

    private static List<Long> rowIds(String html) {
        Matcher m = Pattern.compile("<tr data-id=\"(\\d+)\"").matcher(html);
        List<Long> ids = new java.util.ArrayList<>();
        while (m.find()) {
            ids.add(Long.parseLong(m.group(1)));
        }
        return ids;
    }
}
