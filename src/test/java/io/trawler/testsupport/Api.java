package io.trawler.testsupport;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The REST API as tests use it (REST Assured, admin token of the test profile). */
public final class Api {

    public static final String TOKEN = "test-admin-token";

    private Api() {
    }

    public static RequestSpecification as() {
        return given().header("Authorization", "Bearer " + TOKEN).contentType(ContentType.JSON);
    }

    public static String createSite(Map<String, Object> body) {
        return as().body(body).post("/api/v1/sites").then().statusCode(201).extract().path("id");
    }

    /** A site on the test server with politeness off (no delay, 16 per host) unless {@code politeness} says otherwise. */
    public static String createSite(String name, String seed, Map<String, Object> politeness, Map<String, Object> limits) {
        return createSite(Map.of("name", name, "seeds", List.of(seed), "politeness", politeness, "limits", limits));
    }

    public static String startCrawl(String siteId) {
        return as().body("{}").post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
    }

    public static JsonPath crawl(String crawlId) {
        return as().get("/api/v1/crawls/" + crawlId).then().statusCode(200).extract().jsonPath();
    }

    /** Polls until the crawl has fetched at least {@code pages} pages; fails after {@code timeoutMs}. */
    public static void awaitFetched(String crawlId, long pages, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (crawl(crawlId).getLong("counts.fetched") < pages) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("crawl " + crawlId + " did not fetch " + pages + " pages within " + timeoutMs + " ms");
            }
            Thread.sleep(20);
        }
    }

    /** Polls until the crawl has ended and its page records are ingested; returns the final view. */
    public static JsonPath awaitEnd(String crawlId, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            JsonPath c = crawl(crawlId);
            String state = c.getString("state");
            if (!state.equals("RUNNING") && !state.equals("PAUSED")) {
                return c;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("crawl " + crawlId + " did not end within " + timeoutMs + " ms: " + crawl(crawlId).prettify());
    }

    /** Every page record of a crawl, following the {@code next} cursor. */
    public static List<Map<String, Object>> pages(String crawlId) {
        List<Map<String, Object>> all = new ArrayList<>();
        Long after = 0L;
        while (after != null) {
            JsonPath p = as().queryParam("limit", 1000).queryParam("after", after).get("/api/v1/crawls/" + crawlId + "/pages")
                    .then().statusCode(200).extract().jsonPath();
            all.addAll(p.getList("pages"));
            after = p.get("next") == null ? null : p.getLong("next");
        }
        return all;
    }
}
