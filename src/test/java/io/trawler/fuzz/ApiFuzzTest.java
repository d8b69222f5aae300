package io.trawler.fuzz;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.trawler.redis.Await;
import io.trawler.testsupport.Accounts;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.RedisKeys;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * At least 2,000 malformed, oversized and wrong-typed requests across every endpoint and role (a fixed seed, so a
 * failure can be replayed): no answer is a 5xx, every 4xx has the JSON error body, and a digest of the database
 * and of Redis is the same after every 4xx as before it.
 */
@QuarkusTest
class ApiFuzzTest {

    static final int REQUESTS = 2100;
    /** Tables digested row by row; the large ones by their row count and highest id (rows are only ever added there). */
    private static final String[] TABLES = {"site", "crawl", "site_plan", "site_topic", "refresh_plan", "recrawl", "app_user", "api_token"};
    private static final String[] LARGE_TABLES = {"page", "page_version", "page_quarantine"};

    @Inject
    AgroalDataSource dataSource;
    @Inject
    Redis redis;

    private final Random rnd = new Random(20261123L);
    private Boolean debugDigest;
    private List<String> ownPatterns = List.of();

    @Test
    void malformedRequestsChangeNothingAndNeverFail() throws Exception {
        Map<String, Accounts.Login> who = Map.of("admin", Accounts.create("fuzz-admin", "admin"), "editor",
                Accounts.create("fuzz-editor", "editor"), "search", Accounts.create("fuzz-search", "search"));
        Accounts.Login gone = Accounts.create("fuzz-revoked", "search");
        String tokenId = Api.as().get("/api/v1/users/" + gone.userId() + "/tokens").then().extract().path("[0].id");
        Api.as().delete("/api/v1/users/" + gone.userId() + "/tokens/" + tokenId).then().statusCode(204);
        String site = Api.createSite(Map.of("name", "fuzz", "seeds", List.of("http://127.0.0.1:1/")));
        String crawl = Api.startCrawl(site);
        Api.awaitEnd(crawl, 60_000);
        ownPatterns = List.of("t:{c:" + crawl + "}:*", "t:{r:" + site + "}:*");
        quiesce();
        // login-throttle keys of other tests expire on their own (15 minutes after they were made): not this test's changes
        RedisKeys.deleteMatching(redis, "t:login:*");

        List<String[]> endpoints = endpoints(site, crawl, who.get("editor").userId());
        List<String> failures = new ArrayList<>();
        String before = digest();
        int fourXx = 0;
        for (int i = 0; i < REQUESTS; i++) {
            String[] e = endpoints.get(rnd.nextInt(endpoints.size()));
            String method = rnd.nextInt(10) == 0 ? pick("GET", "POST", "PUT", "DELETE", "PATCH") : e[0];
            String path = rnd.nextInt(8) == 0 ? mangle(e[1]) : e[1];
            String auth = pick("admin", "admin", "admin", "editor", "search", "none", "revoked", "garbage");
            RequestSpecification r = given().config(RestAssuredConfig.config().encoderConfig(
                    EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false)));
            switch (auth) {
                case "none" -> { }
                case "revoked" -> r.header("Authorization", "Bearer " + gone.token());
                case "garbage" -> r.header("Authorization", pick("Bearer ", "Bearer " + "x".repeat(5000), "Basic Zm9vOmJhcg==", "Bearer \u00e9"));
                default -> r.header("Authorization", "Bearer " + who.get(auth).token());
            }
            r.urlEncodingEnabled(false);
            String query = query();
            if (!method.equals("GET") && !method.equals("DELETE") || rnd.nextInt(4) == 0) {
                r.contentType(rnd.nextInt(12) == 0 ? pick("text/plain", "application/xml", "application/json; charset=latin1") : "application/json");
                r.body(body().getBytes(StandardCharsets.UTF_8));
            }
            Response res;
            try {
                res = r.request(method, path + query);
            } catch (Exception ex) {
                failures.add(i + " " + method + " " + path + query + ": no answer (" + ex + ")");
                continue;
            }
            int status = res.statusCode();
            String where = i + " " + method + " " + cut(path + query) + " as " + auth;
            if (status >= 500) {
                failures.add(where + ": " + status + " " + cut(res.asString()));
                continue;
            }
            if (status >= 400) {
                fourXx++;
                String error = null;
                try {
                    error = res.jsonPath().getString("error");
                } catch (RuntimeException notJson) {
                    // reported below
                }
                if (error == null || !res.contentType().startsWith("application/json")) {
                    failures.add(where + ": " + status + " without the JSON error body: " + cut(res.asString()));
                }
                String after = digest();
                if (!after.equals(before)) {
                    failures.add(where + ": " + status + " changed the database or Redis");
                    before = after;
                }
            } else if (!method.equals("GET")) {
                // an accepted change (a fuzzed body can be valid): let it settle and take it as the new baseline
                quiesce();
                before = digest();
            }
        }
        System.out.printf("fuzz: %d requests, %d answered 4xx, %d failures%n", REQUESTS, fourXx, failures.size());
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures.subList(0, Math.min(40, failures.size()))));
    }

    private List<String[]> endpoints(String site, String crawl, String user) {
        String s = "/api/v1/sites/" + site;
        String c = "/api/v1/crawls/" + crawl;
        return List.of(new String[] {"GET", "/api/v1/sites"}, new String[] {"POST", "/api/v1/sites"}, new String[] {"GET", s},
                new String[] {"PUT", s}, new String[] {"DELETE", "/api/v1/sites/nosuchsite"}, new String[] {"GET", s + "/crawls"},
                new String[] {"POST", s + "/crawls"}, new String[] {"GET", c}, new String[] {"POST", c + "/pause"},
                new String[] {"POST", c + "/resume"}, new String[] {"POST", c + "/stop"}, new String[] {"GET", c + "/pages"},
                new String[] {"GET", c + "/quarantine"}, new String[] {"GET", s + "/plan"}, new String[] {"POST", s + "/plan"},
                new String[] {"PUT", s + "/plan"}, new String[] {"POST", s + "/plan/preview"}, new String[] {"GET", c + "/hosts"},
                new String[] {"GET", s + "/plan/predictions"}, new String[] {"GET", s + "/plan/topic"},
                new String[] {"PUT", s + "/plan/topic"}, new String[] {"DELETE", "/api/v1/sites/nosuchsite/plan/topic"},
                new String[] {"GET", s + "/plan/refresh"}, new String[] {"PUT", s + "/plan/refresh"},
                new String[] {"DELETE", "/api/v1/sites/nosuchsite/plan/refresh"}, new String[] {"GET", s + "/freshness"},
                new String[] {"POST", s + "/recrawls"}, new String[] {"GET", "/api/v1/recrawls/nosuchrecrawl"},
                new String[] {"POST", "/api/v1/signals"}, new String[] {"GET", "/api/v1/users"}, new String[] {"POST", "/api/v1/users"},
                new String[] {"GET", "/api/v1/users/" + user}, new String[] {"PUT", "/api/v1/users/" + user},
                new String[] {"DELETE", "/api/v1/users/nosuchuser"}, new String[] {"GET", "/api/v1/users/" + user + "/tokens"},
                new String[] {"POST", "/api/v1/users/" + user + "/tokens"},
                new String[] {"DELETE", "/api/v1/users/" + user + "/tokens/nosuchtoken"}, new String[] {"GET", "/api/v1/me"},
                new String[] {"GET", "/q/metrics"}, new String[] {"GET", "/q/openapi"}, new String[] {"GET", "/no/such/path"});
    }

    private String mangle(String path) {
        return switch (rnd.nextInt(6)) {
            case 0 -> path + "/../../x";
            case 1 -> path.replaceAll("[a-z0-9]{16}", "%00%ff");
            case 2 -> path + "/" + "z".repeat(300);
            case 3 -> path.replaceAll("[a-z0-9]{16}", "");
            case 4 -> path + "%2F..%2F";
            default -> path.toUpperCase();
        };
    }

    private String query() {
        if (rnd.nextInt(3) != 0) {
            return "";
        }
        String name = pick("limit", "after", "from", "to", "mode", "keyPathShare", "seedsPerPath", "x");
        String value = pick("abc", "-1", "0", "99999999999999999999", "1e3", "NaN", "", "%ff", "1,2", "garbage", "11", "coordinated",
                "2147483648", "-9223372036854775809");
        return "?" + name + "=" + value;
    }

    private String body() {
        String big = "x".repeat(70_000);
        String nested = "[".repeat(3000) + "]".repeat(3000);
        return pick("", "null", "[]", "{}", "{", "}", "\"text\"", "42", "true", "{not json", "{\"name\":}", "{\"name\": tru}",
                "{\"name\":\"x\",\"name\":null,\"seeds\":[\"http://a.test/\"]}",
                "{\"name\":\"x\",\"seeds\":\"http://a.test/\"}",
                "{\"name\":\"x\",\"seeds\":[null]}",
                "{\"name\":\"x\",\"seeds\":[\"http://" + big + "\"]}",
                "{\"name\":\"" + big + "\",\"seeds\":[\"http://a.test/\"]}",
                "{\"name\":\"x\",\"seeds\":[\"http://a.test/\"],\"politeness\":{\"delayMs\":\"slow\"}}",
                "{\"name\":\"x\",\"seeds\":[\"http://a.test/\"],\"politeness\":{\"delayMs\":1e400}}",
                "{\"name\":\"x\",\"seeds\":[\"http://a.test/\"],\"limits\":{\"maxPages\":-5}}",
                "{\"name\":\"x\",\"seeds\":[\"http://a.test/\"],\"scope\":{\"exclude\":[\"(.*a){12}$\"],\"hosts\":[\"a.test:99999\"]}}",
                "{\"name\":\"x\",\"seeds\":[\"http://a.test/\"],\"scope\":{\"include\":[\"(?<=x)\"]}}",
                "{\"name\":\"x\",\"seeds\":[\"http://169.254.169.254/\"],\"scope\":{\"allowPrivateNetworks\":\"yes\"}}",
                "{\"unknown\":1}", nested, "{\"keywords\":{\"a\":null}}", "{\"keywords\":{\"\":1}}", "{\"keywords\":[1,2]}",
                "{\"examples\":[null],\"threshold\":5}", "{\"policy\":\"nope\"}", "{\"policy\":\"poisson\",\"targetProbability\":7}",
                "{\"policy\":null,\"minIntervalMs\":-1}", "{\"crawlers\":[{\"paths\":[null]}]}", "{\"crawlers\":[{\"index\":5,\"paths\":[]}]}",
                "{\"crawlers\":1000}", "{\"crawlers\":\"two\"}", "{\"crawlers\":[]}", "{\"seedsPerPath\":-1}",
                "{\"urls\":[\"http://" + big + "\"]}", "{\"urls\":[null],\"priority\":99}", "{\"pathPrefix\":5}", "{\"all\":\"yes\"}",
                "{\"urls\":[],\"all\":true,\"pathPrefix\":\"/\"}", "{\"signals\":null}", "{\"signals\":[{\"url\":null}]}",
                "{\"signals\":[{\"url\":\"http://a.test/\",\"rank\":0}]}", "{\"signals\":[" + "{\"url\":\"http://a.test/\"},".repeat(20) + "{}]}",
                "{\"username\":\"" + big + "\",\"password\":\"p\",\"role\":\"root\"}", "{\"username\":\"a b\",\"password\":null,\"role\":5}",
                "{\"role\":\"superuser\"}", "{\"password\":\"short\"}", "{\"name\":" + "1".repeat(500) + "}", "{\"partitions\":-3}",
                "{\"partitions\":\"x\",\"strategy\":\"nope\",\"mode\":7}", "{\"strategy\":\"focused-t\"}", "{\"budget\":-1}",
                "\u0000\u0001", "{\"name\":\"\\ud800\"}", "{\"name\":\"a\\u0000b\",\"seeds\":[\"http://a.test/\"]}",
                "{\"username\":\"x\\u0000\",\"password\":\"a long enough password\",\"role\":\"search\"}", "\"\\u0000\"", "{\"name\":\"x\"}garbage");
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[rnd.nextInt(options.length)];
    }

    private static String cut(String s) {
        return s.length() <= 160 ? s : s.substring(0, 160) + "…";
    }

    /** Stops every active crawl and waits until every crawl's records are in and its state is freed. */
    private void quiesce() throws Exception {
        for (Map<String, Object> s : Api.as().get("/api/v1/sites").then().statusCode(200).extract().jsonPath().<Map<String, Object>>getList("$")) {
            for (Map<String, Object> c : Api.as().get("/api/v1/sites/" + s.get("id") + "/crawls").then().extract().jsonPath()
                    .<Map<String, Object>>getList("$")) {
                if ("RUNNING".equals(c.get("state")) || "PAUSED".equals(c.get("state"))) {
                    Api.as().post("/api/v1/crawls/" + c.get("id") + "/stop");
                }
            }
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            try (Connection c = dataSource.getConnection(); Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM crawl WHERE drained = FALSE")) {
                rs.next();
                if (rs.getLong(1) == 0) {
                    Thread.sleep(600);   // the monitor's and feeder's last ticks
                    return;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("crawls did not drain within 60 s");
    }

    /**
     * SHA-256 over the database (every row of the small tables, token last-used times aside; count and highest id of
     * the large ones) and Redis: its whole dataset when DEBUG DIGEST is allowed (Redis 6), else the number of keys,
     * the set of active crawls and every key of the fuzzed site and crawl with its value.
     */
    private String digest() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            for (String t : TABLES) {
                try (ResultSet rs = st.executeQuery("SELECT * FROM " + t + " ORDER BY 1")) {
                    ResultSetMetaData m = rs.getMetaData();
                    while (rs.next()) {
                        for (int i = 1; i <= m.getColumnCount(); i++) {
                            if (!m.getColumnName(i).equalsIgnoreCase("last_used_at")) {
                                md.update(String.valueOf(rs.getObject(i)).getBytes(StandardCharsets.UTF_8));
                                md.update((byte) 0);
                            }
                        }
                    }
                }
            }
        }
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            for (String t : LARGE_TABLES) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*), MAX(id) FROM " + t)) {
                    rs.next();
                    md.update((t + rs.getLong(1) + ":" + rs.getLong(2)).getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        if (debugDigest == null || debugDigest) {
            try {
                md.update(Await.result(redis.send(Request.cmd(Command.DEBUG).arg("DIGEST"))).toBytes());
                debugDigest = true;
                return HexFormat.of().formatHex(md.digest());
            } catch (RuntimeException notAllowed) {
                debugDigest = false;
            }
        }
        md.update(Await.result(redis.send(Request.cmd(Command.DBSIZE))).toString().getBytes(StandardCharsets.UTF_8));
        TreeSet<String> keys = new TreeSet<>(List.of("t:crawls"));
        for (String pattern : ownPatterns) {
            String cursor = "0";
            do {
                var r = Await.result(redis.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg(pattern).arg("COUNT").arg(1000)));
                cursor = r.get(0).toString();
                r.get(1).forEach(k -> keys.add(k.toString()));
            } while (!cursor.equals("0"));
        }
        for (String k : keys) {
            md.update(k.getBytes(StandardCharsets.UTF_8));
            var v = Await.result(redis.send(Request.cmd(Command.DUMP).arg(k)));
            if (v != null) {
                md.update(v.toBytes());
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
