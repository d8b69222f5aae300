package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.trawler.config.TrawlerConfig;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ReplayWebPage;
import io.trawler.testsupport.ServedSite;
import io.trawler.testsupport.Warcio;
import io.trawler.testsupport.Warcs;
import io.trawler.testsupport.Zips;
import io.trawler.ui.PageRecords;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

/**
 * Two full crawls of an unchanged site, end to end: the second writes revisit records only, each referring to the
 * first crawl's response for its URL, in at most a tenth of the first crawl's WARC bytes (pages of 40 kB, as a
 * documentation site's; a revisit pair costs about 0.9 kB whatever the page's size: a third of an 8 kB page's pair); the record view reads the
 * content byte for byte through the revisit, and the second crawl's WACZ carries the originals it refers to and opens in
 * ReplayWeb.page (Chromium), which shows a revisited page from its original. A site answering conditional requests is
 * recrawled with 304s, expanded from the stored responses.
 */
@QuarkusTest
class RevisitRecordsCrawlTest {

    @Inject
    TrawlerConfig config;

    @Inject
    PageRecords records;

    @Test
    void aSecondCrawlOfAnUnchangedSiteStoresRevisitsOnly() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(200).withoutTraps().withBodyBytes(40_000));
        try (ServedSite served = ServedSite.start(site, "revisits", Map.of("delayMs", 0, "maxConcurrentPerHost", 8),
                Map.of("maxPages", 1000, "maxDepth", 20))) {
            Path warcDir = config.dataDir().resolve("warc");
            long before = warcBytes(warcDir);
            String first = Api.startCrawl(served.siteId());
            assertEquals("FINISHED", Api.awaitEnd(first, 120_000).getString("state"));
            long firstBytes = warcBytes(warcDir) - before;
            Thread.sleep(500);   // the first crawl's histories are recorded as its records are ingested
            String second = Api.startCrawl(served.siteId());
            assertEquals("FINISHED", Api.awaitEnd(second, 120_000).getString("state"));
            long secondBytes = warcBytes(warcDir) - before - firstBytes;

            Map<String, Map<String, Object>> firstByUrl = new HashMap<>();
            for (Map<String, Object> p : Api.pages(first)) {
                firstByUrl.put((String) p.get("url"), p);
            }
            List<Map<String, Object>> again = Api.pages(second);
            int revisits = 0;
            for (Map<String, Object> p : again) {
                @SuppressWarnings("unchecked")
                Map<String, Object> warc = (Map<String, Object>) p.get("warc");
                if (warc == null || ((Number) p.get("status")).intValue() != 200) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> original = (Map<String, Object>) firstByUrl.get(p.get("url")).get("warc");
                assertNull(original.get("revisit"), "the first crawl stored responses");
                assertEquals("identical-payload-digest", warc.get("revisit"), p.get("url") + " unchanged");
                assertEquals(original.get("recordId"), warc.get("refersTo"), "refers to the first crawl's record of " + p.get("url"));
                assertEquals(firstByUrl.get(p.get("url")).get("digest"), p.get("digest"));
                revisits++;
            }
            assertTrue(revisits >= 150, "revisit records: " + revisits);
            assertTrue(secondBytes <= firstBytes / 10, "the second crawl wrote " + secondBytes + " WARC bytes, the first " + firstBytes);
            System.out.printf("revisits: first crawl %,d WARC bytes, second (unchanged) %,d (%.1f %%)%n", firstBytes, secondBytes,
                    100.0 * secondBytes / firstBytes);

            // storage per crawl and per site, from the records: the second crawl's revisits, and its small share of bytes
            var stored1 = Api.as().get("/api/v1/crawls/" + first + "/storage").then().statusCode(200).extract().jsonPath();
            var stored2 = Api.as().get("/api/v1/crawls/" + second + "/storage").then().statusCode(200).extract().jsonPath();
            assertEquals(0, stored1.getLong("revisits"));
            assertEquals(revisits, stored2.getLong("revisits"));
            assertEquals(again.size(), stored2.getLong("records"));
            assertTrue(stored2.getLong("warcBytes") > 0 && stored2.getLong("warcBytes") <= secondBytes, stored2.prettify());
            assertTrue(stored1.getLong("warcBytes") > 0 && stored1.getLong("warcBytes") <= firstBytes, stored1.prettify());
            var siteStored = Api.as().get("/api/v1/sites/" + served.siteId() + "/storage").then().statusCode(200).extract().jsonPath();
            assertEquals(2, siteStored.getList("crawls").size());
            assertEquals(stored1.getLong("warcBytes") + stored2.getLong("warcBytes"), siteStored.getLong("total.warcBytes"));

            // the record view reads the content through the revisit, byte for byte the first crawl's
            Map<String, Object> sample = again.stream().filter(p -> p.get("url").equals(served.base() + "/")).findFirst().orElseThrow();
            long revisitId = ((Number) sample.get("id")).longValue();
            long originalId = ((Number) firstByUrl.get(served.base() + "/").get("id")).longValue();
            Page revisitPage = QuarkusTransaction.requiringNew().call(() -> Page.<Page>findById(revisitId));
            Page originalPage = QuarkusTransaction.requiringNew().call(() -> Page.<Page>findById(originalId));
            assertArrayEquals(records.body(originalPage).orElseThrow().bytes(), records.body(revisitPage).orElseThrow().bytes());
            PageRecords.Detail detail = records.detail(revisitPage);
            assertNull(detail.problem(), detail.problem());
            assertNotNull(detail.source());
            assertEquals(originalId, detail.source().id);
            assertTrue(!detail.outlinks().isEmpty(), "the outlinks parsed from the original's payload");

            // the second crawl's WACZ holds its revisits and the responses they refer to, every WARC record valid
            Response r = Api.as().get("/api/v1/crawls/" + second + "/export/crawl.wacz");
            r.then().statusCode(200).header("Trawler-Records-Missing", "0");
            byte[] warc = Zips.unzip(r.asByteArray()).get("archive/data.warc.gz");
            Set<String> revisitTargets = new HashSet<>();
            Set<String> responseIds = new HashSet<>();
            try (WarcReader reader = new WarcReader(Channels.newChannel(new ByteArrayInputStream(warc)))) {
                for (WarcRecord rec : reader) {
                    if (rec instanceof WarcRevisit v) {
                        revisitTargets.add(v.refersTo().orElseThrow().toString());
                    } else if (rec instanceof WarcResponse resp) {
                        responseIds.add(resp.id().toString());
                    }
                }
            }
            assertEquals(revisits, revisitTargets.size());
            assertTrue(responseIds.containsAll(revisitTargets), "every revisit's original is in the package");
            String cdxj = new String(Zips.unzip(r.asByteArray()).get("indexes/index.cdxj"), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(cdxj.contains("\"mime\":\"warc/revisit\""), "revisits indexed as warc/revisit");
            // ReplayWeb.page, the field's viewer, opens the package in Chromium and shows a page of the second crawl: a revisit
            // record, whose content it finds in the original the package carries
            Map<String, Object> deep = again.stream().filter(p -> ((String) p.get("url")).contains("/d0/p")).findFirst().orElseThrow();
            String deepUrl = (String) deep.get("url");
            String shown = ReplayWebPage.pageText(r.asByteArray(), deepUrl, timestamp(deep.get("fetchedAt")),
                    deepUrl.substring(served.base().length()), java.time.Duration.ofSeconds(90));
            assertTrue(shown.contains("link 0"), shown);
            List<Path> all = Warcs.files(warcDir);
            for (Path f : all) {
                assertTrue(Warcs.valid(f), "jwarc validates " + f);
            }
            // Webrecorder's warcio.js reads every file whole, and the package's WARC, with the records jwarc reads
            Path packaged = Files.createTempFile("wacz-", ".warc.gz");
            Files.write(packaged, warc);
            List<Path> read = new java.util.ArrayList<>(all);
            read.add(packaged);
            var byWarcio = Warcio.read(read);
            for (Path f : read) {
                assertEquals(Warcio.jwarcCounts(f), byWarcio.get(f.toAbsolutePath()), f.toString());
            }
            Files.delete(packaged);

            // deleting the first crawl keeps the files the second's revisits refer to: their content is still found
            byte[] content = records.body(revisitPage).orElseThrow().bytes();
            Set<String> firstFiles = files(firstByUrl.values());
            var gone = Api.as().delete("/api/v1/crawls/" + first).then().statusCode(200).extract().jsonPath();
            assertEquals(firstByUrl.size(), gone.getLong("pages"));
            assertEquals(0, gone.getInt("warcFilesDeleted"), "every file of the first crawl holds a record a revisit refers to");
            assertEquals(firstFiles, new HashSet<>(gone.getList("warcFilesKept")));
            Api.as().get("/api/v1/crawls/" + first).then().statusCode(404);
            Page after = QuarkusTransaction.requiringNew().call(() -> Page.<Page>findById(revisitId));
            assertArrayEquals(content, records.body(after).orElseThrow().bytes(), "the revisit's content, from the kept file");
            assertNull(records.detail(after).problem());

            // the second crawl goes with its own files and the first crawl's files kept for it
            Set<String> secondFiles = files(again);
            var last = Api.as().delete("/api/v1/crawls/" + second).then().statusCode(200).extract().jsonPath();
            assertEquals(secondFiles.size() + firstFiles.size(), last.getInt("warcFilesDeleted"));
            assertTrue(last.getList("warcFilesKept").isEmpty());
            for (String f : secondFiles) {
                assertTrue(!Files.exists(warcDir.resolve(f)), f + " deleted");
            }
            for (String f : firstFiles) {
                assertTrue(!Files.exists(warcDir.resolve(f)), f + " deleted");
            }
            Api.as().delete("/api/v1/crawls/" + second).then().statusCode(404);
        }
    }

    /**
     * A site whose pages send ETags (as static web servers do) is crawled again with conditional requests, though no
     * refresh plan schedules its pages: every unchanged page costs a 304, is written as a server-not-modified revisit of
     * the first crawl's record, and is expanded from that record, so the second crawl finds the same pages. With a tenth
     * of the pages changed, those are written in full and the rest stay 304s; with the site's switch off, every page is
     * fetched in full (identical-payload revisits).
     */
    @Test
    void aSiteAnsweringConditionalRequestsIsCrawledAgainWithRevisitsOf304s() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(200).withoutTraps().withBodyBytes(40_000)).withValidators();
        try (ServedSite served = ServedSite.start(site, "not-modified", Map.of("delayMs", 0, "maxConcurrentPerHost", 8),
                Map.of("maxPages", 1000, "maxDepth", 20))) {
            Path warcDir = config.dataDir().resolve("warc");
            String first = Api.startCrawl(served.siteId());
            assertEquals("FINISHED", Api.awaitEnd(first, 120_000).getString("state"));
            long firstBytes = crawlBytes(first);
            Thread.sleep(500);   // the first crawl's histories are recorded as its records are ingested
            assertEquals(0, site.notModified());

            String second = Api.startCrawl(served.siteId());
            assertEquals("FINISHED", Api.awaitEnd(second, 120_000).getString("state"));
            Map<String, Map<String, Object>> firstByUrl = byUrl(first);
            Map<String, Map<String, Object>> secondByUrl = byUrl(second);
            assertEquals(firstByUrl.keySet(), secondByUrl.keySet(), "the same pages found: unchanged pages still lead on");
            int notModified = 0;
            for (Map<String, Object> p : secondByUrl.values()) {
                if (((Number) p.get("status")).intValue() == 304) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> warc = (Map<String, Object>) p.get("warc");
                    @SuppressWarnings("unchecked")
                    Map<String, Object> original = (Map<String, Object>) firstByUrl.get(p.get("url")).get("warc");
                    assertEquals("server-not-modified", warc.get("revisit"), p.get("url") + " not modified");
                    assertEquals(original.get("recordId"), warc.get("refersTo"), "refers to the first crawl's record of " + p.get("url"));
                    notModified++;
                }
            }
            assertEquals(200, notModified, "every page asked conditionally and answered 304");
            assertEquals(notModified, site.notModified());
            long secondBytes = crawlBytes(second);
            assertTrue(secondBytes <= firstBytes / 10, "the second crawl wrote " + secondBytes + " WARC bytes, the first " + firstBytes);

            // a 304's record view reads the first crawl's content, and its outlinks from it
            Map<String, Object> home = secondByUrl.get(served.base() + "/");
            Page revisitPage = QuarkusTransaction.requiringNew().call(() -> Page.<Page>findById(((Number) home.get("id")).longValue()));
            Page originalPage = QuarkusTransaction.requiringNew().call(
                    () -> Page.<Page>findById(((Number) firstByUrl.get(served.base() + "/").get("id")).longValue()));
            assertArrayEquals(records.body(originalPage).orElseThrow().bytes(), records.body(revisitPage).orElseThrow().bytes());
            assertTrue(!records.detail(revisitPage).outlinks().isEmpty());

            // a tenth of the pages changed: they are written in full, the others stay 304s
            site.revise(10);
            String third = Api.startCrawl(served.siteId());
            assertEquals("FINISHED", Api.awaitEnd(third, 120_000).getString("state"));
            Map<String, Map<String, Object>> thirdByUrl = byUrl(third);
            assertEquals(firstByUrl.keySet(), thirdByUrl.keySet());
            long changed = thirdByUrl.values().stream().filter(p -> ((Number) p.get("status")).intValue() == 200).count();
            assertEquals(20, changed, "pages 0, 10, … 190 changed");
            for (Map<String, Object> p : thirdByUrl.values()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> warc = (Map<String, Object>) p.get("warc");
                if (((Number) p.get("status")).intValue() == 200) {
                    assertNull(warc.get("revisit"), p.get("url") + " changed: written in full");
                }
            }
            long thirdBytes = crawlBytes(third);
            assertTrue(thirdBytes <= firstBytes / 5, "with a tenth changed the crawl wrote " + thirdBytes + " WARC bytes, the first " + firstBytes);

            // the site's switch off: every page is fetched in full again (identical payloads: revisits all the same)
            var view = Api.as().get("/api/v1/sites/" + served.siteId()).then().statusCode(200).extract().jsonPath();
            Map<String, Object> body = new HashMap<>(view.getMap(""));
            body.keySet().removeAll(Set.of("id", "createdAt", "updatedAt"));   // what the API says of a site, not what an editor sends
            @SuppressWarnings("unchecked")
            Map<String, Object> politeness = new HashMap<>((Map<String, Object>) body.get("politeness"));
            assertEquals(Boolean.TRUE, politeness.get("conditionalRequests"));
            politeness.put("conditionalRequests", false);
            body.put("politeness", politeness);
            Api.as().contentType("application/json").body(body).put("/api/v1/sites/" + served.siteId()).then().statusCode(200)
                    .body("politeness.conditionalRequests", org.hamcrest.Matchers.equalTo(false));
            int before = site.notModified();
            String fourth = Api.startCrawl(served.siteId());
            assertEquals("FINISHED", Api.awaitEnd(fourth, 120_000).getString("state"));
            assertEquals(before, site.notModified(), "no conditional request sent");
            Map<String, Map<String, Object>> fourthByUrl = byUrl(fourth);
            assertEquals(firstByUrl.keySet(), fourthByUrl.keySet());
            for (Map<String, Object> p : fourthByUrl.values()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> warc = (Map<String, Object>) p.get("warc");
                assertEquals(200, ((Number) p.get("status")).intValue());
                assertEquals("identical-payload-digest", warc.get("revisit"), String.valueOf(p.get("url")));
            }
            System.out.printf("conditional recrawls: first crawl %,d WARC bytes; unchanged, all 304s: %,d (%.1f %%); a tenth changed: %,d"
                    + " (%.1f %%)%n", firstBytes, secondBytes, 100.0 * secondBytes / firstBytes, thirdBytes, 100.0 * thirdBytes / firstBytes);
            for (Path f : Warcs.files(warcDir)) {
                assertTrue(Warcs.valid(f), "jwarc validates " + f);
            }
        }
    }

    private static Map<String, Map<String, Object>> byUrl(String crawlId) {
        Map<String, Map<String, Object>> out = new HashMap<>();
        for (Map<String, Object> p : Api.pages(crawlId)) {
            out.put((String) p.get("url"), p);
        }
        return out;
    }

    /** The WARC bytes of a crawl's own files (each crawl writes its own). */
    private long crawlBytes(String crawlId) throws Exception {
        Path dir = config.dataDir().resolve("warc");
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith("-" + crawlId + ".warc.gz")).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    /** A page record's fetch time as a WARC timestamp (14 digits, UTC). */
    private static String timestamp(Object fetchedAt) {
        java.time.Instant at = fetchedAt instanceof Number n ? java.time.Instant.ofEpochMilli((long) (n.doubleValue() * 1000))
                : java.time.Instant.parse(fetchedAt.toString());
        return java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(java.time.ZoneOffset.UTC).format(at);
    }

    @SuppressWarnings("unchecked")
    private static Set<String> files(java.util.Collection<Map<String, Object>> pages) {
        Set<String> out = new HashSet<>();
        for (Map<String, Object> p : pages) {
            Map<String, Object> warc = (Map<String, Object>) p.get("warc");
            if (warc != null && warc.get("file") != null) {
                out.add((String) warc.get("file"));
            }
        }
        return out;
    }

    private static long warcBytes(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".warc.gz")).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
