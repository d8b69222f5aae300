package io.trawler.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.FetchConfig;
import io.trawler.fetch.HttpFetcher;
import io.trawler.fetch.RobotsCache;
import io.trawler.frontier.CompletionResult;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.Lease;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.PageRecordSource;
import io.trawler.frontier.Politeness;
import io.trawler.frontier.memory.InMemoryFrontier;
import io.trawler.redis.Await;
import io.trawler.refresh.PageHistory;
import io.trawler.store.LocalWarcArchive;
import io.trawler.store.WarcRecordReader;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.ConfigMappings;
import io.trawler.testsupport.Warcs;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcResponse;

/**
 * One leased URL through the page processor, start to finish, without Quarkus or Redis: the in-memory frontier, the
 * real fetcher against the project's test web server, robots.txt, the WARC store in a temporary directory. Every
 * outcome ends in a completion the frontier can be asked about.
 */
class PageProcessorTest {

    @TempDir
    Path warcDir;

    private Vertx vertx;
    private TestWebServer server;
    private HttpFetcher fetcher;
    private CrawlWarcFiles warc;
    private ExecutorService cpu;
    private InMemoryFrontier frontier;
    private PageProcessor processor;
    private final Map<String, PageHistory> histories = new ConcurrentHashMap<>();
    private final List<Map<String, String>> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
    private String base;

    @BeforeEach
    void start() throws Exception {
        server = TestWebServer.startWithBase((req, b) -> {
            requests.add(Map.of("path", req.path(), "if-none-match", String.valueOf(req.getHeader("If-None-Match"))));
            var res = req.response();
            switch (req.path()) {
                case "/robots.txt" -> res.putHeader("Content-Type", "text/plain").end("User-agent: *\nDisallow: /private/\n");
                case "/" -> res.putHeader("Content-Type", "text/html").end("<html><head><title>Home</title></head><body><main>"
                        + "<p>Welcome to the test site, with enough words to count as its main text.</p>"
                        + "<a href=\"/a\">a</a> <a href=\"b\">b</a> <a href=\"/private/x\">private</a> <a href=\"/a#top\">a again</a>"
                        + "<a href=\"http://elsewhere.test/\">elsewhere</a></main></body></html>");
                case "/a" -> {
                    if ("\"v1\"".equals(req.getHeader("If-None-Match"))) {
                        res.setStatusCode(304).putHeader("ETag", "\"v1\"").end();
                    } else {
                        res.putHeader("Content-Type", "text/html").putHeader("ETag", "\"v1\"")
                                .end("<html><body><a href=\"/c\">c</a></body></html>");
                    }
                }
                case "/moved" -> res.setStatusCode(301).putHeader("Location", "/a").end();
                case "/busy" -> res.setStatusCode(503).putHeader("Retry-After", "120").end();
                case "/data.json" -> res.putHeader("Content-Type", "application/json").end("{\"a\": 1}");
                default -> res.setStatusCode(404).end("not here");
            }
        });
        base = server.base();
        vertx = Vertx.vertx();
        FetchConfig fetchConfig = ConfigMappings.of(FetchConfig.class);
        fetcher = new HttpFetcher(vertx, fetchConfig, AddressPolicy.none());
        warc = new CrawlWarcFiles(new CrawlWarcFiles.Settings(warcDir, 1_000_000_000L, Duration.ZERO, 1, "test-node", "Trawler-test",
                "Trawler tests <ops@example.test>", "Trawler-test-agent", f -> { }));
        cpu = Executors.newFixedThreadPool(2);
        frontier = new InMemoryFrontier();
        Politeness politeness = new Politeness(Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofMinutes(5), 3);
        processor = new PageProcessor(frontier, fetcher, new RobotsCache(fetcher, fetchConfig), warc, politeness, fetchConfig, cpu,
                new SitemapLoader(frontier, fetcher, cpu, 1000),
                (site, url) -> Future.succeededFuture(histories.getOrDefault(url, new PageHistory())),
                new StoredOriginals(warcDir, new WarcRecordReader(warcDir, new LocalWarcArchive(warcDir))));
    }

    @AfterEach
    void stop() throws Exception {
        fetcher.close();
        warc.close();
        cpu.shutdownNow();
        Await.result(vertx.close());
        server.close();
    }

    // ---- the crawl of one URL

    private CrawlContext crawl(String id, Map<String, Object> changes) {
        Map<String, Object> fields = TestSpecs.fields(id, base);
        fields.putAll(changes);
        CrawlContext ctx = CrawlContext.of(TestSpecs.spec(fields));
        Await.result(frontier.create(id, ctx.spec().frontierSettings(), TestSpecs.json(fields)));
        return ctx;
    }

    /** Queues the URL (tried {@code attempts} times before), leases it and processes it. */
    private CompletionResult process(CrawlContext ctx, String path, int attempts) {
        Await.result(frontier.enqueue(ctx.id(), List.of(new Discovery(0, new FrontierEntry(0, 0, attempts, base + path), Discovery.FIFO)),
                System.currentTimeMillis()));
        List<Lease> leases = Await.result(frontier.lease(ctx.id(), 0, 1, 60_000, System.currentTimeMillis()));
        assertEquals(1, leases.size(), path + " leased");
        return Await.result(processor.process(ctx, leases.get(0)));
    }

    private Map<String, PageRecord> records(String crawlId) {
        Map<String, PageRecord> out = new HashMap<>();
        for (PageRecordSource.Entry e : Await.result(frontier.read(crawlId, null, 100)).entries()) {
            PageRecord r = e.record();
            out.put(r.url().substring(base.length()), r);
        }
        return out;
    }

    private Set<String> queued(String crawlId) {
        Set<String> urls = new TreeSet<>();
        var hosts = Await.result(frontier.queuedHosts(crawlId, 1, 0, 100)).hosts();
        for (var h : hosts) {
            Await.result(frontier.host(crawlId, 1, h.host(), 100)).lanes().get(0).next()
                    .forEach(u -> urls.add(u.url().startsWith(base) ? u.url().substring(base.length()) : u.url()));
        }
        return urls;
    }

    private long requestsFor(String path) {
        return requests.stream().filter(r -> r.get("path").equals(path)).count();
    }

    // ---- outcomes

    @Test
    void anHtmlPageIsStoredRecordedAndItsLinksInScopeAdmitted() throws Exception {
        CrawlContext ctx = crawl("html", Map.of());
        CompletionResult r = process(ctx, "/", 0);
        assertFalse(r.stale());
        assertEquals(3, r.admitted(), "/a, /b and /private/x: in scope (robots.txt is asked when they are fetched)");
        assertEquals(Set.of("/a", "/b", "/private/x"), queued("html"));

        PageRecord home = records("html").get("/");
        assertEquals(200, home.status());
        assertEquals("fetched", home.outcome());
        assertEquals("text/html", home.contentType());
        assertNotNull(home.textFp());
        assertEquals(List.of(base + "/a", base + "/b", base + "/private/x"), home.links(), "the link graph keeps the links in scope");
        assertEquals(3, home.scope().inScope());
        assertEquals(1, home.scope().otherHosts());
        assertTrue(home.scope().followed());

        Path file = warcDir.resolve(home.warcFile());
        warc.close();
        assertTrue(Warcs.valid(file), "a valid WARC file");
        assertTrue(home.warcFile().endsWith("-test-node-html.warc.gz"), "the crawl's own file: " + home.warcFile());
        String info = Warcs.warcinfo(file);
        for (String field : List.of("software: Trawler-test", "format: WARC File Format 1.0", "hostname: test-node",
                "operator: Trawler tests <ops@example.test>", "isPartOf: trawler-crawl-html", "robots: obey",
                "http-header-user-agent: Trawler-test-agent", "trawler-crawl: html", "trawler-site: site-html")) {
            assertTrue(info.contains(field + "\r\n"), "warcinfo has " + field + ": " + info);
        }
        WarcResponse stored = (WarcResponse) Warcs.recordAt(file, home.warcOffset()).orElseThrow();
        assertEquals(base + "/", stored.target());
        assertEquals(home.digest(), stored.payloadDigest().orElseThrow().prefixedBase32());
        FrontierCounts c = Await.result(frontier.counts("html"));
        assertEquals(1, c.fetched());
        assertEquals(4, c.admitted());
    }

    @Test
    void aUrlRobotsTxtForbidsIsRecordedAndNeverFetched() {
        CrawlContext ctx = crawl("robots", Map.of());
        process(ctx, "/private/x", 0);
        assertEquals("robots-denied", records("robots").get("/private/x").outcome());
        assertEquals(1, Await.result(frontier.counts("robots")).robotsDenied());
        assertEquals(0, requestsFor("/private/x"));
        assertEquals(1, requestsFor("/robots.txt"));
    }

    @Test
    void aBackOffPutsTheUrlBackUntilItsRetryAfter() {
        CrawlContext ctx = crawl("busy", Map.of());
        long before = System.currentTimeMillis();
        CompletionResult r = process(ctx, "/busy", 0);
        assertFalse(r.stale());
        assertTrue(records("busy").isEmpty(), "a retry records nothing");
        assertEquals(1, Await.result(frontier.counts("busy")).queued());
        var client = Await.result(frontier.host("busy", 1, "127.0.0.1:" + server.port(), 1)).clients().get(0);
        assertTrue(client.nextFetchAt() >= before + 120_000, "Retry-After: 120 s, the host waits " + (client.nextFetchAt() - before));
        assertTrue(Await.result(frontier.lease("busy", 0, 1, 60_000, before + 60_000)).isEmpty());
        Lease again = Await.result(frontier.lease("busy", 0, 1, 60_000, client.nextFetchAt())).get(0);
        assertEquals(1, again.entry().attempts());
    }

    @Test
    void aBackOffOnTheLastAttemptIsRecordedAsItCame() {
        CrawlContext ctx = crawl("busy-last", Map.of());
        process(ctx, "/busy", 2);
        PageRecord r = records("busy-last").get("/busy");
        assertEquals(503, r.status());
        assertEquals(0, Await.result(frontier.counts("busy-last")).queued());
    }

    @Test
    void aRedirectRecordsItsTargetAndQueuesIt() {
        CrawlContext ctx = crawl("moved", Map.of());
        CompletionResult r = process(ctx, "/moved", 0);
        assertEquals(1, r.admitted());
        PageRecord moved = records("moved").get("/moved");
        assertEquals(301, moved.status());
        assertEquals(base + "/a", moved.redirect());
        assertEquals(Set.of("/a"), queued("moved"));
        Lease target = Await.result(frontier.lease("moved", 0, 1, 60_000, System.currentTimeMillis())).get(0);
        assertEquals(1, target.entry().hops(), "one redirect hop");
    }

    @Test
    void aConditionalRequestSendsTheStoredValidatorsAndA304AddsNoLinks() {
        PageHistory known = new PageHistory();
        known.add(new PageHistory.Fetch(1_000, 200, 7, 0, "\"v1\""));
        histories.put(base + "/a", known);
        CrawlContext ctx = crawl("conditional", Map.of("conditional", true));
        CompletionResult r = process(ctx, "/a", 0);
        assertEquals(0, r.admitted());
        assertEquals(304, records("conditional").get("/a").status());
        assertEquals("\"v1\"", requests.stream().filter(q -> q.get("path").equals("/a")).findFirst().orElseThrow().get("if-none-match"));

        CrawlContext plain = crawl("unconditional", Map.of());
        assertEquals(1, process(plain, "/a", 0).admitted(), "without validators the page comes whole, with its link");
    }

    /**
     * A page fetched again with the payload stored before is written as a revisit record referring to the first; its
     * links are still followed (the body was fetched and parsed); a 304 to a conditional request is a revisit too.
     */
    @Test
    void anUnchangedPageIsARevisitOfTheStoredRecordAndStillExpands() {
        CrawlContext first = crawl("first", Map.of());
        process(first, "/a", 0);
        PageRecord stored = records("first").get("/a");
        assertNull(stored.revisit());
        PageHistory known = new PageHistory();
        known.add(new PageHistory.Fetch(stored.fetchedAt(), 200, stored.textFp(), 0, stored.etag(),
                new PageHistory.Content(stored.digest(), stored.fetchedAt(), stored.recordId())));
        histories.put(base + "/a", known);

        CrawlContext second = crawl("second", Map.of());
        assertEquals(1, process(second, "/a", 0).admitted(), "the unchanged page's link to /c is followed");
        PageRecord again = records("second").get("/a");
        assertEquals("identical-payload-digest", again.revisit());
        assertEquals(stored.recordId(), again.refersTo());
        assertEquals(stored.digest(), again.digest());

        CrawlContext conditional = crawl("third", Map.of("conditional", true));
        process(conditional, "/a", 0);
        PageRecord notModified = records("third").get("/a");
        assertEquals(304, notModified.status());
        assertEquals("server-not-modified", notModified.revisit());
        assertEquals(stored.recordId(), notModified.refersTo());
    }

    /** A history whose stored content is {@code stored}'s record, at {@code file} and {@code offset}. */
    private static PageHistory storedAt(PageRecord stored, String file, long offset) {
        PageHistory known = new PageHistory();
        known.add(new PageHistory.Fetch(stored.fetchedAt(), 200, stored.textFp(), 0, stored.etag(),
                new PageHistory.Content(stored.digest(), stored.fetchedAt(), stored.recordId(), file, offset)));
        return known;
    }

    private List<String> conditionsSent(String path) {
        return requests.stream().filter(q -> q.get("path").equals(path)).map(q -> q.get("if-none-match")).toList();
    }

    /**
     * A crawl that finds the site by its links asks conditionally too: a 304 is written as a revisit and the page's links
     * are read from the content stored before, so the unchanged page still leads on.
     */
    @Test
    void aNotModifiedPageIsExpandedFromTheContentStoredBefore() {
        process(crawl("stored", Map.of()), "/a", 0);
        PageRecord stored = records("stored").get("/a");
        histories.put(base + "/a", storedAt(stored, stored.warcFile(), stored.warcOffset()));

        CrawlContext ctx = crawl("expanded", Map.of("conditional", true, "expandUnchanged", true));
        assertEquals(1, process(ctx, "/a", 0).admitted(), "/c, read from the stored page");
        PageRecord notModified = records("expanded").get("/a");
        assertEquals(304, notModified.status());
        assertEquals("server-not-modified", notModified.revisit());
        assertEquals(stored.recordId(), notModified.refersTo());
        assertEquals(List.of(base + "/c"), notModified.links(), "the link graph has the unchanged page's links");
        assertEquals(stored.textFp(), notModified.textFp());
        assertEquals(Set.of("/c"), queued("expanded"));
        assertEquals(List.of("null", "\"v1\""), conditionsSent("/a"), "one full fetch, then one conditional request");
    }

    /**
     * Where the stored content cannot be read here (its file on another node, or gone), the page is fetched in full: no
     * conditional request when the file is not here, and a second, full request when a 304 came and the record could not
     * be read after all. Either way its links are followed.
     */
    @Test
    void aPageWhoseStoredContentCannotBeReadIsFetchedInFull() throws Exception {
        process(crawl("kept", Map.of()), "/a", 0);
        PageRecord stored = records("kept").get("/a");
        histories.put(base + "/a", storedAt(stored, "elsewhere-node-kept.warc.gz", stored.warcOffset()));
        CrawlContext away = crawl("away", Map.of("conditional", true, "expandUnchanged", true));
        assertEquals(1, process(away, "/a", 0).admitted());
        assertEquals("identical-payload-digest", records("away").get("/a").revisit(), "fetched whole: the same payload");
        assertEquals(List.of("null", "null"), conditionsSent("/a"), "no conditional request for content not here");

        java.nio.file.Files.write(warcDir.resolve("broken.warc.gz"), new byte[] {1, 2, 3});
        histories.put(base + "/a", storedAt(stored, "broken.warc.gz", 0));
        CrawlContext broken = crawl("broken", Map.of("conditional", true, "expandUnchanged", true));
        assertEquals(1, process(broken, "/a", 0).admitted());
        PageRecord full = records("broken").get("/a");
        assertEquals(200, full.status());
        assertEquals(List.of("null", "null", "\"v1\"", "null"), conditionsSent("/a"), "the 304, then the page in full");
    }

    @Test
    void aBodyThatIsNotHtmlIsStoredWithoutLinks() {
        CrawlContext ctx = crawl("json", Map.of());
        assertEquals(0, process(ctx, "/data.json", 0).admitted());
        PageRecord r = records("json").get("/data.json");
        assertEquals(200, r.status());
        assertNotNull(r.warcFile());
        assertNull(r.links());
        assertNotNull(r.textFp());
    }

    @Test
    void aCrawlOfListedUrlsFollowsNoLinks() {
        CrawlContext ctx = crawl("listed", Map.of("followLinks", false));
        assertEquals(0, process(ctx, "/", 0).admitted());
        assertFalse(records("listed").get("/").scope().followed());
    }

    @Test
    void aServerThatCannotBeReachedIsRetriedThenRecorded() throws Exception {
        int closed;
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String gone = "http://127.0.0.1:" + closed;
        Map<String, Object> fields = TestSpecs.fields("gone", gone);
        fields.put("respectRobots", false);
        CrawlContext ctx = CrawlContext.of(TestSpecs.spec(fields));
        Await.result(frontier.create("gone", ctx.spec().frontierSettings(), TestSpecs.json(fields)));
        Await.result(frontier.enqueue("gone", List.of(new Discovery(0, new FrontierEntry(0, 0, 0, gone + "/"), Discovery.FIFO),
                new Discovery(0, new FrontierEntry(0, 0, 2, gone + "/last"), Discovery.FIFO)), 1));
        for (Lease l : Await.result(frontier.lease("gone", 0, 2, 60_000, 2))) {
            Await.result(processor.process(ctx, l));
        }
        FrontierCounts c = Await.result(frontier.counts("gone"));
        assertEquals(1, c.queued(), "the first try of / comes back");
        assertEquals(1, c.errors(), "/last had no tries left");
        PageRecord last = Await.result(frontier.read("gone", null, 10)).entries().get(0).record();
        assertEquals(gone + "/last", last.url());
        assertEquals("error-connect", last.outcome());
    }
}
