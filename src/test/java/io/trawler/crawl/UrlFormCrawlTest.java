package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * URLs are fetched as the site wrote them: a server that answers only its own query order (as MediaWiki does) gets no
 * request in another order, two links that differ only in parameter order are fetched once, and the site's dropped
 * parameters never reach the server.
 */
@QuarkusTest
class UrlFormCrawlTest {

    private static final String HOME = "<a href=\"/w?title=A&amp;action=view\">A</a> <a href=\"/w?action=view&amp;title=A\">A again</a>"
            + " <a href=\"/w?title=B&amp;action=view&amp;utm_source=mail\">B</a> <a href=\"/p?b=2&amp;a=1\">p</a> <a href=\"/p?a=1&amp;b=2\">p again</a>";

    @Test
    void fetchedAsWrittenAndOnce() throws Exception {
        try (TestWebServer server = TestWebServer.start(req -> {
            String q = req.query() == null ? "" : req.query();
            boolean ok = switch (req.path()) {
                case "/" -> true;
                case "/w" -> q.startsWith("title=") && q.contains("&action=");   // the server's own order only
                case "/p" -> true;
                default -> false;
            };
            if (!ok) {
                req.response().setStatusCode(404).end("not found");
                return;
            }
            req.response().putHeader("Content-Type", "text/html").end("<html><body>" + (req.path().equals("/") ? HOME : "<a href=\"/\">home</a>")
                    + "</body></html>");
        })) {
            String siteId = Api.createSite(Map.of("name", "order-sensitive", "seeds", List.of(server.base() + "/"), "politeness", Map.of("delayMs", 0),
                    "urls", Map.of("dropParameters", List.of("utm_*"))));
            Api.as().get("/api/v1/sites/" + siteId).then().statusCode(200).body("urls.queryOrder", org.hamcrest.Matchers.equalTo("keep"));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitEnd(crawlId, 30_000);
            List<Map<String, Object>> pages = Api.pages(crawlId);
            assertTrue(pages.stream().noneMatch(p -> ((Number) p.get("status")).intValue() == 404), "no 404 from a reordered query: " + pages);
            assertEquals(1, server.log().count("/w?title=A&action=view"), server.log().counts().toString());
            assertEquals(0, server.log().count("/w?action=view&title=A"), "the reordered duplicate is not fetched");
            assertEquals(1, server.log().count("/w?title=B&action=view"), "utm_source dropped: " + server.log().counts());
            assertTrue(server.log().counts().keySet().stream().noneMatch(u -> u.contains("utm_")), server.log().counts().toString());
            assertEquals(1, server.log().counts().entrySet().stream().filter(e -> e.getKey().startsWith("/p?")).mapToInt(Map.Entry::getValue).sum(),
                    "two orders of one URL fetched once: " + server.log().counts());
            assertTrue(pages.stream().anyMatch(p -> p.get("url").equals(server.base() + "/w?title=A&action=view")), "records carry the URL as fetched");
        }
        // refusals name the field
        Api.as().body(Map.of("name", "x", "seeds", List.of("http://a.test/"), "urls", Map.of("queryOrder", "random", "dropParameters", List.of("a=b"))))
                .post("/api/v1/sites").then().statusCode(400).body("details.field", org.hamcrest.Matchers.hasItems("urls.queryOrder", "urls.dropParameters[0]"));
    }
}
