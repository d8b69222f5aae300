package io.trawler.ui;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.HostStats;
import io.trawler.crawl.PageIngestor;
import io.trawler.crawl.StatusClasses;
import io.trawler.frontier.FrontierKeys;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.PageRows;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A crawl's records by status class: counted by the ingester in the transaction that stores them, so a replay of
 * the page stream (a crash between the commit and the trim) counts nothing twice and stores no record twice; the
 * crawl page shows the whole crawl's counts, with the largest record id they include (its script adds later ones).
 */
@QuarkusTest
class CrawlStatusClassesTest {

    @Inject
    AgroalDataSource db;

    @Inject
    Redis redis;

    @Inject
    PageIngestor ingestor;

    @Test
    void classesOfStatuses() {
        int[][] table = { { 200, 0 }, { 204, 0 }, { 299, 0 }, { 301, 1 }, { 304, 1 }, { 404, 2 }, { 451, 2 }, { 500, 3 }, { 599, 3 },
                { 0, 4 }, { 100, 4 }, { 199, 4 }, { 600, 4 }, { -1, 4 } };
        for (int[] row : table) {
            assertEquals(row[1], StatusClasses.classOf(row[0]), "class of " + row[0]);
        }
    }

    @Test
    void ingesterCountsOnceAndTheCrawlPageShowsTheWholeCrawl() throws Exception {
        String siteId = Api.createSite("status-classes", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", 1000));
        String crawlId = "statuscls" + Long.toString(System.nanoTime() % 1_000_000, 36);
        PageRows.finishedCrawl(db, siteId, crawlId, 0);
        String stream = FrontierKeys.pages(crawlId);

        add(stream, 1, 120);
        ingestor.drain(crawlId);
        assertEquals(120, records(crawlId));
        assertEquals(expected(1, 120), counts(crawlId));

        // a replay: the stream holds again what was stored (its trim never happened) and 30 new records
        send(Request.cmd(Command.DEL).arg(stream));
        add(stream, 1, 150);
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("UPDATE crawl SET ingested_until = NULL WHERE id = ?")) {
            ps.setString(1, crawlId);
            ps.executeUpdate();
        }
        ingestor.forget(crawlId);
        ingestor.drain(crawlId);
        ingestor.forget(crawlId);
        assertEquals(150, records(crawlId), "no record stored twice");
        assertEquals(expected(1, 150), counts(crawlId), "no record counted twice");
        assertEquals(expectedHosts(1, 150), hostCounts(crawlId), "no record counted twice by host");
        try (Connection c = db.getConnection()) {
            var listing = HostStats.read(c, crawlId, HostStats.Order.PAGES, 10);
            assertEquals(2, listing.total());
            assertEquals("127.0.0.1:9", listing.hosts().get(0).host(), "most pages first");
        }

        // the counts are not the entity's: a Hibernate update of the crawl (as the monitor and stop make) keeps them
        QuarkusTransaction.requiringNew().run(() -> {
            Crawl c = Crawl.findById(crawlId);
            c.errors = 7;
            c.ingestedUntil = null;
        });
        assertEquals(expected(1, 150), counts(crawlId), "an entity update leaves the counts alone");

        String cookie = UiAccessTest.login(UiAccessTest.user("search")).cookie();
        String html = given().cookie("trawler_session", cookie).get("/ui/crawls/" + crawlId).then().statusCode(200).extract().asString();
        Map<String, Long> shown = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<tr data-class=\"([^\"]+)\" data-n=\"(\\d+)\">").matcher(html);
        while (m.find()) {
            shown.put(m.group(1), Long.parseLong(m.group(2)));
        }
        assertEquals(expected(1, 150), shown);
        Matcher to = Pattern.compile("data-counted-to=\"(\\d+)\"").matcher(html);
        assertEquals(true, to.find());
        assertEquals(maxId(crawlId), Long.parseLong(to.group(1)), "the counts say which records they include");
    }

    /** Every third record from a second host (with a port). */
    static String host(int i) {
        return i % 3 == 0 ? "http://127.0.0.2:8080" : "http://127.0.0.1:9";
    }

    /** Per host: pages, 2xx, 3xx, 4xx, 5xx, none, bytes, fetch ms, timed records. */
    static Map<String, List<Long>> expectedHosts(int from, int to) {
        Map<String, long[]> m = new java.util.TreeMap<>();
        for (int i = from; i <= to; i++) {
            int s = status(i);
            long[] n = m.computeIfAbsent(host(i).substring(7), h -> new long[9]);
            n[0]++;
            n[1 + StatusClasses.classOf(s)]++;
            if (s != 0) {
                n[6] += 100 * i;
                n[7] += i % 40;
                n[8]++;
            }
        }
        Map<String, List<Long>> out = new java.util.TreeMap<>();
        m.forEach((h, n) -> out.put(h, java.util.Arrays.stream(n).boxed().toList()));
        return out;
    }

    private Map<String, List<Long>> hostCounts(String crawlId) throws Exception {
        Map<String, List<Long>> out = new java.util.TreeMap<>();
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT host, pages, pages_2xx, pages_3xx,"
                + " pages_4xx, pages_5xx, pages_other, bytes, fetch_ms, timed FROM crawl_host WHERE crawl_id = ?")) {
            ps.setString(1, crawlId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<Long> n = new java.util.ArrayList<>();
                    for (int k = 2; k <= 10; k++) {
                        n.add(rs.getLong(k));
                    }
                    out.put(rs.getString(1), n);
                }
            }
        }
        return out;
    }

    /** Every 50th a 404, every 7th a 301, every 11th no answer, every 13th a 503, the rest 200. */
    static int status(int i) {
        return i % 50 == 0 ? 404 : i % 7 == 0 ? 301 : i % 11 == 0 ? 0 : i % 13 == 0 ? 503 : 200;
    }

    static Map<String, Long> expected(int from, int to) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String k : new String[] { "2xx", "3xx", "4xx", "5xx", "none" }) {
            m.put(k, 0L);
        }
        for (int i = from; i <= to; i++) {
            int s = status(i);
            m.merge(s == 0 ? "none" : (s / 100) + "xx", 1L, Long::sum);
        }
        return m;
    }

    private void add(String stream, int from, int to) throws Exception {
        for (int i = from; i <= to; i++) {
            int s = status(i);
            send(Request.cmd(Command.XADD).arg(stream).arg("1-" + i).arg("url").arg(host(i) + "/p" + i).arg("status").arg(s)
                    .arg("outcome").arg(s == 0 ? "error" : "fetched").arg("fetchedAt").arg(System.currentTimeMillis())
                    .arg("bytes").arg(s == 0 ? "" : Integer.toString(100 * i)).arg("fetchMs").arg(s == 0 ? "" : Integer.toString(i % 40)));
        }
    }

    private Map<String, Long> counts(String crawlId) throws Exception {
        try (Connection c = db.getConnection()) {
            StatusClasses s = StatusClasses.read(c, crawlId);
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("2xx", s.c2xx());
            m.put("3xx", s.c3xx());
            m.put("4xx", s.c4xx());
            m.put("5xx", s.c5xx());
            m.put("none", s.other());
            return m;
        }
    }

    private long records(String crawlId) throws Exception {
        return query("SELECT COUNT(*) FROM page WHERE crawl_id = ?", crawlId);
    }

    private long maxId(String crawlId) throws Exception {
        return query("SELECT MAX(id) FROM page WHERE crawl_id = ?", crawlId);
    }

    private long query(String sql, String crawlId) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, crawlId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void send(Request r) throws Exception {
        redis.send(r).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
}
