package io.trawler.search;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.order.TextAnalysis;
import io.trawler.testsite.BbcSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Accounts;
import io.trawler.testsupport.Api;
import io.trawler.ui.UiAccessTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Search over a crawl of 40 real BBC articles (the labelled corpus of ../shared/data): a word's matches are exactly the
 * articles whose title or text holds it (counted as the index analyses text), a quoted title finds its article first, a
 * file without indexable text is found by the words of its URL, and the UI page says the count.
 */
@QuarkusTest
class SearchApiTest {

    record Article(String path, String title, String text) {
    }

    @Test
    void aCrawlIsFoundByItsWordsWithTheTotalCount() throws Exception {
        List<Article> articles = new ArrayList<>();
        int i = 0;
        for (BbcSite.Page p : BbcSite.load(7).pages().values()) {
            if (p.paragraphs().isEmpty()) {
                continue;
            }
            articles.add(new Article("/news/" + p.label() + "/" + (i++) + ".html", p.title(), String.join("\n", p.paragraphs())));
            if (articles.size() == 40) {
                break;
            }
        }
        Map<String, Article> byPath = new HashMap<>();
        articles.forEach(a -> byPath.put(a.path(), a));
        try (TestWebServer server = TestWebServer.start(req -> {
            String path = req.path();
            if (path.equals("/")) {
                StringBuilder s = new StringBuilder("<!DOCTYPE html><html><head><title>News</title></head><body><ul>");
                articles.forEach(a -> s.append("<li><a href=\"").append(a.path()).append("\">story</a></li>"));
                s.append("<li><a href=\"/downloads/zorbex-quillon.csv\">data</a></li></ul></body></html>");
                req.response().putHeader("Content-Type", "text/html; charset=utf-8").end(s.toString());
            } else if (path.equals("/downloads/zorbex-quillon.csv")) {
                req.response().putHeader("Content-Type", "text/csv").end("year,value\n2004,1\n");
            } else if (byPath.containsKey(path)) {
                Article a = byPath.get(path);
                StringBuilder s = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>").append(esc(a.title()))
                        .append("</title></head><body><article><h1>").append(esc(a.title())).append("</h1>");
                for (String para : a.text().split("\n")) {
                    s.append("<p>").append(esc(para)).append("</p>");
                }
                req.response().putHeader("Content-Type", "text/html; charset=utf-8").end(s.append("</article></body></html>").toString());
            } else {
                req.response().setStatusCode(404).end();
            }
        })) {
            String siteId = Api.createSite("search", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 5));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitEnd(crawlId, 60_000);
            // the workers stored each HTML page's text beside it (a conversion record): the indexer reads that, not the HTML
            assertEquals(articles.size() + 1, textRecords(crawlId), "the articles and the home page");
            JsonPath pages = Api.as().queryParam("limit", 100).get("/api/v1/crawls/" + crawlId + "/pages").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> warcs = pages.getList("pages.warc");
            assertEquals(articles.size() + 1, warcs.stream().filter(w -> w != null && w.get("textOffset") != null
                    && ((Number) w.get("textOffset")).longValue() > ((Number) w.get("offset")).longValue()).count(), "the API says where the text is");
            JsonPath first = awaitComplete(crawlId, "zorbex quillon");
            assertEquals(1, first.getInt("total"), "found by the words of its URL");
            assertTrue(first.getString("hits[0].url").endsWith("/downloads/zorbex-quillon.csv"));

            // a word in several articles: its matches are exactly the articles holding it
            Map<String, Integer> df = new HashMap<>();
            for (Article a : articles) {
                TextAnalysis.termCounts(a.title() + "\n" + a.text()).keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            }
            String term = df.entrySet().stream().filter(e -> e.getValue() >= 4 && e.getValue() <= 12 && e.getKey().matches("[a-z]{6,}"))
                    .map(Map.Entry::getKey).sorted().findFirst().orElseThrow();
            JsonPath word = Api.as().queryParam("q", term).queryParam("limit", 100).get("/api/v1/crawls/" + crawlId + "/search").then()
                    .statusCode(200).extract().jsonPath();
            assertEquals(df.get(term).intValue(), word.getInt("total"), "matches of " + term);
            assertEquals(word.getInt("total"), word.getList("hits").size());
            assertEquals((Object) null, word.get("next"));
            // each hit shows the passage of its text where the word occurs, the word marked
            for (int h = 0; h < word.getList("hits").size(); h++) {
                List<Map<String, Object>> parts = word.getList("hits[" + h + "].passage");
                assertTrue(parts.stream().anyMatch(part -> Boolean.TRUE.equals(part.get("match"))
                        && TextAnalysis.termCounts((String) part.get("text")).containsKey(term)), "hit " + h + " marks " + term + ": " + parts);
                StringBuilder plain = new StringBuilder();
                parts.forEach(part -> plain.append(part.get("text")));
                assertEquals(plain.toString(), word.getString("hits[" + h + "].snippet"));
            }

            // paging: 2 a page, the next offset, the same total
            JsonPath paged = Api.as().queryParam("q", term).queryParam("limit", 2).get("/api/v1/crawls/" + crawlId + "/search").then()
                    .statusCode(200).extract().jsonPath();
            assertEquals(df.get(term).intValue(), paged.getInt("total"));
            assertEquals(2, paged.getInt("next"));

            // a quoted title finds its article first
            Article a = articles.get(5);
            JsonPath phrase = Api.as().queryParam("q", "\"" + a.title() + "\"").get("/api/v1/crawls/" + crawlId + "/search").then()
                    .statusCode(200).extract().jsonPath();
            assertTrue(phrase.getInt("total") >= 1);
            assertTrue(phrase.getString("hits[0].url").endsWith(a.path()), phrase.prettify());
            assertEquals(a.title(), phrase.getString("hits[0].title"));
            assertNotNull(phrase.getString("hits[0].snippet"));
            Api.as().queryParam("q", "zzqqxxnotaword").get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(200)
                    .body("total", equalTo(0));

            // refusals and roles
            Api.as().get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(400).body("details[0].field", equalTo("q"));
            Api.as().queryParam("q", "x".repeat(501)).get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(400);
            Api.as().queryParam("q", "a").queryParam("limit", 0).get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(400);
            Api.as().queryParam("q", "a").get("/api/v1/crawls/nosuch/search").then().statusCode(404);
            Accounts.create("search-reader", "search").as().queryParam("q", term).get("/api/v1/crawls/" + crawlId + "/search").then()
                    .statusCode(200);

            // the UI page
            String cookie = UiAccessTest.login(UiAccessTest.user("search")).cookie();
            String html = given().cookie("trawler_session", cookie).queryParam("q", term).get("/ui/crawls/" + crawlId + "/search").then()
                    .statusCode(200).extract().asString();
            assertTrue(html.contains(df.get(term) + " matches"), "the count shown");
            assertTrue(html.contains("<mark>"), "the matched words marked");
            given().cookie("trawler_session", cookie).queryParam("q", "x".repeat(501)).get("/ui/crawls/" + crawlId + "/search").then()
                    .statusCode(400).body(containsString("at most 500 characters"));
        }
    }

    @Test
    void aSiteNotIndexedForSearchCostsItsCrawlsNoIndexingUntilItsSettingComesOn() throws Exception {
        try (TestWebServer server = twoPages("Quarvish")) {
            Map<String, Object> site = new HashMap<>(Map.of("name", "not indexed", "seeds", List.of(server.base() + "/"),
                    "politeness", Map.of("delayMs", 0), "limits", Map.of("maxPages", 10), "search", Map.of("indexed", false)));
            String siteId = Api.createSite(site);
            Api.as().get("/api/v1/sites/" + siteId).then().statusCode(200).body("search.indexed", equalTo(false));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitEnd(crawlId, 60_000);
            assertEquals(0, textRecords(crawlId), "no text stored for a site not indexed");
            // the indexer passes it over (its rounds run every 200 ms here): no index is made, the crawl stays unindexed
            Thread.sleep(1_500);
            java.nio.file.Path index = java.nio.file.Path.of(org.eclipse.microprofile.config.ConfigProvider.getConfig()
                    .getValue("trawler.data-dir", String.class), "search", crawlId);
            assertTrue(!java.nio.file.Files.exists(index), "no index for a crawl of a site not indexed: " + index);
            Api.as().queryParam("q", "quarvish").get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(409)
                    .body("error", equalTo("search_not_indexed")).body("message", containsString("search.indexed"));
            assertTrue(!java.nio.file.Files.exists(index), "a refused search makes no index either");
            String cookie = UiAccessTest.login(UiAccessTest.user("search")).cookie();
            given().cookie("trawler_session", cookie).queryParam("q", "quarvish").get("/ui/crawls/" + crawlId + "/search").then()
                    .statusCode(409).body(containsString("not indexed for search"));
            given().cookie("trawler_session", cookie).get("/ui/sites/" + siteId).then().statusCode(200)
                    .body(containsString("crawls are not indexed for search"));

            // the setting back on (a PUT, which takes the whole site): the crawl is indexed (its pages parsed again, as they
            // have no stored text) and found
            site.put("search", Map.of("indexed", true));
            Api.as().body(site).put("/api/v1/sites/" + siteId).then().statusCode(200).body("search.indexed", equalTo(true));
            JsonPath found = awaitComplete(crawlId, "quarvish");
            assertEquals(2, found.getInt("total"), found.prettify());
        }
    }

    /**
     * A recrawl of an unchanged site (every page a 304 to a conditional request) is indexed by copying the first crawl's
     * documents, not by analysing the pages again: the same matches, standing for the second crawl's records, with their
     * passages read from the first crawl's stored text.
     */
    @Test
    void aRecrawlsUnchangedPagesAreCopiedFromTheFirstCrawlsIndex() throws Exception {
        String[] words = {"ambergris", "basalt", "cormorant", "dunlin", "eelgrass", "fulmar", "gannet", "halyard"};
        try (TestWebServer server = TestWebServer.start(req -> {
            String path = req.path();
            if (!path.equals("/") && !path.matches("/p[0-7]\\.html")) {
                req.response().setStatusCode(404).end();
                return;
            }
            String etag = "\"v1" + path.hashCode() + "\"";
            if (etag.equals(req.getHeader("If-None-Match"))) {
                req.response().setStatusCode(304).putHeader("ETag", etag).end();
                return;
            }
            StringBuilder body = new StringBuilder("<!DOCTYPE html><html><head><title>Velmoran ").append(path).append("</title></head><body><article>");
            if (path.equals("/")) {
                for (int i = 0; i < words.length; i++) {
                    body.append("<a href=\"/p").append(i).append(".html\">report</a> ");
                }
                body.append("<p>Velmoran harbour reports, every tide of the season.</p>");
            } else {
                int i = path.charAt(2) - '0';
                body.append("<p>Velmoran harbour report on the ").append(words[i]).append(" seen at the quay this morning.</p>");
            }
            req.response().putHeader("Content-Type", "text/html; charset=utf-8").putHeader("ETag", etag)
                    .end(body.append("</article></body></html>").toString());
        })) {
            String siteId = Api.createSite("recrawled", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 100, "maxDepth", 3));
            String first = Api.startCrawl(siteId);
            Api.awaitEnd(first, 60_000);
            JsonPath before = awaitComplete(first, "velmoran harbour");
            assertEquals(words.length + 1, before.getInt("total"));
            Thread.sleep(500);   // the first crawl's page histories are recorded as its records are ingested
            double copiedBefore = metric("trawler_search_documents_total{made=\"copied\"}");
            double analysedBefore = metric("trawler_search_documents_total{made=\"analysed\"}");

            String second = Api.startCrawl(siteId);
            Api.awaitEnd(second, 60_000);
            JsonPath after = awaitComplete(second, "velmoran harbour");
            assertEquals(words.length + 1, after.getInt("total"));
            assertEquals(words.length + 1, metric("trawler_search_documents_total{made=\"copied\"}") - copiedBefore, "every page copied");
            assertEquals(0.0, metric("trawler_search_documents_total{made=\"analysed\"}") - analysedBefore, "none analysed again");

            JsonPath pages = Api.as().queryParam("limit", 100).get("/api/v1/crawls/" + second + "/pages").then().statusCode(200).extract().jsonPath();
            Map<Long, Integer> statusOf = new HashMap<>();
            for (Map<String, Object> p : pages.<Map<String, Object>>getList("pages")) {
                statusOf.put(((Number) p.get("id")).longValue(), ((Number) p.get("status")).intValue());
            }
            JsonPath gannet = Api.as().queryParam("q", "gannet").get("/api/v1/crawls/" + second + "/search").then().statusCode(200).extract().jsonPath();
            assertEquals(1, gannet.getInt("total"));
            long id = gannet.getLong("hits[0].pageId");
            assertEquals(304, statusOf.get(id), "the hit is the second crawl's record (a 304): " + gannet.prettify());
            assertEquals(304, gannet.getInt("hits[0].status"));
            assertTrue(gannet.getString("hits[0].url").endsWith("/p6.html"));
            List<Map<String, Object>> parts = gannet.getList("hits[0].passage");
            assertTrue(parts.stream().anyMatch(part -> Boolean.TRUE.equals(part.get("match")) && "gannet".equals(part.get("text"))),
                    "the passage comes from the unchanged content: " + parts);
        }
    }

    /** A counter of the server's Prometheus metrics (0 when not yet registered). */
    private static double metric(String series) {
        String text = given().header("Authorization", "Bearer " + Api.TOKEN).get("/q/metrics").then().statusCode(200).extract().asString();
        for (String line : text.split("\n")) {
            if (line.startsWith(series + " ")) {
                return Double.parseDouble(line.substring(series.length() + 1).trim());
            }
        }
        return 0;
    }

    /** The crawl's page records whose text the worker stored beside them. */
    /** A site of two pages, a home page and the one it links to, both with the given word. */
    static TestWebServer twoPages(String word) throws Exception {
        return TestWebServer.start(req -> {
            String body = req.path().equals("/") ? "<title>Home</title><p>" + word + " harbour tides.</p><a href=\"/b.html\">b</a>"
                    : "<title>B</title><p>" + word + " lighthouse keepers.</p>";
            req.response().putHeader("Content-Type", "text/html; charset=utf-8").end("<!DOCTYPE html><html><body>" + body + "</body></html>");
        });
    }

    private static long textRecords(String crawlId) {
        return io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().call(() -> io.trawler.crawl.Page.count(
                "crawlId = ?1 and textOffset is not null", crawlId));
    }

    /** Searches until the crawl is wholly indexed (the manager indexes an ended crawl in the background). */
    static JsonPath awaitComplete(String crawlId, String q) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonPath r = Api.as().queryParam("q", q).get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(200).extract().jsonPath();
            if (r.getBoolean("complete") || System.currentTimeMillis() > deadline) {
                assertTrue(r.getBoolean("complete"), "indexed within 30 s");
                return r;
            }
            Thread.sleep(100);
        }
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
