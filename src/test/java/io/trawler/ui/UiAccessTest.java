package io.trawler.ui;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.trawler.testsupport.Api;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The UI's access rules over HTTP: every page × admin / editor / search / no session / ended session; the session
 * cookie's flags; CSRF on the API with a session cookie and on the logout form; login's redirect stays on the site;
 * a disabled user's session ends.
 */
@QuarkusTest
public class UiAccessTest {

    static final String PASSWORD = "a long test passphrase";

    /** A logged-in browser: its session cookie and the CSRF token its pages carry. */
    public record Browser(String cookie, String csrf) {
    }

    String siteId;
    String crawlId;

    @BeforeEach
    void site() {
        siteId = Api.createSite("ui-access", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", 10));
        crawlId = null;
    }

    @Test
    void pagesByRole() {
        Map<String, String> users = new LinkedHashMap<>();
        for (String role : List.of("admin", "editor", "search")) {
            users.put(role, user(role));
        }
        Map<String, Integer> admin = new LinkedHashMap<>();
        Map<String, Integer> editor = new LinkedHashMap<>();
        Map<String, Integer> search = new LinkedHashMap<>();
        for (String page : List.of("/ui", "/ui/account", "/ui/sites", "/ui/sites/" + siteId, "/ui/sites/" + siteId + "/partitions",
                "/ui/sites/" + siteId + "/freshness", "/ui/sites/" + siteId + "/scope?url=http://127.0.0.1:9/x")) {
            admin.put(page, 200);
            editor.put(page, 200);
            search.put(page, 200);
        }
        for (String page : List.of("/ui/sites/new", "/ui/sites/" + siteId + "/edit")) {
            admin.put(page, 200);
            editor.put(page, 200);
            search.put(page, 403);
        }
        admin.put("/ui/users", 200);
        editor.put("/ui/users", 403);
        search.put("/ui/users", 403);
        Map<String, Map<String, Integer>> expected = Map.of("admin", admin, "editor", editor, "search", search);
        for (var e : users.entrySet()) {
            Browser b = login(e.getValue());
            expected.get(e.getKey()).forEach((page, status) -> {
                Response r = given().cookie("trawler_session", b.cookie()).redirects().follow(false).get(page);
                assertEquals(status, r.statusCode(), e.getKey() + " GET " + page);
                assertEquals(status == 200 ? "text/html;charset=UTF-8" : r.contentType(), r.contentType().replace(" ", ""), page);
                if (status == 200) {
                    assertNotNull(r.header("Content-Security-Policy"), page);
                }
            });
        }
        // no session: the login page, which brings the browser back
        for (String page : admin.keySet()) {
            given().redirects().follow(false).get(page).then().statusCode(303).header("Location", containsString("/login?next="));
        }
        // a page that does not exist is an HTML page, the API keeps its JSON
        Browser b = login(users.get("editor"));
        given().cookie("trawler_session", b.cookie()).get("/ui/no-such-page").then().statusCode(404).contentType(containsString("text/html"));
        given().cookie("trawler_session", b.cookie()).get("/ui/sites/nosuchsite000000").then().statusCode(404)
                .body(containsString("no site with id"));
        given().header("Authorization", "Bearer " + Api.TOKEN).get("/api/v1/nothing").then().statusCode(404).contentType(ContentType.JSON);

        // the dashboard's JSON: every role reads it; without a session a JSON 401 (the script then goes to the login page)
        for (String role : users.keySet()) {
            given().cookie("trawler_session", login(users.get(role)).cookie()).get("/ui/dashboard.json").then().statusCode(200)
                    .contentType(ContentType.JSON).body("crawls", org.hamcrest.Matchers.notNullValue())
                    .body("workers", org.hamcrest.Matchers.notNullValue());
        }
        given().redirects().follow(false).get("/ui/dashboard.json").then().statusCode(401).contentType(ContentType.JSON)
                .body("error", org.hamcrest.Matchers.equalTo("unauthorized"));
    }

    @Test
    void sessionCookieCsrfAndLogout() {
        String name = user("editor");
        Response login = given().contentType(ContentType.URLENC).formParam("username", name).formParam("password", PASSWORD)
                .formParam("next", "/ui/sites").redirects().follow(false).post("/login");
        assertEquals(303, login.statusCode());
        assertEquals("/ui/sites", java.net.URI.create(login.header("Location")).getPath());
        String setCookie = login.header("Set-Cookie");
        for (String flag : List.of("HttpOnly", "SameSite=Strict", "Path=/")) {
            assertEquals(true, setCookie.contains(flag), "cookie flag " + flag + ": " + setCookie);
        }
        Browser b = browser(login.getCookie("trawler_session"));

        // the API with the session cookie: reads work, a change needs the page's CSRF token
        given().cookie("trawler_session", b.cookie()).get("/api/v1/sites/" + siteId).then().statusCode(200);
        // two session cookies (one planted by a sibling site) authenticate nobody, in one header or in two
        given().header("Cookie", "trawler_session=" + b.cookie() + "; trawler_session=planted").get("/api/v1/sites/" + siteId)
                .then().statusCode(401);
        given().header("Cookie", "trawler_session=planted; trawler_session=" + b.cookie()).get("/api/v1/sites/" + siteId)
                .then().statusCode(401);
        given().header("Cookie", ",trawler_session=planted; trawler_session=" + b.cookie()).get("/api/v1/sites/" + siteId)
                .then().statusCode(401);
        given().header("Cookie", "trawler_session=" + b.cookie()).header("Cookie", "trawler_session=" + b.cookie())
                .redirects().follow(false).get("/ui").then().statusCode(303);
        Map<String, Object> site = Map.of("name", "renamed", "seeds", List.of("http://127.0.0.1:9/"));
        given().cookie("trawler_session", b.cookie()).contentType(ContentType.JSON).body(site).put("/api/v1/sites/" + siteId).then()
                .statusCode(403).body("error", org.hamcrest.Matchers.equalTo("forbidden"));
        given().cookie("trawler_session", b.cookie()).header("X-CSRF-Token", "wrong").contentType(ContentType.JSON).body(site)
                .put("/api/v1/sites/" + siteId).then().statusCode(403);
        given().cookie("trawler_session", b.cookie()).contentType(ContentType.TEXT).body("{}").post("/api/v1/sites").then().statusCode(403);
        given().cookie("trawler_session", b.cookie()).header("X-CSRF-Token", b.csrf()).contentType(ContentType.JSON).body(site)
                .put("/api/v1/sites/" + siteId).then().statusCode(200).body("name", org.hamcrest.Matchers.equalTo("renamed"));

        // logout needs the token too; afterwards the cookie is worth nothing
        given().cookie("trawler_session", b.cookie()).contentType(ContentType.URLENC).formParam("_csrf", "forged").redirects().follow(false)
                .post("/logout").then().statusCode(403);
        given().cookie("trawler_session", b.cookie()).redirects().follow(false).get("/ui").then().statusCode(200);
        given().cookie("trawler_session", b.cookie()).contentType(ContentType.URLENC).formParam("_csrf", b.csrf()).redirects().follow(false)
                .post("/logout").then().statusCode(303).header("Location", containsString("/login"));
        given().cookie("trawler_session", b.cookie()).redirects().follow(false).get("/ui").then().statusCode(303);
        given().cookie("trawler_session", b.cookie()).get("/api/v1/sites").then().statusCode(401);
    }

    @Test
    void loginRefusalsAndRedirects() {
        String name = user("search");
        given().contentType(ContentType.URLENC).formParam("username", name).formParam("password", "wrong password!!").post("/login")
                .then().statusCode(401).body(containsString("Wrong user name or password"));
        given().contentType(ContentType.URLENC).formParam("username", "nobody-" + System.nanoTime()).formParam("password", PASSWORD)
                .post("/login").then().statusCode(401);
        given().contentType(ContentType.URLENC).header("Origin", "https://evil.example").formParam("username", name)
                .formParam("password", PASSWORD).post("/login").then().statusCode(403);
        given().contentType(ContentType.URLENC).header("Origin", "null").formParam("username", name)
                .formParam("password", PASSWORD).post("/login").then().statusCode(403);
        given().contentType(ContentType.URLENC).header("Sec-Fetch-Site", "cross-site").formParam("username", name)
                .formParam("password", PASSWORD).post("/login").then().statusCode(403);
        for (String next : List.of("https://evil.example/", "//evil.example/ui", "/\\evil.example", "javascript:alert(1)", "/api/v1/sites",
                "/ui/a b\"c|d")) {
            Response r = given().contentType(ContentType.URLENC).formParam("username", name).formParam("password", PASSWORD)
                    .formParam("next", next).redirects().follow(false).post("/login");
            assertEquals(303, r.statusCode());
            assertEquals("/ui", java.net.URI.create(r.header("Location")).getPath(), "next " + next + " is not followed off the UI");
        }
        // guessing: after five failures for a user name, each attempt waits (429 with Retry-After), the right password too
        String guessed = user("editor");
        for (int i = 0; i < 5; i++) {
            given().contentType(ContentType.URLENC).formParam("username", guessed).formParam("password", "guess number " + i).post("/login")
                    .then().statusCode(401);
        }
        // the sixth waits: five attempts go through, not six (the docs' number)
        given().contentType(ContentType.URLENC).formParam("username", guessed).formParam("password", PASSWORD).post("/login")
                .then().statusCode(429).header("Retry-After", org.hamcrest.Matchers.notNullValue());

        // a new password ends the user's browser sessions
        Browser before = login(name);
        String uid = Api.as().get("/api/v1/users").then().extract().jsonPath().getString("find { it.username == '" + name + "' }.id");
        Api.as().body(Map.of("password", PASSWORD + "!")).put("/api/v1/users/" + uid).then().statusCode(200);
        given().cookie("trawler_session", before.cookie()).redirects().follow(false).get("/ui").then().statusCode(303);
        Api.as().body(Map.of("password", PASSWORD)).put("/api/v1/users/" + uid).then().statusCode(200);

        // a disabled user's session ends at once
        String id = Api.as().get("/api/v1/users").then().extract().jsonPath().getString("find { it.username == '" + name + "' }.id");
        Browser b = login(name);
        given().cookie("trawler_session", b.cookie()).redirects().follow(false).get("/ui").then().statusCode(200);
        Api.as().body(Map.of("disabled", true)).put("/api/v1/users/" + id).then().statusCode(200);
        given().cookie("trawler_session", b.cookie()).redirects().follow(false).get("/ui").then().statusCode(303);
    }

    @Test
    void everyoneChangesTheirOwnPassword() {
        String name = user("search");
        Browser here = login(name);
        Browser elsewhere = login(name);
        String url = "/api/v1/me/password";
        // refusals name the field and change nothing
        change(here, Map.of("currentPassword", "not my password", "newPassword", "a brand new passphrase")).then().statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.equalTo("currentPassword"));
        change(here, Map.of("currentPassword", PASSWORD, "newPassword", "short")).then().statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.equalTo("newPassword"));
        change(here, Map.of("currentPassword", PASSWORD, "newPassword", PASSWORD)).then().statusCode(400)
                .body("details[0].message", containsString("differ"));
        change(here, Map.of("newPassword", "a brand new passphrase")).then().statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.equalTo("currentPassword"));
        given().cookie("trawler_session", here.cookie()).contentType(ContentType.JSON).body(Map.of("currentPassword", PASSWORD,
                "newPassword", "a brand new passphrase")).put(url).then().statusCode(403);   // no CSRF token
        given().cookie("trawler_session", elsewhere.cookie()).redirects().follow(false).get("/ui").then().statusCode(200);
        // the static admin token belongs to no user
        Api.as().body(Map.of("currentPassword", "x", "newPassword", "a brand new passphrase")).put(url).then().statusCode(403);

        change(here, Map.of("currentPassword", PASSWORD, "newPassword", "a brand new passphrase")).then().statusCode(204);
        given().cookie("trawler_session", here.cookie()).redirects().follow(false).get("/ui").then().statusCode(200);
        given().cookie("trawler_session", elsewhere.cookie()).redirects().follow(false).get("/ui").then().statusCode(303);
        given().contentType(ContentType.URLENC).formParam("username", name).formParam("password", PASSWORD).redirects().follow(false)
                .post("/login").then().statusCode(401);
        given().contentType(ContentType.URLENC).formParam("username", name).formParam("password", "a brand new passphrase")
                .redirects().follow(false).post("/login").then().statusCode(303);

        // guessing the current password through a session counts as failed logins do
        int refused = 0;
        for (int i = 0; i < 8; i++) {
            int status = change(here, Map.of("currentPassword", "guess " + i, "newPassword", "another new passphrase")).statusCode();
            refused += status == 429 ? 1 : 0;
        }
        assertTrue(refused > 0, "wrong current passwords are throttled");
    }

    private static Response change(Browser b, Map<String, Object> body) {
        return given().cookie("trawler_session", b.cookie()).header("X-CSRF-Token", b.csrf()).contentType(ContentType.JSON).body(body)
                .put("/api/v1/me/password");
    }

    public static String user(String role) {
        String name = "ui-" + role + "-" + System.nanoTime();
        Api.as().body(Map.of("username", name, "password", PASSWORD, "role", role)).post("/api/v1/users").then().statusCode(201);
        return name;
    }

    public static Browser login(String username) {
        Response r = given().contentType(ContentType.URLENC).formParam("username", username).formParam("password", PASSWORD)
                .redirects().follow(false).post("/login");
        assertEquals(303, r.statusCode(), "login of " + username);
        return browser(r.getCookie("trawler_session"));
    }

    static Browser browser(String cookie) {
        String html = given().cookie("trawler_session", cookie).get("/ui").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]+)\">").matcher(html);
        assertEquals(true, m.find(), "the page carries its CSRF token");
        return new Browser(cookie, m.group(1));
    }
}
