package io.trawler.testsupport;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/** Users and tokens made through the API (as the static admin token of the test profile), for role tests. */
public final class Accounts {

    private Accounts() {
    }

    /** A user's id and a token of it. */
    public record Login(String userId, String token) {
        public RequestSpecification as() {
            return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON);
        }
    }

    /** A new user with the role (a unique name from the prefix) and a token of it. */
    public static Login create(String prefix, String role) {
        String name = prefix + "-" + System.nanoTime();
        String id = Api.as().body(Map.of("username", name, "password", "correct horse battery", "role", role)).post("/api/v1/users")
                .then().statusCode(201).extract().path("id");
        String token = Api.as().body(Map.of("name", "test")).post("/api/v1/users/" + id + "/tokens").then().statusCode(201)
                .extract().path("token");
        return new Login(id, token);
    }
}
