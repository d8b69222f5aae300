package io.trawler.api;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Accounts;
import io.trawler.testsupport.Api;
import io.trawler.ui.UiAccessTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Frontier inspection and control of a running crawl: one host's queue, next URLs and politeness wait; URLs dropped by
 * pattern and then the whole host, never fetched after and never brought back; per-host statistics of what was stored;
 * and every refusal.
 */
@QuarkusTest
class FrontierInspectionTest {

    private static long d1Requests(TestWebServer server) {
        return server.log().counts().entrySet().stream().filter(e -> e.getKey().contains("/d1/")).mapToLong(Map.Entry::getValue).sum();
    }

    @Test
    void aHostIsInspectedAndItsQueueDropped() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(300).withoutTraps());
        try (TestWebServer server = TestWebServer.start(site)) {
            String host = server.base().substring("http://".length());
            String siteId = Api.createSite("frontier-view", server.base() + "/", Map.of("delayMs", 1500, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 1000, "maxDepth", 10));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitFetched(crawlId, 2, 30_000);

            JsonPath view = Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts/" + host).then().statusCode(200)
                    .body("host", equalTo(host)).extract().jsonPath();
            long now = view.getLong("now");
            assertTrue(view.getLong("frontier.queued") > 0, "URLs queued");
            assertEquals(1500L, view.getLong("frontier.delayMs"), "the site's delay between fetch starts");
            List<Map<String, Object>> next = view.getList("frontier.lanes[0].next");
            assertTrue(!next.isEmpty() && next.size() <= 20, "next URLs: " + next);
            assertTrue(((String) next.get(0).get("url")).startsWith(server.base()));
            Number nextFetch = view.get("frontier.clients[0].nextFetchAt");
            assertTrue(nextFetch != null && nextFetch.longValue() > now - 100, "a politeness wait: next fetch at " + nextFetch + ", now " + now);
            assertTrue(view.getLong("done.pages") >= 1, "stored records of the host");

            // the host page shows the same: the wait, the next URLs, the drop forms for an editor (not for a search user)
            String editor = UiAccessTest.login(UiAccessTest.user("editor")).cookie();
            String page = io.restassured.RestAssured.given().cookie("trawler_session", editor).get("/ui/crawls/" + crawlId + "/hosts/" + host)
                    .then().statusCode(200).extract().asString();
            assertTrue(page.contains("id=\"host-clients\"") && page.matches("(?s).*<td>in \\d[\\d.]* (ms|s)</td>.*"), "a politeness wait shown");
            assertTrue(page.contains("Next URLs") && page.contains(server.base()), "next URLs shown");
            assertTrue(page.contains("Drop this host's queue") && page.contains("data-action=\"/api/v1/crawls/" + crawlId + "/frontier/drop\""));
            String reader = UiAccessTest.login(UiAccessTest.user("search")).cookie();
            String readOnly = io.restassured.RestAssured.given().cookie("trawler_session", reader).get("/ui/crawls/" + crawlId + "/hosts/" + host)
                    .then().statusCode(200).extract().asString();
            assertTrue(!readOnly.contains("Drop this host's queue"), "no drop form for a search user");

            // drop by pattern: every queued URL of directory d1. The crawl is paused first and its fetch in flight let
            // finish, so that no page's links arrive between the drop and the look at the queue (a page completed then
            // would bring /d1/ URLs never seen before, which no drop could have taken)
            Api.as().post("/api/v1/crawls/" + crawlId + "/pause").then().statusCode(200);
            long quietBy = System.currentTimeMillis() + 30_000;
            while (Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts/" + host).then().statusCode(200).extract().jsonPath()
                    .getLong("frontier.inFlight") > 0) {
                assertTrue(System.currentTimeMillis() < quietBy, "the fetch in flight ends");
                Thread.sleep(50);
            }
            long d1Before = d1Requests(server);
            long dropped = Api.as().body(Map.of("pattern", "/d1/")).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then()
                    .statusCode(200).extract().jsonPath().getLong("dropped");
            assertTrue(dropped > 0, "URLs of /d1/ dropped");
            List<Map<String, Object>> after = Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts/" + host + "?next=200").then()
                    .statusCode(200).extract().jsonPath().getList("frontier.lanes[0].next");
            assertTrue(after.stream().noneMatch(u -> ((String) u.get("url")).contains("/d1/")), "none left");
            int fetchedBefore = server.log().total();

            // then the whole host: the crawl (still paused) runs dry and ends
            Api.as().body(Map.of("host", host)).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then().statusCode(200);
            JsonPath end = Api.awaitEnd(crawlId, 30_000);
            assertEquals("FINISHED", end.getString("state"));
            assertTrue(server.log().total() <= fetchedBefore + 2, "nothing fetched after the drop but what was in flight");
            assertTrue(d1Requests(server) <= d1Before + 1, "no /d1/ URL fetched after the drop (one may have been in flight)");

            // what was stored, by host
            JsonPath stats = Api.as().get("/api/v1/crawls/" + crawlId + "/host-stats").then().statusCode(200).extract().jsonPath();
            assertEquals(1, stats.getInt("total"));
            assertEquals(host, stats.getString("hosts[0].host"));
            assertEquals(Api.pages(crawlId).size(), stats.getInt("hosts[0].pages"));
            assertTrue(stats.getBoolean("counted"));

            // the crawl page lists the host with its figures and offers the exports
            String crawlPage = io.restassured.RestAssured.given().cookie("trawler_session", editor).get("/ui/crawls/" + crawlId)
                    .then().statusCode(200).extract().asString();
            assertTrue(crawlPage.contains("id=\"host-stats\"") && crawlPage.contains("/ui/crawls/" + crawlId + "/hosts/" + host));
            assertTrue(crawlPage.contains("/api/v1/crawls/" + crawlId + "/export/crawl.wacz"));
            String ended = io.restassured.RestAssured.given().cookie("trawler_session", editor).get("/ui/crawls/" + crawlId + "/hosts/" + host)
                    .then().statusCode(200).extract().asString();
            assertTrue(ended.contains("The crawl has ended") && !ended.contains("Drop this host's queue"));

            // refusals
            Api.as().body(Map.of("host", host)).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then().statusCode(409);
            Api.as().body(Map.of()).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then().statusCode(400)
                    .body("details[0].field", equalTo("host"));
            Api.as().body(Map.of("pattern", "(unclosed")).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then().statusCode(400)
                    .body("details[0].field", equalTo("pattern")).body("details[0].message", containsString("regular expression"));
            Api.as().body(Map.of("host", "a b")).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then().statusCode(400);
            Api.as().get("/api/v1/crawls/" + crawlId + "/host-stats?order=sideways").then().statusCode(400)
                    .body("details[0].field", equalTo("order"));
            Api.as().get("/api/v1/crawls/nosuch/host-stats").then().statusCode(404);
            Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts/" + host).then().statusCode(200)
                    .body("frontier", equalTo(null)).body("done.host", equalTo(host));
            Accounts.Login search = Accounts.create("frontier-search", "search");
            search.as().body(Map.of("host", host)).post("/api/v1/crawls/" + crawlId + "/frontier/drop").then().statusCode(403);
            search.as().get("/api/v1/crawls/" + crawlId + "/host-stats").then().statusCode(200);
        }
    }

    @Test
    void everyWaitingHostIsListedAcrossLanesInLeaseOrder() throws Exception {
        try (TestWebServer a = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(200).withoutTraps()));
                TestWebServer b = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(200).withoutTraps()));
                TestWebServer c = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(200).withoutTraps()))) {
            List<String> bases = List.of(a.base(), b.base(), c.base());
            List<String> seeds = bases.stream().map(x -> x + "/").toList();
            // a first crawl to plan two lanes from, then the partitioned crawl at a slow pace
            String siteId = Api.createSite(Map.of("name", "frontier-all", "seeds", seeds,
                    "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 4), "limits", Map.of("maxPages", 120, "maxDepth", 10)));
            Api.awaitEnd(Api.startCrawl(siteId), 60_000);
            Api.as().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
            Api.as().body(Map.of("name", "frontier-all", "seeds", seeds, "politeness", Map.of("delayMs", 2000, "maxConcurrentPerHost", 1),
                    "limits", Map.of("maxPages", 1000, "maxDepth", 10))).put("/api/v1/sites/" + siteId).then().statusCode(200);
            String crawlId = Api.as().body(Map.of("partitions", 2, "mode", "coordinated")).post("/api/v1/sites/" + siteId + "/crawls")
                    .then().statusCode(202).extract().path("id");
            Api.awaitFetched(crawlId, 3, 30_000);
            Api.as().post("/api/v1/crawls/" + crawlId + "/pause").then().statusCode(200);

            JsonPath all = Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts").then().statusCode(200).extract().jsonPath();
            long total = all.getLong("total");
            assertTrue(total >= 2, "hosts waiting: " + all.prettify());
            List<Map<String, Object>> hosts = all.getList("hosts");
            assertEquals(total, hosts.size(), "one page holds them all");
            long previous = 0;
            for (Map<String, Object> h : hosts) {
                long at = ((Number) h.get("nextFetchAt")).longValue();
                assertTrue(at >= previous, "earliest allowed fetch first: " + hosts);
                previous = at;
                String url = (String) h.get("nextUrl");
                assertTrue(bases.stream().anyMatch(x -> url.startsWith(x) && x.endsWith((String) h.get("host"))), h.toString());
                assertTrue(((Number) h.get("queued")).longValue() > 0);
            }
            // paging: one a page, the next offset, the same hosts in the same order
            JsonPath first = Api.as().queryParam("limit", 1).get("/api/v1/crawls/" + crawlId + "/frontier/hosts").then().statusCode(200)
                    .extract().jsonPath();
            assertEquals(1, first.getList("hosts").size());
            assertEquals(1, first.getInt("next"));
            JsonPath second = Api.as().queryParam("limit", 1).queryParam("offset", 1).get("/api/v1/crawls/" + crawlId + "/frontier/hosts")
                    .then().statusCode(200).extract().jsonPath();
            assertEquals(hosts.get(1).get("host"), second.getString("hosts[0].host"));

            // the UI page lists them with links to each host
            String editor = UiAccessTest.login(UiAccessTest.user("editor")).cookie();
            String page = io.restassured.RestAssured.given().cookie("trawler_session", editor).get("/ui/crawls/" + crawlId + "/frontier")
                    .then().statusCode(200).extract().asString();
            assertTrue(page.contains(total + " hosts wait"), page);
            for (Map<String, Object> h : hosts) {
                assertTrue(page.contains("/ui/crawls/" + crawlId + "/hosts/" + h.get("host")), "a link to " + h.get("host"));
            }
            String crawlPage = io.restassured.RestAssured.given().cookie("trawler_session", editor).get("/ui/crawls/" + crawlId)
                    .then().statusCode(200).extract().asString();
            assertTrue(crawlPage.contains("href=\"/ui/crawls/" + crawlId + "/frontier\""), "the crawl page links to it");

            // refusals, and nothing once the crawl has ended
            Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts?limit=0").then().statusCode(400).body("details[0].field", equalTo("limit"));
            Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts?offset=-1").then().statusCode(400).body("details[0].field", equalTo("offset"));
            Api.as().get("/api/v1/crawls/nosuch/frontier/hosts").then().statusCode(404);
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            Api.awaitEnd(crawlId, 30_000);
            Api.as().get("/api/v1/crawls/" + crawlId + "/frontier/hosts").then().statusCode(200).body("total", equalTo(0));
        }
    }
}
