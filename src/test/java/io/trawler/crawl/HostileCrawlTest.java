package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.trawler.config.TrawlerConfig;
import io.trawler.embedded.RedisHosts;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.HostileSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A hostile site crawled beside an ordinary one in the same server: the hostile crawl finishes within its page
 * limit and a bounded heap, its blocked, abandoned and dropped URLs are recorded as such, nothing reaches the
 * metadata address, this machine's Redis or the host a robots.txt redirects to, and the ordinary crawl finishes
 * with every page ingested.
 */
@QuarkusTest
@TestProfile(HostileCrawlTest.Profile.class)
class HostileCrawlTest {

    /** Short leases and long fetch timeouts: a URL that never answers outlives its leases and is abandoned. */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trawler.worker.lease-duration", "3s", "trawler.fetch.total-timeout", "20s", "trawler.fetch.idle-timeout", "20s",
                    "trawler.worker.max-sitemap-urls-per-host", Integer.toString(SITEMAP_CAP));
        }
    }

    static final int MAX_PAGES = 600;
    static final int SITEMAP_CAP = 100;
    static final long HEAP_LIMIT = 100L * 1024 * 1024;

    @Inject
    RedisHosts redisHosts;
    @Inject
    TrawlerConfig config;

    @Test
    void hostileSiteIsContainedAndOrdinaryCrawlGoesOn() throws Exception {
        int redisPort = URI.create(redisHosts.url()).getPort();
        try (TestWebServer offScope = TestWebServer.start(req -> req.response().end("off scope"));
                TestWebServer robotsRedirect = TestWebServer.start(req -> {
                    if (req.path().equals("/robots.txt")) {
                        req.response().setStatusCode(301).putHeader("Location", "http://127.0.0.1:" + offScope.port() + "/robots.txt").end();
                    } else {
                        req.response().putHeader("Content-Type", "text/html").end("<html><body>hello</body></html>");
                    }
                })) {
            HostileSite hostile = new HostileSite(redisPort, robotsRedirect.base());
            GeneratedSite ordinary = new GeneratedSite(GeneratedSite.Options.of(400).withoutTraps());
            try (TestWebServer hostileServer = TestWebServer.startWithBase(hostile::serve);
                    TestWebServer ordinaryServer = TestWebServer.start(ordinary)) {
                // the redirects and the URL that never answers are seeds too, so that they are found before the calendar
                // trap and the sitemaps have used the page budget
                String hostileSite = Api.createSite(Map.of("name", "hostile", "seeds", List.of(hostileServer.base() + "/",
                        hostileServer.base() + "/to-metadata", hostileServer.base() + "/to-redis", hostileServer.base() + "/timeout"),
                        "scope", Map.of("hosts", List.of("127.0.0.1:" + hostileServer.port(), "169.254.169.254", "127.0.0.1:" + redisPort,
                                "localhost:" + redisPort, "127.0.0.1:" + robotsRedirect.port())),
                        "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 8), "limits", Map.of("maxPages", MAX_PAGES, "maxDepth", 50)));
                String ordinarySite = Api.createSite("ordinary", ordinaryServer.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 8),
                        Map.of("maxPages", 100000, "maxDepth", 20));

                long baseline = heapAfterGc();
                AtomicLong peak = new AtomicLong(baseline);
                AtomicBoolean sampling = new AtomicBoolean(true);
                Thread sampler = new Thread(() -> {
                    while (sampling.get()) {
                        peak.accumulateAndGet(heapAfterGc(), Math::max);
                        try {
                            Thread.sleep(1000);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                sampler.start();
                String hostileCrawl = Api.startCrawl(hostileSite);
                String ordinaryCrawl = Api.startCrawl(ordinarySite);
                JsonPath o = Api.awaitEnd(ordinaryCrawl, 180_000);
                JsonPath h = Api.awaitEnd(hostileCrawl, 180_000);
                sampling.set(false);
                sampler.join();
                long growth = peak.get() - baseline;
                System.out.printf("hostile crawl: %d fetched, %d errors; ordinary crawl: %d fetched; heap after GC: baseline %.1f MB,"
                        + " peak %.1f MB, growth %.1f MB%n", h.getLong("counts.fetched"), h.getLong("counts.errors"),
                        o.getLong("counts.fetched"), baseline / 1e6, peak.get() / 1e6, growth / 1e6);

                assertEquals("FINISHED", o.getString("state"));
                assertEquals("FINISHED", h.getString("state"));
                List<Map<String, Object>> ordinaryPages = awaitPages(ordinaryCrawl, o.getLong("counts.fetched"));
                assertEquals(o.getLong("counts.fetched"), ordinaryPages.stream().filter(p -> "fetched".equals(p.get("outcome"))).count(),
                        "every page of the ordinary crawl ingested");

                List<Map<String, Object>> pages = Api.pages(hostileCrawl);
                Map<String, String> outcomes = pages.stream().collect(Collectors.toMap(p -> (String) p.get("url"), p -> (String) p.get("outcome"),
                        (a, b) -> a + "," + b));
                assertEquals("blocked", outcomes.get("http://169.254.169.254/latest/meta-data/"), "link to the metadata address");
                assertEquals("blocked", outcomes.get("http://169.254.169.254/latest/meta-data/iam/"), "redirect to the metadata address");
                assertEquals("blocked", outcomes.get("http://127.0.0.1:" + redisPort + "/"), "link to this machine's Redis");
                assertEquals("blocked", outcomes.get("http://127.0.0.1:" + redisPort + "/redirected"), "redirect to this machine's Redis");
                assertEquals("blocked", outcomes.get("http://localhost:" + redisPort + "/x"), "Redis by another name");
                assertEquals("abandoned", outcomes.get(hostileServer.base() + "/timeout"), "a URL that hangs its workers");
                assertEquals("fetched", outcomes.get(robotsRedirect.base() + "/hello"), "robots.txt redirected off scope: none");
                assertEquals(0, offScope.log().counts().size(), "nothing fetched off scope: " + offScope.log().counts());
                assertTrue(h.getLong("counts.fetched") + h.getLong("counts.errors") <= MAX_PAGES, "within the page limit");
                assertTrue(outcomes.keySet().stream().noneMatch(u -> u.length() > 2048), "no URL past 2,048 characters");
                assertTrue(h.getLong("counts.linksDropped") > 0, "the too-long links are counted in the API");

                Path graph = config.dataDir().resolve("graphs").resolve(hostileCrawl).resolve("nodes.txt");
                long nodes;
                try (var lines = Files.lines(graph)) {
                    nodes = lines.count();
                }
                System.out.printf("hostile crawl: %d page records, %d graph nodes (page limit %d), sitemap URLs requested %d%n", pages.size(),
                        nodes, MAX_PAGES, hostileServer.log().counts().keySet().stream().filter(u -> u.startsWith("/sm/")).count());
                // links to new URLs stop at the page limit; a fetched page always has its node (seeds, redirect targets,
                // sitemap URLs nothing links to), so the bound is the page limit plus the pages the crawl recorded
                long recorded = h.getLong("counts.fetched") + h.getLong("counts.errors");
                assertTrue(nodes <= MAX_PAGES + recorded, "graph nodes bounded by the page limit plus recorded pages: " + nodes);
                long sitemapUrls = pages.stream().filter(p -> ((String) p.get("url")).contains("/sm/")).count();
                assertTrue(sitemapUrls <= SITEMAP_CAP, "sitemap URLs capped per host: " + sitemapUrls);
                assertTrue(growth < HEAP_LIMIT, "heap growth " + growth / 1e6 + " MB");
            }
        }
    }

    /** Page records of a crawl once its monitor stored them all. */
    private static List<Map<String, Object>> awaitPages(String crawlId, long atLeast) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        List<Map<String, Object>> pages = Api.pages(crawlId);
        while (pages.size() < atLeast && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            pages = Api.pages(crawlId);
        }
        return pages;
    }

    static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
