package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import io.trawler.redis.Await;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.TestRedis;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The fetcher and the robots.txt cache against the project's test web server, one behaviour at a time. */
class HttpFetcherTest {

    static Vertx vertx;
    static TestWebServer server;
    static HttpFetcher fetcher;
    static int robotsHits;

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        server = TestWebServer.start(HttpFetcherTest::handle);
        fetcher = new HttpFetcher(vertx, new TestFetchConfig(10_000));
    }

    @AfterAll
    static void stop() throws Exception {
        fetcher.close();
        server.close();
        vertx.close();
    }

    static void handle(HttpServerRequest req) {
        switch (req.path()) {
            case "/ok" -> req.response().putHeader("Content-Type", "text/html").end("<html>ok</html>");
            case "/gzip" -> req.response().putHeader("Content-Type", "text/html").putHeader("Content-Encoding", "gzip")
                    .end(Buffer.buffer(gzip("<html>" + "compressed ".repeat(200) + "</html>")));
            case "/big" -> req.response().putHeader("Content-Type", "text/html").end("x".repeat(50_000));
            case "/silent" -> { }
            case "/stall" -> req.response().setChunked(true).write("<html>partial");
            case "/redirect" -> req.response().setStatusCode(301).putHeader("Location", "/ok").end();
            case "/a/robots.txt", "/robots.txt" -> {
                robotsHits++;
                req.response().end("User-agent: *\nDisallow: /private/\nCrawl-delay: 2\nSitemap: http://x.test/sitemap.xml\n");
            }
            default -> req.response().setStatusCode(404).end();
        }
    }

    private static FetchResult get(String path) throws Exception {
        return await(fetcher.fetch(server.base() + path));
    }

    @Test
    void plainPage() throws Exception {
        FetchResult r = get("/ok");
        assertTrue(r.ok());
        assertEquals(200, r.status());
        assertEquals("<html>ok</html>", new String(r.body()));
        assertNull(r.truncated());
    }

    @Test
    void gzipIsDecoded() throws Exception {
        FetchResult r = get("/gzip");
        assertTrue(new String(r.body()).startsWith("<html>compressed"), new String(r.body(), 0, 20));
        assertEquals(6 + 11 * 200 + 7, r.body().length);
    }

    @Test
    void bodyCapTruncates() throws Exception {
        FetchResult r = get("/big");
        assertTrue(r.ok());
        assertEquals("length", r.truncated());
        assertEquals(10_000, r.body().length);
    }

    @Test
    void silentServerTimesOutAndStalledBodyIsCut() throws Exception {
        FetchResult silent = get("/silent");
        assertFalse(silent.ok());
        assertEquals(FetchError.TIMEOUT, silent.error());
        FetchResult stall = get("/stall");
        assertTrue(stall.ok());
        assertEquals("time", stall.truncated());
        assertEquals("<html>partial", new String(stall.body()));
    }

    @Test
    void hostNamesAreResolvedAndAnUnknownOneIsAConnectError() throws Exception {
        FetchResult byName = await(fetcher.fetch("http://localhost:" + server.port() + "/ok"));
        assertEquals(200, byName.status(), "localhost resolved (the hosts file)");
        FetchResult unknown = await(fetcher.fetch("http://no-such-host.invalid/"));
        assertEquals(FetchError.CONNECT, unknown.error());
        assertTrue(unknown.errorMessage().startsWith("cannot resolve no-such-host.invalid"), unknown.errorMessage());
    }

    @Test
    void redirectsAreNotFollowed() throws Exception {
        FetchResult r = get("/redirect");
        assertTrue(r.isRedirect());
        assertEquals("/ok", r.header("Location").orElseThrow());
    }

    @Test
    void privateAndOwnAddressesAreBlockedAtConnectTime() throws Exception {
        int port = Integer.parseInt(server.base().substring(server.base().lastIndexOf(':') + 1));
        TestFetchConfig strict = new TestFetchConfig(10_000) {
            @Override
            public boolean allowPrivateNetworks() {
                return false;
            }
        };
        HttpFetcher guarded = new HttpFetcher(vertx, strict,
                new AddressPolicy(List.of(new AddressPolicy.OwnService(null, port + 1, "Redis"))));
        try {
            for (String url : List.of(server.base() + "/ok", "http://localhost:" + port + "/ok", "http://2130706433:" + port + "/ok",
                    "http://0x7f000001:" + port + "/ok", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/",
                    "http://[::1]:" + port + "/ok", "http://[fd00::1]/", "http://[fe80::1]/", "http://[::ffff:127.0.0.1]:" + port + "/ok",
                    "http://[64:ff9b::a9fe:a9fe]/", "http://[2002:7f00:1::1]/")) {
                FetchResult r = await(guarded.fetch(url, 10_000, java.util.Map.of(), false));
                assertEquals(FetchError.BLOCKED, r.error(), url + ": " + r.errorMessage());
            }
            assertEquals(FetchError.NONE, await(guarded.fetch(server.base() + "/ok", 10_000, java.util.Map.of(), true)).error(),
                    "a site an admin allowed private networks");
            FetchResult own = await(guarded.fetch("http://127.0.0.1:" + (port + 1) + "/", 10_000, java.util.Map.of(), true));
            assertEquals(FetchError.BLOCKED, own.error(), "this installation's Redis, whatever the site may reach");
            FetchResult metadata = await(guarded.fetch("http://169.254.169.254/", 10_000, java.util.Map.of(), true));
            assertEquals(FetchError.BLOCKED, metadata.error(), "cloud metadata, whatever the site may reach");
        } finally {
            guarded.close();
        }
    }

    /** trawler.fetch.local-address: fetches leave from the configured addresses, one host always from the same one. */
    @Test
    void fetchesLeaveFromTheConfiguredSourceAddresses() throws Exception {
        java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try (TestWebServer s = TestWebServer.start(req -> {
            seen.add(req.remoteAddress().host());
            req.response().end("ok");
        })) {
            HttpFetcher sourced = new HttpFetcher(vertx, new TestFetchConfig(10_000) {
                @Override
                public java.util.Optional<List<String>> localAddress() {
                    return java.util.Optional.of(List.of("127.0.0.2", " 127.0.0.3"));
                }
            });
            try {
                String port = s.base().substring(s.base().lastIndexOf(':') + 1);
                for (int i = 0; i < 5; i++) {
                    assertTrue(await(sourced.fetch(s.base() + "/a" + i)).ok());
                }
                assertEquals(1, seen.size(), "one host, one source address: " + seen);
                for (String host : List.of("127.0.0.1", "localhost", "127.1", "127.0.0.1.")) {
                    await(sourced.fetch("http://" + host + ":" + port + "/b"));
                }
                assertTrue(seen.stream().allMatch(a -> a.equals("127.0.0.2") || a.equals("127.0.0.3")), "from the configured addresses: " + seen);
            } finally {
                sourced.close();
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new HttpFetcher(vertx, new TestFetchConfig(10_000) {
            @Override
            public java.util.Optional<List<String>> localAddress() {
                return java.util.Optional.of(List.of("not-an-address"));
            }
        }));
    }

    @Test
    void deadServerIsAConnectError() throws Exception {
        FetchResult r = await(fetcher.fetch("http://127.0.0.1:" + TestRedis.freePort() + "/"));
        assertEquals(FetchError.CONNECT, r.error());
    }

    @Test
    void robotsRulesAreParsedAndCachedPerHost() throws Exception {
        RobotsCache robots = new RobotsCache(fetcher, new TestFetchConfig(10_000));
        int before = robotsHits;
        BaseRobotRules rules = await(robots.rulesFor(server.base() + "/x"));
        await(robots.rulesFor(server.base() + "/y"));
        assertEquals(1, robotsHits - before, "fetched once");
        assertFalse(rules.isAllowed(server.base() + "/private/a"));
        assertTrue(rules.isAllowed(server.base() + "/public"));
        assertEquals(2000, rules.getCrawlDelay());
        assertEquals(1, rules.getSitemaps().size());
    }

    @Test
    void robotsStatusSemantics() throws Exception {
        // RFC 9309 as crawler-commons implements it: 4xx allows everything, 5xx and unreachable defer the host
        for (Map.Entry<Integer, Boolean> c : Map.of(404, true, 403, true, 500, false, 503, false).entrySet()) {
            try (TestWebServer status = TestWebServer.start(req -> req.response().setStatusCode(c.getKey()).end())) {
                BaseRobotRules rules = await(new RobotsCache(fetcher, new TestFetchConfig(10_000)).rulesFor(status.base() + "/page"));
                assertEquals(c.getValue(), rules.isAllowed(status.base() + "/page"), "robots.txt status " + c.getKey());
                assertEquals(!c.getValue(), rules.isDeferVisits(), "deferred on " + c.getKey());
            }
        }
        BaseRobotRules unreachable = await(new RobotsCache(fetcher, new TestFetchConfig(10_000))
                .rulesFor("http://127.0.0.1:" + TestRedis.freePort() + "/page"));
        assertTrue(unreachable.isDeferVisits());
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }

    private static byte[] gzip(String s) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                gz.write(s.getBytes());
            }
            return out.toByteArray();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bodies in flight never get more than an eighth of the heap, whatever is set. */
    @Test
    void theInFlightBudgetIsAtMostAnEighthOfTheHeap() {
        assertEquals(24L << 20, HttpFetcher.inFlightBudget(256L << 20, 192L << 20));
        assertEquals(256L << 20, HttpFetcher.inFlightBudget(256L << 20, 4L << 30));
        assertEquals(512L << 20, HttpFetcher.inFlightBudget(1L << 30, 4L << 30));
        assertEquals(1L << 20, HttpFetcher.inFlightBudget(1L << 20, 192L << 20));
        assertEquals(256L << 20, HttpFetcher.inFlightBudget(256L << 20, Long.MAX_VALUE), "no heap limit: as set");
    }

    /** A fetched body held for processing counts against the budget, so fetches pause while bodies wait for it. */
    @Test
    void aBodyHeldForProcessingStaysOnTheBudgetUntilItIsProcessed() throws Exception {
        long before = fetcher.bytesInFlight();
        FetchResult big = get("/big");
        assertEquals(before, fetcher.bytesInFlight(), "the fetch gave its bytes back when it ended");
        HttpFetcher.BodyHold hold = fetcher.hold(big.body());
        assertEquals(before + big.body().length, fetcher.bytesInFlight());
        hold.close();
        hold.close();
        assertEquals(before, fetcher.bytesInFlight(), "given back once");
    }
}
