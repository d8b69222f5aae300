package io.trawler.api;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.trawler.testsupport.Accounts;
import io.trawler.testsupport.Api;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every endpoint × admin / editor / search / no token / revoked token: a role without the right gets 403 (with the
 * JSON body), no or a revoked token 401, a role with the right anything but 401 and 403.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RoleMatrixTest {

    /** Who may call: a set of roles, or everyone authenticated ("any"), or nobody needed ("open"). */
    record Endpoint(String method, String path, Set<String> allowed, Object body) {
    }

    private static final Set<String> READERS = Set.of("admin", "editor", "search");
    private static final Set<String> EDITORS = Set.of("admin", "editor");
    private static final Set<String> RECRAWLERS = Set.of("admin", "editor", "search");
    private static final Set<String> SEARCH = Set.of("admin", "search");
    private static final Set<String> ADMINS = Set.of("admin");

    private Map<String, Accounts.Login> logins;
    private String revoked;
    private String site;
    private String crawl;

    @org.junit.jupiter.api.BeforeEach
    void setUp() throws Exception {
        if (logins != null) {
            return;
        }
        logins = new LinkedHashMap<>();
        for (String role : List.of("admin", "editor", "search")) {
            logins.put(role, Accounts.create("matrix-" + role, role));
        }
        Accounts.Login gone = Accounts.create("matrix-revoked", "admin");
        String tokenId = Api.as().get("/api/v1/users/" + gone.userId() + "/tokens").then().statusCode(200).extract().path("[0].id");
        Api.as().delete("/api/v1/users/" + gone.userId() + "/tokens/" + tokenId).then().statusCode(204);
        revoked = gone.token();
        site = Api.createSite(Map.of("name", "matrix", "seeds", List.of("http://127.0.0.1:1/")));
        crawl = Api.startCrawl(site);
        Api.awaitEnd(crawl, 60_000);
    }

    private List<Endpoint> endpoints() {
        Map<String, Object> siteBody = Map.of("name", "matrix-put", "seeds", List.of("http://127.0.0.1:1/"));
        String other = logins.get("admin").userId();
        return List.of(
                new Endpoint("GET", "/api/v1/sites", READERS, null),
                new Endpoint("POST", "/api/v1/sites", EDITORS, siteBody),
                new Endpoint("GET", "/api/v1/sites/" + site, READERS, null),
                new Endpoint("PUT", "/api/v1/sites/" + site, EDITORS, siteBody),
                new Endpoint("DELETE", "/api/v1/sites/nosuchsite", EDITORS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/crawls", READERS, null),
                new Endpoint("POST", "/api/v1/sites/nosuchsite/crawls", EDITORS, Map.of()),
                new Endpoint("GET", "/api/v1/crawls/" + crawl, READERS, null),
                new Endpoint("POST", "/api/v1/crawls/" + crawl + "/pause", EDITORS, null),
                new Endpoint("POST", "/api/v1/crawls/" + crawl + "/resume", EDITORS, null),
                new Endpoint("POST", "/api/v1/crawls/" + crawl + "/stop", EDITORS, null),
                new Endpoint("DELETE", "/api/v1/crawls/nosuchcrawl", EDITORS, null),
                new Endpoint("GET", "/api/v1/crawls/" + crawl + "/storage", READERS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/storage", READERS, null),
                new Endpoint("GET", "/api/v1/crawls/" + crawl + "/pages", READERS, null),
                new Endpoint("GET", "/api/v1/crawls/" + crawl + "/quarantine", READERS, null),
                new Endpoint("GET", "/api/v1/crawls/" + crawl + "/events", READERS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/plan", READERS, null),
                new Endpoint("POST", "/api/v1/sites/" + site + "/plan", EDITORS, Map.of("crawlers", 2)),
                new Endpoint("PUT", "/api/v1/sites/" + site + "/plan", EDITORS, Map.of("crawlers", List.of(Map.of("paths", List.of())))),
                new Endpoint("POST", "/api/v1/sites/" + site + "/plan/preview", EDITORS, Map.of("crawlers", List.of(Map.of("paths", List.of())))),
                new Endpoint("GET", "/api/v1/crawls/" + crawl + "/hosts", READERS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/plan/predictions", READERS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/plan/topic", READERS, null),
                new Endpoint("PUT", "/api/v1/sites/" + site + "/plan/topic", EDITORS, Map.of("keywords", Map.of("crawler", 1.0))),
                new Endpoint("DELETE", "/api/v1/sites/" + site + "/plan/topic", EDITORS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/plan/refresh", READERS, null),
                new Endpoint("PUT", "/api/v1/sites/" + site + "/plan/refresh", EDITORS, Map.of("policy", "poisson")),
                new Endpoint("DELETE", "/api/v1/sites/" + site + "/plan/refresh", EDITORS, null),
                new Endpoint("GET", "/api/v1/sites/" + site + "/freshness", READERS, null),
                new Endpoint("POST", "/api/v1/sites/" + site + "/recrawls", RECRAWLERS, Map.of("urls", List.of("http://elsewhere.test/"))),
                new Endpoint("GET", "/api/v1/recrawls/nosuchrecrawl", READERS, null),
                new Endpoint("POST", "/api/v1/signals", SEARCH, Map.of("signals", List.of(Map.of("url", "http://elsewhere.test/",
                        "query", "q", "rank", 1, "impressions", 1, "clicks", 0)))),
                new Endpoint("GET", "/api/v1/users", ADMINS, null),
                new Endpoint("POST", "/api/v1/users", ADMINS, Map.of("username", "x", "password", "short", "role", "search")),
                new Endpoint("GET", "/api/v1/users/" + other, ADMINS, null),
                new Endpoint("PUT", "/api/v1/users/nosuchuser", ADMINS, Map.of("role", "search")),
                new Endpoint("DELETE", "/api/v1/users/nosuchuser", ADMINS, null),
                new Endpoint("GET", "/api/v1/users/" + other + "/tokens", ADMINS, null),
                new Endpoint("POST", "/api/v1/users/" + other + "/tokens", ADMINS, Map.of("name", "")),
                new Endpoint("DELETE", "/api/v1/users/" + other + "/tokens/nosuchtoken", ADMINS, null),
                new Endpoint("GET", "/api/v1/me", READERS, null),
                new Endpoint("PUT", "/api/v1/me/password", READERS, Map.of("newPassword", "short")),
                new Endpoint("GET", "/q/metrics", READERS, null),
                new Endpoint("GET", "/q/openapi", READERS, null));
    }

    @Test
    void everyEndpointTimesEveryRole() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Endpoint e : endpoints()) {
            for (String who : List.of("admin", "editor", "search", "none", "revoked")) {
                RequestSpecification r = given().contentType(ContentType.JSON);
                if (logins.containsKey(who)) {
                    r.header("Authorization", "Bearer " + logins.get(who).token());
                } else if (who.equals("revoked")) {
                    r.header("Authorization", "Bearer " + revoked);
                }
                if (e.body() != null) {
                    r.body(e.body());
                }
                Response res = r.request(e.method(), e.path());
                int status = res.statusCode();
                String verdict;
                if (!logins.containsKey(who)) {
                    verdict = status == 401 ? null : "expected 401";
                } else if (e.allowed().contains(who)) {
                    verdict = status == 401 || status == 403 || status >= 500 ? "expected to be allowed" : null;
                } else {
                    verdict = status == 403 ? null : "expected 403";
                }
                if (status == 401 || status == 403) {
                    String error = res.jsonPath().getString("error");
                    if (!(status == 401 ? "unauthorized" : "forbidden").equals(error)) {
                        verdict = "no JSON error body";
                    } else if (status == 403 && !res.jsonPath().getString("message").startsWith("the " + who + " role may not")) {
                        verdict = "a refusal that does not name the caller's role: " + res.jsonPath().getString("message");
                    }
                }
                if (verdict != null) {
                    wrong.add(e.method() + " " + e.path() + " as " + who + ": " + status + " (" + verdict + ")");
                }
                checked++;
            }
        }
        System.out.printf("role matrix: %d endpoint × role checks, %d wrong%n", checked, wrong.size());
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void healthIsOpen() {
        given().get("/q/health").then().statusCode(200);
    }

    @Test
    void onlyAnAdminLetsASiteReachPrivateNetworks() {
        Map<String, Object> body = Map.of("name", "intranet", "seeds", List.of("http://10.1.2.3/"),
                "scope", Map.of("allowPrivateNetworks", true));
        logins.get("editor").as().body(body).post("/api/v1/sites").then().statusCode(403);
        String id = logins.get("admin").as().body(body).post("/api/v1/sites").then().statusCode(201)
                .extract().path("id");
        Api.as().get("/api/v1/sites/" + id).then().body("scope.allowPrivateNetworks", org.hamcrest.Matchers.equalTo(true));
        // an editor may keep it on (editing other fields) or switch it off, not switch it on elsewhere
        logins.get("editor").as().body(Map.of("name", "intranet 2", "seeds", List.of("http://10.1.2.3/"))).put("/api/v1/sites/" + id)
                .then().statusCode(200).body("scope.allowPrivateNetworks", org.hamcrest.Matchers.equalTo(true));
        // but not point the approved site at another internal host
        logins.get("editor").as().body(Map.of("name", "intranet", "seeds", List.of("http://10.0.0.7:8500/"))).put("/api/v1/sites/" + id)
                .then().statusCode(403).body("error", org.hamcrest.Matchers.equalTo("forbidden"));
        logins.get("editor").as().body(Map.of("name", "intranet", "seeds", List.of("http://10.1.2.3/"), "scope",
                Map.of("hosts", List.of("10.1.2.3", "10.0.0.7:8500")))).put("/api/v1/sites/" + id).then().statusCode(403);
        Api.as().get("/api/v1/sites/" + id).then().body("seeds[0]", org.hamcrest.Matchers.equalTo("http://10.1.2.3/"));
        // switching it off with the change is anyone's
        logins.get("editor").as().body(Map.of("name", "intranet", "seeds", List.of("http://10.0.0.7:8500/"), "scope",
                Map.of("allowPrivateNetworks", false))).put("/api/v1/sites/" + id).then().statusCode(200)
                .body("scope.allowPrivateNetworks", org.hamcrest.Matchers.equalTo(false));
    }

    @Test
    void onlyAnAdminLetsEachNodeBeItsOwnPoliteClient() {
        Map<String, Object> node = Map.of("delayMs", 100, "scope", "node");
        Map<String, Object> body = Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"), "politeness", node);
        logins.get("editor").as().body(body).post("/api/v1/sites").then().statusCode(403).body("error", org.hamcrest.Matchers.equalTo("forbidden"));
        String id = logins.get("admin").as().body(body).post("/api/v1/sites").then().statusCode(201).body("politeness.scope",
                org.hamcrest.Matchers.equalTo("node")).extract().path("id");
        // an editor may keep it (saying so, or not saying) or set it back to site; a bad value is a 400 that changes nothing
        logins.get("editor").as().body(body).put("/api/v1/sites/" + id).then().statusCode(200);
        logins.get("editor").as().body(Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"))).put("/api/v1/sites/" + id)
                .then().statusCode(200).body("politeness.scope", org.hamcrest.Matchers.equalTo("node"));
        // the consent was for these hosts at this politeness: an editor's other hosts, shorter delay or more fetches at a time
        // put the site back to scope site; an admin's do not
        for (Map<String, Object> beyond : List.<Map<String, Object>>of(
                Map.of("name", "consenting", "seeds", List.of("http://elsewhere.example/"), "politeness", node),
                Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"), "politeness", Map.of("delayMs", 0, "scope", "node")),
                Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"), "politeness",
                        Map.of("delayMs", 100, "maxConcurrentPerHost", 1000, "scope", "node")))) {
            logins.get("editor").as().body(beyond).put("/api/v1/sites/" + id).then().statusCode(200)
                    .body("politeness.scope", org.hamcrest.Matchers.equalTo("site"));
            logins.get("admin").as().body(body).put("/api/v1/sites/" + id).then().statusCode(200)
                    .body("politeness.scope", org.hamcrest.Matchers.equalTo("node"));
            logins.get("admin").as().body(beyond).put("/api/v1/sites/" + id).then().statusCode(200)
                    .body("politeness.scope", org.hamcrest.Matchers.equalTo("node"));
            logins.get("admin").as().body(body).put("/api/v1/sites/" + id).then().statusCode(200);
        }
        logins.get("editor").as().body(Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"), "politeness",
                Map.of("delayMs", 500, "maxConcurrentPerHost", 1, "scope", "node"))).put("/api/v1/sites/" + id).then().statusCode(200)
                .body("politeness.scope", org.hamcrest.Matchers.equalTo("node"));
        logins.get("admin").as().body(body).put("/api/v1/sites/" + id).then().statusCode(200);
        logins.get("editor").as().body(Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"), "politeness",
                Map.of("scope", "everyone"))).put("/api/v1/sites/" + id).then().statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.equalTo("politeness.scope"));
        logins.get("editor").as().body(Map.of("name", "consenting", "seeds", List.of("http://consenting.example/"), "politeness",
                Map.of("scope", "site"))).put("/api/v1/sites/" + id).then().statusCode(200).body("politeness.scope", org.hamcrest.Matchers.equalTo("site"));
        logins.get("editor").as().body(body).put("/api/v1/sites/" + id).then().statusCode(403);
        Api.as().get("/api/v1/sites/" + id).then().body("politeness.scope", org.hamcrest.Matchers.equalTo("site"));
        // a crawl's nodes: one per lane, well-formed
        logins.get("editor").as().body(Map.of("nodes", List.of("a", "b"))).post("/api/v1/sites/" + id + "/crawls").then().statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.equalTo("nodes"));
        logins.get("editor").as().body(Map.of("nodes", List.of("no spaces"))).post("/api/v1/sites/" + id + "/crawls").then().statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.equalTo("nodes[0]"));
        Api.as().delete("/api/v1/sites/" + id).then().statusCode(204);
    }

    @Test
    void tokensAreShownOnceAndStoredAsHashes() {
        Accounts.Login u = Accounts.create("tokens", "search");
        List<Map<String, Object>> listed = u.as().get("/api/v1/users/" + u.userId() + "/tokens").then().statusCode(200)
                .extract().jsonPath().getList("$");
        assertEquals(1, listed.size());
        assertEquals(null, listed.get(0).get("token"), "a listed token never shows its secret");
        assertTrue(u.token().startsWith("trw_") && u.token().length() >= 36, "192 random bits: " + u.token().length());
        u.as().get("/api/v1/me").then().statusCode(200).body("role", org.hamcrest.Matchers.equalTo("search"));
        // someone else's tokens: 403 for a non-admin
        u.as().get("/api/v1/users/" + logins.get("editor").userId() + "/tokens").then().statusCode(403);
        Object lastUsed = u.as().get("/api/v1/users/" + u.userId() + "/tokens").then().extract().path("[0].lastUsedAt");
        assertTrue(lastUsed != null, "last-used time recorded");
    }
}
