package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Health, metrics and OpenAPI work without a token. */
@QuarkusTest
class OpsEndpointsTest {

    @Test
    void healthMetricsOpenApi() {
        given().get("/q/health").then().statusCode(200).body("status", equalTo("UP"))
                .body(containsString("Redis connection health check")).body(containsString("Database connections health check"));
        given().get("/q/metrics").then().statusCode(200).body(containsString("trawler_worker_in_flight"))
                .body(containsString("jvm_memory_used_bytes"));
        given().get("/q/openapi").then().statusCode(200).body(containsString("/api/v1/sites/{siteId}/crawls"))
                .body(containsString("/api/v1/crawls/{id}/pages"));
    }
}
