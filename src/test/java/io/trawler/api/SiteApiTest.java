package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.trawler.testsupport.Api;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Sites section of API.md, including every refusal. */
@QuarkusTest
class SiteApiTest {

    @Test
    void createFillsDefaultsAndReadsBack() {
        String id = Api.as().body(Map.of("name", "News", "seeds", List.of("https://News.Example.com/start")))
                .post("/api/v1/sites").then().statusCode(201)
                .body("id", notNullValue())
                .body("name", equalTo("News"))
                .body("scope.hosts", contains("news.example.com"))
                .body("scope.include", equalTo(List.of()))
                .body("politeness.delayMs", equalTo(1000))
                .body("politeness.maxConcurrentPerHost", equalTo(1))
                .body("politeness.respectRobots", equalTo(true))
                .body("limits.maxPages", equalTo(100000))
                .body("limits.maxDepth", equalTo(20))
                .extract().path("id");
        Api.as().get("/api/v1/sites/" + id).then().statusCode(200).body("name", equalTo("News"));
        Api.as().get("/api/v1/sites").then().statusCode(200).body("id", hasItem(id));
    }

    @Test
    void ipv6LiteralSeedsAreAccepted() {
        String id = Api.as().body(Map.of("name", "v6", "seeds", List.of("http://[2606:4700:0:0:0:0:0:1111]:8080/start", "http://[2606:4700::1111]/b")))
                .post("/api/v1/sites").then().statusCode(201)
                .body("seeds", contains("http://[2606:4700:0:0:0:0:0:1111]:8080/start", "http://[2606:4700::1111]/b"))
                .body("scope.hosts", contains("[2606:4700::1111]:8080", "[2606:4700::1111]"))
                .extract().path("id");
        Api.as().delete("/api/v1/sites/" + id).then().statusCode(204);
        Api.as().body(Map.of("name", "v6", "seeds", List.of("http://[fe80::1%25eth0]/"))).post("/api/v1/sites").then().statusCode(400)
                .body("details.field", contains("seeds[0]"));
    }

    @Test
    void replaceAndDelete() {
        String id = Api.createSite(Map.of("name", "Old", "seeds", List.of("http://a.test/")));
        Api.as().body(Map.of("name", "New", "seeds", List.of("http://a.test/x"), "scope", Map.of("hosts", List.of("*.a.test", "a.test")),
                "limits", Map.of("maxDepth", 3))).put("/api/v1/sites/" + id)
                .then().statusCode(200).body("name", equalTo("New")).body("limits.maxDepth", equalTo(3))
                .body("scope.hosts", contains("*.a.test", "a.test"));
        Api.as().delete("/api/v1/sites/" + id).then().statusCode(204);
        Api.as().get("/api/v1/sites/" + id).then().statusCode(404).body("error", equalTo("not_found"));
    }

    @Test
    void invalidBodiesAre400AndChangeNothing() {
        int before = Api.as().get("/api/v1/sites").then().extract().jsonPath().getList("$").size();
        Api.as().body(Map.of("name", "", "seeds", List.of("ftp://x"))).post("/api/v1/sites").then().statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("details.field", contains("name", "seeds[0]"));
        Api.as().body("{\"name\": \"x\", \"seeds\": [\"http://a.test/\"], \"sedes\": 1}").post("/api/v1/sites").then().statusCode(400)
                .body("error", equalTo("invalid_json")).body("message", startsWith("unknown field 'sedes'"));
        Api.as().body("{\"name\": \"x\", \"seeds\": \"http://a.test/\"}").post("/api/v1/sites").then().statusCode(400)
                .body("error", equalTo("invalid_json")).body("details[0].field", equalTo("seeds"));
        Api.as().body("{not json").post("/api/v1/sites").then().statusCode(400).body("error", equalTo("invalid_json"));
        Api.as().body(Map.of("name", "x", "seeds", List.of("http://a.test/"), "politeness", Map.of("delayMs", "slow")))
                .post("/api/v1/sites").then().statusCode(400).body("error", equalTo("invalid_json"));
        Api.as().body(Map.of("name", "x", "seeds", List.of("http://a.test/"), "scope", Map.of("include", List.of("(unclosed"))))
                .post("/api/v1/sites").then().statusCode(400).body("details[0].field", equalTo("scope.include[0]"));
        Api.as().get("/api/v1/sites").then().body("size()", equalTo(before));
        String id = Api.createSite(Map.of("name", "Keep", "seeds", List.of("http://a.test/")));
        Api.as().body(Map.of("name", "", "seeds", List.of("http://a.test/"))).put("/api/v1/sites/" + id).then().statusCode(400);
        Api.as().get("/api/v1/sites/" + id).then().body("name", equalTo("Keep"));
    }

    @Test
    void tokenIsRequired() {
        given().get("/api/v1/sites").then().statusCode(401).body("error", equalTo("unauthorized"))
                .header("WWW-Authenticate", startsWith("Bearer"));
        given().header("Authorization", "Bearer wrong").get("/api/v1/sites").then().statusCode(401)
                .body("message", equalTo("invalid or revoked token"));
        given().header("Authorization", "Basic dGVzdA==").contentType(ContentType.JSON).body("{}").post("/api/v1/sites")
                .then().statusCode(401);
        given().get("/q/health").then().statusCode(200);
        given().get("//api/v1/sites").then().statusCode(anyOf(equalTo(401), equalTo(404)));
        given().get("/api/v1/../api/v1/sites").then().statusCode(anyOf(equalTo(401), equalTo(404)));
        given().get("/no/such/path").then().statusCode(404).body("error", equalTo("not_found"));
    }

    @Test
    void unknownSitesAre404() {
        Api.as().get("/api/v1/sites/nope").then().statusCode(404).body("error", equalTo("not_found"))
                .body("message", equalTo("no site with id nope"));
        Api.as().body(Map.of("name", "x", "seeds", List.of("http://a.test/"))).put("/api/v1/sites/nope").then().statusCode(404);
        Api.as().delete("/api/v1/sites/nope").then().statusCode(404);
    }

    @Test
    void wrongMethodAndMediaType() {
        Api.as().patch("/api/v1/sites").then().statusCode(405).body("error", equalTo("method_not_allowed"));
        given().header("Authorization", "Bearer " + Api.TOKEN).contentType(ContentType.TEXT).body("name=x").post("/api/v1/sites")
                .then().statusCode(415).body("error", equalTo("unsupported_media_type"));
    }
}
