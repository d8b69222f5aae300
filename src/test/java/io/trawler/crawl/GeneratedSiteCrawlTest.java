package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import io.trawler.testsupport.Warcs;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * End to end, nothing mocked: the whole server (API, frontier in a real Redis, worker, WARC, page
 * ingestion) crawls the project's generated 5,000-page site with every trap on.
 */
@QuarkusTest
class GeneratedSiteCrawlTest {

    static final int MAX_DEPTH = 20;

    @Test
    void crawlsEveryReachablePageExactlyOnceAndSurvivesEveryTrap() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(5000));
        try (ServedSite served = ServedSite.start(site, "generated", Map.of("delayMs", 0, "maxConcurrentPerHost", 16), Map.of("maxPages", 100000, "maxDepth", MAX_DEPTH))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            String crawlId = Api.startCrawl(siteId);
            JsonPath end = Api.awaitEnd(crawlId, 240_000);
            assertEquals("FINISHED", end.getString("state"));

            Map<String, Integer> expected = site.expectedRequests(MAX_DEPTH, 5, 3);
            Map<String, Integer> actual = server.log().counts();
            assertTrue(expected.equals(actual), () -> describeDiff(expected, actual));

            List<Map<String, Object>> pages = Api.pages(crawlId);
            Map<String, Map<String, Object>> byPath = new HashMap<>();
            for (Map<String, Object> p : pages) {
                String path = ((String) p.get("url")).substring(server.base().length());
                assertTrue(byPath.put(path, p) == null, "one record per URL: " + path);
            }
            Set<String> expectedPages = expected.keySet().stream().filter(u -> !u.equals("/robots.txt") && !u.equals("/sitemap.xml"))
                    .collect(Collectors.toSet());
            expectedPages.add("/private/secret.html");
            assertEquals(new TreeMap<>(expectedPages.stream().collect(Collectors.toMap(u -> u, u -> 1))).keySet(),
                    new TreeMap<>(byPath).keySet());
            assertEquals(pages.size() - 2, end.getLong("counts.fetched"), "fetched = all records but the denied and the failed");
            assertEquals(1, end.getLong("counts.robotsDenied"));
            assertEquals(1, end.getLong("counts.errors"));

            assertOutcome(byPath, "/private/secret.html", 0, "robots-denied");
            assertOutcome(byPath, "/silent.html", 0, "error-timeout");
            assertOutcome(byPath, "/stall.html", 200, "truncated");
            assertOutcome(byPath, "/huge.html", 200, "truncated");
            assertOutcome(byPath, "/drip.html", 200, "truncated");
            assertOutcome(byPath, "/error500.html", 500, "fetched");
            assertOutcome(byPath, "/missing.html", 404, "fetched");
            assertOutcome(byPath, "/busy.html", 200, "fetched");
            List<Long> busy = server.log().times("/busy.html");
            assertTrue(busy.get(1) - busy.get(0) >= 1000, "Retry-After: 1 honoured, waited " + (busy.get(1) - busy.get(0)) + " ms");
            assertOutcome(byPath, "/slow.html", 200, "fetched");
            assertOutcome(byPath, "/loop/a", 302, "fetched");
            assertEquals("application/pdf", byPath.get("/doc.pdf").get("contentType"));
            assertTrue(expected.containsKey("/charset/%E4%B8%AD%E6%96%87.html"), "link decoded from GBK and followed");
            assertTrue(expected.containsKey("/gzip-target.html"));

            Path warcDir = Path.of("target/test-data/warc");
            for (Path f : Warcs.files(warcDir)) {
                assertTrue(Warcs.valid(f), "jwarc validates " + f);
            }
            for (String path : List.of("/", "/huge.html", "/doc.pdf", "/gzip.html", "/charset/wrong.html", site.path(4999))) {
                Map<String, Object> p = byPath.get(path);
                @SuppressWarnings("unchecked")
                Map<String, Object> warc = (Map<String, Object>) p.get("warc");
                WarcRecord r = Warcs.recordAt(warcDir.resolve((String) warc.get("file")), ((Number) warc.get("offset")).longValue())
                        .orElseThrow();
                assertTrue(r instanceof WarcResponse, path);
                assertEquals(p.get("url"), ((WarcResponse) r).target());
                assertEquals(p.get("digest"), ((WarcResponse) r).payloadDigest().orElseThrow().prefixedBase32());
            }
        }
    }

    private static void assertOutcome(Map<String, Map<String, Object>> byPath, String path, int status, String outcome) {
        Map<String, Object> p = byPath.get(path);
        assertEquals(status, ((Number) p.get("status")).intValue(), path);
        assertEquals(outcome, p.get("outcome"), path);
    }

    static String describeDiff(Map<String, Integer> expected, Map<String, Integer> actual) {
        StringBuilder s = new StringBuilder("requests differ from the model:\n");
        Set<String> all = new java.util.TreeSet<>(expected.keySet());
        all.addAll(actual.keySet());
        int shown = 0;
        for (String k : all) {
            if (!java.util.Objects.equals(expected.get(k), actual.get(k)) && shown++ < 40) {
                s.append("  ").append(k).append(": expected ").append(expected.get(k)).append(", got ").append(actual.get(k)).append('\n');
            }
        }
        return s.toString();
    }
}
