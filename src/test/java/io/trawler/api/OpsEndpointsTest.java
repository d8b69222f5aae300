package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Health works without a token; metrics and OpenAPI need one. */
@QuarkusTest
class OpsEndpointsTest {

    @Test
    void healthMetricsOpenApi() {
        given().get("/q/health").then().statusCode(200).body("status", equalTo("UP"))
                .body(containsString("Redis connection health check")).body(containsString("Database connections health check"));
        given().get("/q/metrics").then().statusCode(401).body("error", equalTo("unauthorized"));
        given().get("/q/openapi").then().statusCode(401).body("error", equalTo("unauthorized"));
        given().header("Authorization", "Bearer " + io.trawler.testsupport.Api.TOKEN).get("/q/metrics").then().statusCode(200).body(containsString("trawler_worker_in_flight"))
                .body(containsString("jvm_memory_used_bytes"));
        given().header("Authorization", "Bearer " + io.trawler.testsupport.Api.TOKEN).get("/q/openapi").then().statusCode(200).body(containsString("/api/v1/sites/{siteId}/crawls"))
                .body(containsString("/api/v1/crawls/{id}/pages")).body(containsString("/api/v1/users/{id}/tokens"))
                .body(containsString("bearerFormat: opaque")).body(containsString("\"403\":"));
    }
}
