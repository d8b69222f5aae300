package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A site's saved topic (PUT/GET/DELETE /api/v1/sites/{id}/plan/topic) and how focused crawls take topics. */
@QuarkusTest
class TopicApiTest {

    @Test
    void savedTopicRoundTripsAndFeedsFocusedCrawls() throws Exception {
        String siteId = Api.createSite(Map.of("name", "topics", "seeds", List.of("http://127.0.0.1:9/")));
        String topic = "/api/v1/sites/" + siteId + "/plan/topic";
        Api.as().get(topic).then().statusCode(404).body("error", equalTo("not_found"));
        // a focused crawl without a topic anywhere is refused, and nothing starts
        Api.as().body(Map.of("strategy", "focused-tl")).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(400)
                .body("details[0].field", equalTo("topic")).body("details[0].message", containsString("plan/topic"));
        Api.as().get("/api/v1/sites/" + siteId + "/crawls").then().body("size()", equalTo(0));

        Api.as().body(Map.of("keywords", Map.of("football", 2.0, "goal", 1.0), "threshold", 0.2)).put(topic).then().statusCode(200)
                .body("keywords.football", equalTo(2.0f)).body("threshold", equalTo(0.2f));
        Api.as().get(topic).then().statusCode(200).body("keywords.goal", equalTo(1.0f));
        // defaults: the configured θ
        Api.as().body(Map.of("examples", List.of("The striker scored twice."))).put(topic).then().statusCode(200)
                .body("threshold", equalTo(0.1f)).body("examples[0]", equalTo("The striker scored twice."));

        String crawlId = Api.as().body(Map.of("strategy", "focused-t")).post("/api/v1/sites/" + siteId + "/crawls").then()
                .statusCode(202).extract().path("id");
        Api.awaitEnd(crawlId, 60_000);
        Api.as().delete(topic).then().statusCode(204);
        Api.as().get(topic).then().statusCode(404);
    }

    /**
     * A topic by example URLs: each page is fetched once, through the fetcher and its guard, and its text joins the
     * examples; a URL that is not http(s), or a page that cannot be had, is refused by its index and nothing is saved.
     */
    @Test
    void exampleUrlsAreFetchedIntoExampleTexts() throws Exception {
        try (TestWebServer server = TestWebServer.start(req -> {
            if (req.path().equals("/article")) {
                req.response().putHeader("Content-Type", "text/html; charset=utf-8")
                        .end("<html><head><title>Derby day</title></head><body><p>The striker scored twice in the derby.</p></body></html>");
            } else if (req.path().equals("/moved")) {
                req.response().setStatusCode(301).putHeader("Location", "/article").end();
            } else {
                req.response().setStatusCode(404).end();
            }
        })) {
            String siteId = Api.createSite(Map.of("name", "topic-urls", "seeds", List.of(server.base() + "/")));
            String topic = "/api/v1/sites/" + siteId + "/plan/topic";
            Api.as().body(Map.of("exampleUrls", List.of(server.base() + "/moved"), "examples", List.of("A goal in extra time.")))
                    .put(topic).then().statusCode(200)
                    .body("examples", hasItem("A goal in extra time."))
                    .body("examples", hasItem(containsString("The striker scored twice in the derby.")))
                    .body("exampleUrls", org.hamcrest.Matchers.nullValue());
            Api.as().body(Map.of("exampleUrls", List.of(server.base() + "/article", "ftp://x.test/", server.base() + "/gone"))).put(topic)
                    .then().statusCode(400)
                    .body("details.field", hasItem("topic.exampleUrls[1]"));
            Api.as().body(Map.of("exampleUrls", List.of(server.base() + "/article", server.base() + "/gone"))).put(topic).then().statusCode(400)
                    .body("details[0].field", equalTo("topic.exampleUrls[1]")).body("details[0].message", containsString("404"));
            Api.as().get(topic).then().statusCode(200).body("examples.size()", equalTo(2));   // the refused topics changed nothing
            // a focused crawl's own topic by example URL
            Api.as().body(Map.of("strategy", "focused-learn", "budget", 1, "topic", Map.of("exampleUrls", List.of(server.base() + "/article"))))
                    .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202);
        }
    }

    @Test
    void badTopicsAreRefusedWithReasons() {
        String siteId = Api.createSite(Map.of("name", "bad-topics", "seeds", List.of("http://127.0.0.1:9/")));
        String topic = "/api/v1/sites/" + siteId + "/plan/topic";
        Api.as().body(Map.of()).put(topic).then().statusCode(400).body("details.message", hasItem(containsString("keywords or example")));
        Api.as().body(Map.of("keywords", Map.of("goal", -1))).put(topic).then().statusCode(400)
                .body("details.message", hasItem(containsString("positive")));
        Api.as().body(Map.of("keywords", Map.of("goal", 1), "threshold", 2)).put(topic).then().statusCode(400)
                .body("details.message", hasItem(containsString("between 0 and 1")));
        Api.as().body(Map.of("keywords", Map.of("the", 1))).put(topic).then().statusCode(400)
                .body("details.message", hasItem(containsString("no indexable terms")));
        Api.as().body("{\"keywords\": [\"goal\"]}").put(topic).then().statusCode(400);
        Api.as().get(topic).then().statusCode(404);
        Api.as().body(Map.of("keywords", Map.of("goal", 1))).put("/api/v1/sites/nope/plan/topic").then().statusCode(404);
        given().body("{}").put(topic).then().statusCode(401);

        String crawls = "/api/v1/sites/" + siteId + "/crawls";
        Api.as().body(Map.of("strategy", "bfs", "topic", Map.of("keywords", Map.of("goal", 1)))).post(crawls).then().statusCode(400)
                .body("details[0].field", equalTo("topic"));
        Api.as().body(Map.of("strategy", "focused-t", "topic", Map.of("keywords", Map.of()))).post(crawls).then().statusCode(400)
                .body("details[0].field", equalTo("topic"));
        Api.as().body(Map.of("strategy", "opic", "budget", -1)).post(crawls).then().statusCode(400)
                .body("details[0].field", equalTo("budget"));
        Api.as().get(crawls).then().body("size()", equalTo(0));
    }

    @Test
    void everyStrategyOfTheContractStarts() throws Exception {
        for (String s : List.of("bfs", "dfs", "backlinks", "pagerank", "opic", "largest-site", "depth-weight", "focused-t", "focused-tl")) {
            String siteId = Api.createSite(Map.of("name", "strategy-" + s, "seeds", List.of("http://127.0.0.1:9/")));
            Map<String, Object> body = s.startsWith("focused") ? Map.of("strategy", s, "topic", Map.of("keywords", Map.of("goal", 1)))
                    : Map.of("strategy", s);
            String id = Api.as().body(body).post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
            Api.awaitEnd(id, 60_000);
        }
    }
}
