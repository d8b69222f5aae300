package io.trawler.api;

import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.revisit.RefreshStore;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.PageHistories;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Refresh plans, recrawl requests and the freshness report through the API: answers, rejections, bad bodies. */
@QuarkusTest
class RevisitApiTest {

    private static String site() {
        return Api.createSite(Map.of("name", "news", "seeds", List.of("http://news.test/"),
                "scope", Map.of("hosts", List.of("news.test"), "exclude", List.of("/private/"))));
    }

    @Test
    void refreshPlanIsSavedWithDefaultsAndBadPlansChangeNothing() {
        String id = site();
        String plan = "/api/v1/sites/" + id + "/plan/refresh";
        Api.as().get(plan).then().statusCode(404).body("error", equalTo("not_found"));
        Api.as().body(Map.of("policy", "weekly")).put(plan).then().statusCode(400)
                .body("details.field", hasItem("policy"))
                .body("details.message", hasItem(allOf(containsString("poisson"), containsString("user-experience"), containsString("cluster-sampling"))));
        Api.as().body(Map.of("policy", "poisson", "targetProbability", 1.5, "minIntervalMs", 5000, "maxIntervalMs", 100)).put(plan)
                .then().statusCode(400).body("details.field", hasItem("targetProbability")).body("details.field", hasItem("maxIntervalMs"));
        Api.as().body("{}").put(plan).then().statusCode(400).body("details.field", hasItem("policy"));
        Api.as().get(plan).then().statusCode(404);
        Api.as().body(Map.of("policy", "poisson")).put(plan).then().statusCode(200).body("policy", equalTo("poisson"))
                .body("targetProbability", equalTo(0.5f)).body("minIntervalMs", equalTo(60_000)).body("initialIntervalMs", equalTo(86_400_000));
        Api.as().body(Map.of("policy", "poisson", "targetProbability", 0.8)).put(plan).then().statusCode(200)
                .body("targetProbability", equalTo(0.8f));
        Api.as().get(plan).then().statusCode(200).body("targetProbability", equalTo(0.8f));
        Api.as().delete(plan).then().statusCode(204);
        Api.as().get(plan).then().statusCode(404);
        Api.as().body(Map.of("policy", "poisson")).put("/api/v1/sites/nosuchsite/plan/refresh").then().statusCode(404);
    }

    @Test
    void badRecrawlRequestsAreRejectedWithReasons() {
        String id = site();
        String recrawls = "/api/v1/sites/" + id + "/recrawls";
        Api.as().body("{}").post(recrawls).then().statusCode(400).body("details.field", hasItem("urls"));
        Api.as().body(Map.of("urls", List.of("http://news.test/a"), "all", true)).post(recrawls).then().statusCode(400)
                .body("details.message", hasItem(containsString("exactly one")));
        Api.as().body(Map.of("urls", List.of())).post(recrawls).then().statusCode(400).body("details.message", hasItem(containsString("empty")));
        Api.as().body(Map.of("all", true, "priority", 11)).post(recrawls).then().statusCode(400).body("details.field", hasItem("priority"));
        Api.as().body(Map.of("pathPrefix", " ")).post(recrawls).then().statusCode(400).body("details.field", hasItem("pathPrefix"));
        Api.as().body(Map.of("all", true)).post("/api/v1/sites/nosuchsite/recrawls").then().statusCode(404);
        Api.as().get("/api/v1/recrawls/nosuchrecrawl").then().statusCode(404);
        Api.as().get("/api/v1/sites/" + id + "/crawls").then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void outOfScopeUrlsAreRejectedAndNothingIsQueuedForThem() {
        String id = site();
        String recrawls = "/api/v1/sites/" + id + "/recrawls";
        Api.as().body(Map.of("urls", List.of("http://other.test/a", "ftp://news.test/a", "http://news.test/private/x"), "priority", 3))
                .post(recrawls).then().statusCode(202).body("accepted", equalTo(0)).body("state", equalTo("DONE"))
                .body("rejected.reason", hasItem(containsString("not in the site's scope")))
                .body("rejected.reason", hasItem(containsString("not an absolute http(s) URL")))
                .body("rejected.reason", hasItem(containsString("exclude")))
                .body("rejected.url", hasItem("http://other.test/a"));
        Api.as().get("/api/v1/sites/" + id + "/crawls").then().statusCode(200).body("size()", equalTo(0));
        // a site that was never crawled has no known pages to recrawl under a prefix
        Api.as().body(Map.of("pathPrefix", "/news/")).post(recrawls).then().statusCode(202).body("accepted", equalTo(0));
    }

    /**
     * The reported defects: 300 pages, each visited three times a minute apart and never changed. The single-page
     * estimate put every one at about 360 changes a day, and later the site prior at 0.4–0.85 a day, a number the visits
     * never showed. With no change seen nothing is estimated: the report says there is not enough observation yet, for
     * how long the pages were observed, and the bound the pooled visits do give (3 / 600 page-minutes, 7.2 a day).
     */
    @Test
    void youngUnchangedHistoriesAreBoundedNotEstimated() {
        String id = site();
        store.save(id, 100_000, PageHistories.unchanged("http://news.test/", 300, 3), Map.of());
        var f = Api.as().get("/api/v1/sites/" + id + "/freshness").then().statusCode(200).extract().jsonPath();
        org.junit.jupiter.api.Assertions.assertEquals(0, f.getInt("estimated"), f.prettify());
        org.junit.jupiter.api.Assertions.assertNull(f.get("ratesPerDay"));
        org.junit.jupiter.api.Assertions.assertNull(f.get("prior.meanPerDay"));
        org.junit.jupiter.api.Assertions.assertEquals(600, f.getLong("prior.visits"));
        org.junit.jupiter.api.Assertions.assertEquals(0, f.getLong("prior.changes"));
        org.junit.jupiter.api.Assertions.assertTrue(f.getBoolean("prior.provisional"), f.prettify());
        org.junit.jupiter.api.Assertions.assertEquals(-Math.log(0.05) / (600 / 1440.0), f.getDouble("prior.upperPerDay"), 0.05, f.prettify());
        org.junit.jupiter.api.Assertions.assertTrue(f.getString("prior.note").contains("not enough observation yet"), f.prettify());
        org.junit.jupiter.api.Assertions.assertTrue(f.getString("prior.note").contains("2.0 minutes"), f.prettify());
        org.junit.jupiter.api.Assertions.assertTrue(f.getDouble("expectedFreshness") > 0.9, f.prettify());
    }

    @Test
    void freshnessOfASiteNeverCrawled() {
        String id = site();
        Api.as().get("/api/v1/sites/" + id + "/freshness").then().statusCode(200).body("pages", equalTo(0)).body("due", equalTo(0))
                .body("expectedFreshness", nullValue()).body("policy", nullValue());
        Api.as().get("/api/v1/sites/nosuchsite/freshness").then().statusCode(404);
    }

    @Test
    void badSignalsAreA400AndStoreNothing() {
        Api.as().body("{}").post("/api/v1/signals").then().statusCode(400).body("details.field", hasItem("signals"));
        Api.as().body(Map.of("signals", List.of())).post("/api/v1/signals").then().statusCode(400);
        Api.as().body(Map.of("signals", List.of(Map.of("url", "http://news.test/a", "query", "q", "rank", 0),
                Map.of("url", "http://news.test/b", "rank", 2, "impressions", 3, "clicks", 4)))).post("/api/v1/signals").then()
                .statusCode(400).body("details.field", hasItem("signals[0].rank")).body("details.field", hasItem("signals[1].query"))
                .body("details.field", hasItem("signals[1].clicks"));
    }

    @Test
    void signalsGoToTheSitesThatCoverTheirUrls() {
        String id = site();
        Api.as().body(Map.of("signals", List.of(
                Map.of("url", "http://news.test/story", "query", "election results", "rank", 2, "impressions", 10, "clicks", 1),
                Map.of("url", "http://news.test/story", "query", "turnout", "rank", 1, "impressions", 4),
                Map.of("url", "http://elsewhere.test/x", "query", "q", "rank", 1, "impressions", 1),
                Map.of("url", "not a url", "query", "q", "rank", 1)))).post("/api/v1/signals").then().statusCode(202)
                .body("accepted", equalTo(2)).body("rejected.index", org.hamcrest.Matchers.contains(2, 3))
                .body("rejected.reason", hasItem(containsString("no site's scope")));
        RefreshStore.Usage u = store.usage(id, List.of("http://news.test/story")).get(0);
        org.junit.jupiter.api.Assertions.assertEquals(10 / 2.0 + 1 + 4, u.weight(), 1e-9);
        org.junit.jupiter.api.Assertions.assertEquals(List.of("turnout", "election results"), u.queries());
    }

    /**
     * The heaviest site an editor may save (100 include and 100 exclude patterns of about 1,000 characters) against
     * the heaviest signal request (1,000 in-scope URLs of about 2,000 characters): the request stops matching at its
     * budget and says which signals it did not check, instead of holding the server (79 s before the budget).
     */
    @Test
    void aSignalRequestAgainstTheHeaviestSiteStaysWithinItsMatchingBudget() {
        List<String> include = new java.util.ArrayList<>();
        List<String> exclude = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            StringBuilder in = new StringBuilder("^http://heavy\\.test/");
            while (in.length() < 980) {
                in.append("(x|y)[a-z]*").append(i).append("[0-9]?");
            }
            include.add(in.toString());
            StringBuilder ex = new StringBuilder("/");
            while (ex.length() < 980) {
                ex.append(".*q").append(i).append("(z|w)+");
            }
            exclude.add(ex.toString());
        }
        include.add("^http://heavy\\.test/");
        include.remove(0);
        String id = Api.createSite(Map.of("name", "heavy", "seeds", List.of("http://heavy.test/"),
                "scope", Map.of("include", include, "exclude", exclude)));
        List<Map<String, Object>> signals = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            signals.add(Map.of("url", "http://heavy.test/" + i + "/" + "ab".repeat(990), "query", "q", "rank", 1, "impressions", 1));
        }
        long t0 = System.nanoTime();
        io.restassured.path.json.JsonPath answer = Api.as().body(Map.of("signals", signals)).post("/api/v1/signals").then().statusCode(202)
                .extract().jsonPath();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int accepted = answer.getInt("accepted");
        List<String> reasons = answer.getList("rejected.reason");
        long notChecked = reasons.stream().filter(r -> r.startsWith("not checked")).count();
        System.out.printf("1,000 signals of 2,000 characters against 200 patterns of ~1,000: %d ms, %d accepted, %d not checked%n", ms,
                accepted, notChecked);
        org.junit.jupiter.api.Assertions.assertTrue(accepted > 0, "the first signals are matched and taken");
        org.junit.jupiter.api.Assertions.assertTrue(notChecked > 0, "the rest are answered as not checked");
        org.junit.jupiter.api.Assertions.assertEquals(1000, accepted + reasons.size());
        Api.as().delete("/api/v1/sites/" + id).then().statusCode(204);
    }

    @Test
    void deletingASiteDeletesItsRevisitState() {
        String id = site();
        Api.as().body(Map.of("signals", List.of(Map.of("url", "http://news.test/kept", "query", "q", "rank", 1)))).post("/api/v1/signals")
                .then().statusCode(202);
        org.junit.jupiter.api.Assertions.assertEquals(1, store.usage(id, List.of("http://news.test/kept")).get(0).weight(), 1e-9);
        Api.as().delete("/api/v1/sites/" + id).then().statusCode(204);
        org.junit.jupiter.api.Assertions.assertEquals(0, store.usage(id, List.of("http://news.test/kept")).get(0).weight(), 1e-9);
    }

    @jakarta.inject.Inject
    RefreshStore store;
}
