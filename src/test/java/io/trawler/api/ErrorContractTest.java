package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.RawHttp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every error has the JSON body, whichever layer answers: routing, body limits, request line limits, parameters. */
@QuarkusTest
class ErrorContractTest {

    @Test
    void unmatchedPathsAndMethods() {
        given().get("/no/such/path").then().statusCode(404).contentType(ContentType.JSON).body("error", equalTo("not_found"));
        Api.as().get("/api/v1/nothing/here").then().statusCode(404).contentType(ContentType.JSON).body("error", equalTo("not_found"));
        Api.as().patch("/api/v1/sites").then().statusCode(405).contentType(ContentType.JSON).body("error", equalTo("method_not_allowed"));
    }

    @TestHTTPResource("/")
    java.net.URL root;

    @Test
    void oversizedBodyAndUri() throws Exception {
        RawHttp.Answer big = RawHttp.exchange(root.getPort(), "POST /api/v1/sites HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + Api.TOKEN + "\r\nContent-Type: application/json\r\nContent-Length: " + (9 * 1024 * 1024));
        assertEquals(413, big.status(), big.head());
        assertTrue(big.body().contains("\"payload_too_large\""), big.body());
        // the same body sent chunked (no Content-Length): found while reading, with the same JSON answer
        RawHttp.Answer chunked = RawHttp.chunked(root.getPort(), "POST /api/v1/sites HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + Api.TOKEN + "\r\nContent-Type: application/json", "{\"name\":\"", 9L * 1024 * 1024);
        assertEquals(413, chunked.status(), chunked.head());
        assertTrue(chunked.body().contains("\"payload_too_large\""), chunked.body());
        // a chunked body within the limit is read as before
        String json = "{\"name\":\"chunked\",\"seeds\":[\"http://chunked.test/\"]}";
        RawHttp.Answer small = RawHttp.chunked(root.getPort(), "POST /api/v1/sites HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + Api.TOKEN + "\r\nContent-Type: application/json", json, json.length());
        assertEquals(201, small.status(), small.head() + small.body());
        RawHttp.Answer longUri = RawHttp.exchange(root.getPort(), "GET /api/v1/sites?x=" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Api.TOKEN);
        assertEquals(414, longUri.status(), longUri.head());
        assertTrue(longUri.body().contains("\"uri_too_long\""), longUri.body());
        // past the old codec limit (64 KiB) too: the JSON body, not a bare status
        RawHttp.Answer veryLongUri = RawHttp.exchange(root.getPort(), "GET /api/v1/sites?x=" + "a".repeat(70_000) + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Api.TOKEN);
        assertEquals(414, veryLongUri.status(), veryLongUri.head());
        assertTrue(veryLongUri.body().contains("\"uri_too_long\""), veryLongUri.body());
        RawHttp.Answer bigHeader = RawHttp.exchange(root.getPort(), "GET /api/v1/sites HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Api.TOKEN + "\r\nX-Big: "
                + "b".repeat(70_000));
        assertEquals(431, bigHeader.status(), bigHeader.head());
        assertTrue(bigHeader.body().contains("\"headers_too_large\""), bigHeader.body());
        RawHttp.Answer manyHeaders = RawHttp.exchange(root.getPort(), "GET /api/v1/sites HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Api.TOKEN
                + ("\r\nX-Many: " + "m".repeat(1000)).repeat(80));
        assertEquals(431, manyHeaders.status(), manyHeaders.head());
        assertTrue(manyHeaders.body().contains("\"headers_too_large\""), manyHeaders.body());
    }

    @Test
    void badQueryParametersAre400NamingThem() {
        String site = Api.createSite(Map.of("name", "q", "seeds", List.of("http://q.test/")));
        String crawl = Api.startCrawl(site);
        Api.as().get("/api/v1/crawls/" + crawl + "/pages?limit=abc").then().statusCode(400).body("details[0].field", equalTo("limit"));
        Api.as().get("/api/v1/crawls/" + crawl + "/pages?after=garbage").then().statusCode(400).body("details[0].field", equalTo("after"));
        Api.as().get("/api/v1/sites/" + site + "/plan/predictions?seedsPerPath=-1").then().statusCode(400)
                .body("details[0].field", equalTo("seedsPerPath"));
        Api.as().post("/api/v1/crawls/" + crawl + "/stop").then().statusCode(200);
    }

    @Test
    void messagesSpeakApiTermsAndQuoteLittle() {
        Api.as().body("{\"name\":\"x\",\"seeds\":\"http://a.test/\"}").post("/api/v1/sites").then().statusCode(400)
                .body("message", equalTo("seeds: expected a list"));
        Api.as().body("{\"name\":\"x\",\"name\":null,\"seeds\":[\"http://a.test/\"]}").post("/api/v1/sites").then().statusCode(400)
                .body("message", containsString("duplicate field"));
        String longSeed = "http://" + "a".repeat(70_000);
        Api.as().body(Map.of("name", "x", "seeds", List.of(longSeed))).post("/api/v1/sites").then().statusCode(400)
                .body("message.length()", lessThan(400)).body("message", not(containsString("ArrayList")));
        Api.as().body("{\"name\": tru}").post("/api/v1/sites").then().statusCode(400)
                .body("message", not(containsString("Feature"))).body("message", not(containsString("java")));
    }
}
