package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Health works without a token; metrics and OpenAPI need one. */
@QuarkusTest
class OpsEndpointsTest {

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL root;

    /** The contract check every API test runs through is on, and it does fail an answer the document does not allow. */
    @Test
    void theOpenApiContractCheckCanFail() {
        if (System.getProperty("dump.openapi") != null) {
            String doc = given().header("Authorization", "Bearer " + Api.TOKEN).get("/q/openapi?format=json").asString();
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of("target/openapi.json"), doc);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        given().get("/q/health").then().statusCode(200);
        org.junit.jupiter.api.Assertions.assertTrue(OpenApiContract.active());
        int port = root.getPort();
        var ok = OpenApiContract.violations(port, "GET", "/api/v1/crawls/x/pages", 200, "{\"pages\": [], \"next\": null}");
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), ok);
        org.junit.jupiter.api.Assertions.assertFalse(OpenApiContract.violations(port, "GET", "/api/v1/sites", 418, "{}").isEmpty(),
                "an undeclared status");
        org.junit.jupiter.api.Assertions.assertFalse(OpenApiContract.violations(port, "GET", "/api/v1/crawls/x/pages", 200,
                "{\"pages\": \"none\", \"next\": \"a\"}").isEmpty(), "a body off its schema");
        org.junit.jupiter.api.Assertions.assertFalse(OpenApiContract.violations(port, "POST", "/api/v1/sites", 200,
                "{}").isEmpty(), "200 where 201 is declared");
    }

    @Test
    void healthMetricsOpenApi() {
        given().get("/q/health").then().statusCode(200).body("status", equalTo("UP"))
                .body(containsString("Redis connection health check")).body(containsString("Database connections health check"));
        given().get("/q/metrics").then().statusCode(401).body("error", equalTo("unauthorized"));
        for (String variant : java.util.List.of("/q/openapi", "/q/openapi.json", "/q/openapi.yaml", "/q/openapi.yml", "/q/openapi?format=json")) {
            given().get(variant).then().statusCode(401).body("error", equalTo("unauthorized"));
            given().header("Authorization", "Bearer " + Api.TOKEN).get(variant).then().statusCode(200)
                    .body(containsString("/api/v1/crawls/{id}/pages"));
        }
        given().header("Authorization", "Bearer " + Api.TOKEN).get("/q/metrics").then().statusCode(200).body(containsString("trawler_worker_in_flight"))
                .body(containsString("jvm_memory_used_bytes"));
        given().header("Authorization", "Bearer " + Api.TOKEN).get("/q/openapi").then().statusCode(200).body(containsString("/api/v1/sites/{siteId}/crawls"))
                .body(containsString("/api/v1/crawls/{id}/pages")).body(containsString("/api/v1/users/{id}/tokens"))
                .body(containsString("bearerFormat: opaque")).body(containsString("\"403\":"));
    }
}
