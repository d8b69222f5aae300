package io.trawler.export;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.RawHttp;
import io.trawler.testsupport.Zips;
import io.trawler.ui.UiAccessTest;
import java.io.ByteArrayInputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;

/**
 * A crawl exported as CSV, JSON Lines and WACZ: every record once, in the order of the pages listing; the WACZ holds
 * this crawl's records only (its WARC files are shared with another crawl's), byte for byte, indexed at the right
 * offsets, with a manifest whose hashes are the files'. The page view links outlinks to their records and frames the
 * stored body in a sandbox.
 */
@QuarkusTest
class ExportApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aCrawlExportsAsCsvJsonLinesAndWacz() throws Exception {
        try (TestWebServer first = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(30).withoutTraps()));
                TestWebServer second = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(40).withoutTraps()))) {
            String other = Api.startCrawl(Api.createSite("export-other", first.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 10)));
            Api.awaitEnd(other, 60_000);
            String crawlId = Api.startCrawl(Api.createSite("export", second.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 10)));
            Api.awaitEnd(crawlId, 60_000);
            List<Map<String, Object>> pages = Api.pages(crawlId);
            assertTrue(pages.size() >= 40, "pages: " + pages.size());

            // CSV: a header, then one row a record, in record order
            String csv = Api.as().get("/api/v1/crawls/" + crawlId + "/export/pages.csv").then().statusCode(200)
                    .contentType(containsString("text/csv")).header("Content-Disposition", containsString("attachment"))
                    .extract().asString();
            List<String> rows = Arrays.asList(csv.split("\r\n"));
            assertEquals(String.join(",", PageTable.COLUMNS), rows.get(0));
            assertEquals(pages.size(), rows.size() - 1);
            for (int i = 0; i < pages.size(); i++) {
                String[] cells = rows.get(i + 1).split(",");
                assertEquals(String.valueOf(pages.get(i).get("id")), cells[0]);
                assertEquals(pages.get(i).get("url"), cells[1]);
            }

            // JSON Lines: the pages listing's objects
            String jsonl = Api.as().get("/api/v1/crawls/" + crawlId + "/export/pages.jsonl").then().statusCode(200).extract().asString();
            String[] lines = jsonl.split("\n");
            assertEquals(pages.size(), lines.length);
            for (int i = 0; i < lines.length; i++) {
                JsonNode o = JSON.readTree(lines[i]);
                assertEquals(pages.get(i).get("url"), o.get("url").asText());
                assertEquals(((Number) pages.get(i).get("status")).intValue(), o.get("status").asInt());
            }

            // WACZ
            Response r = Api.as().get("/api/v1/crawls/" + crawlId + "/export/crawl.wacz");
            r.then().statusCode(200).contentType("application/wacz").header("Trawler-Records-Missing", "0");
            Map<String, byte[]> files = Zips.unzip(r.asByteArray());
            assertEquals(Set.of("archive/data.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl", "datapackage.json",
                    "datapackage-digest.json"), files.keySet());
            JsonNode pkg = JSON.readTree(files.get("datapackage.json"));
            assertEquals("1.1.1", pkg.get("wacz_version").asText());
            assertEquals(3, pkg.get("resources").size());
            for (JsonNode res : pkg.get("resources")) {
                byte[] content = files.get(res.get("path").asText());
                assertEquals("sha256:" + sha256(content), res.get("hash").asText(), res.get("path").asText());
                assertEquals(content.length, res.get("bytes").asLong());
            }
            assertEquals("sha256:" + sha256(files.get("datapackage.json")),
                    JSON.readTree(files.get("datapackage-digest.json")).get("hash").asText());

            long stored = pages.stream().filter(p -> p.get("warc") != null).count();
            assertEquals(String.valueOf(stored), r.header("Trawler-Records"));
            byte[] warc = files.get("archive/data.warc.gz");
            // the package's WARC: this crawl's responses, each followed by its request, nothing of the other crawl
            int responses = 0;
            try (WarcReader reader = new WarcReader(Channels.newChannel(new ByteArrayInputStream(warc)))) {
                WarcResponse last = null;
                boolean opening = true;
                for (WarcRecord rec : reader) {
                    if (opening) {
                        opening = false;
                        assertTrue(rec instanceof org.netpreserve.jwarc.Warcinfo, "the package's WARC begins with a warcinfo record");
                        String info = new String(rec.body().stream().readAllBytes(), StandardCharsets.UTF_8);
                        assertTrue(info.contains("trawler-crawl: " + crawlId + "\r\n"), info);
                        continue;
                    }
                    if (rec instanceof WarcResponse resp) {
                        assertTrue(resp.target().startsWith(second.base()), resp.target());
                        responses++;
                        last = resp;
                    } else {
                        assertTrue(rec instanceof WarcRequest req && last != null && req.concurrentTo().contains(last.id()), "a request after its response");
                        last = null;
                    }
                }
            }
            assertEquals(stored, responses);
            // every index line points at its response record
            String[] cdxj = new String(files.get("indexes/index.cdxj"), StandardCharsets.UTF_8).split("\n");
            assertEquals(stored, cdxj.length);
            Set<String> indexed = new HashSet<>();
            String previous = "";
            for (String line : cdxj) {
                assertTrue(line.compareTo(previous) >= 0, "sorted");
                previous = line;
                JsonNode f = JSON.readTree(line.substring(line.indexOf('{')));
                int offset = Integer.parseInt(f.get("offset").asText());
                int length = Integer.parseInt(f.get("length").asText());
                try (WarcReader one = new WarcReader(Channels.newChannel(new ByteArrayInputStream(warc, offset, length)))) {
                    WarcRecord rec = one.next().orElseThrow();
                    assertTrue(rec instanceof WarcResponse resp && resp.target().equals(f.get("url").asText()), line);
                }
                assertEquals("data.warc.gz", f.get("filename").asText());
                indexed.add(f.get("url").asText());
            }
            String[] pageLines = new String(files.get("pages/pages.jsonl"), StandardCharsets.UTF_8).split("\n");
            assertEquals("json-pages-1.0", JSON.readTree(pageLines[0]).get("format").asText());
            assertTrue(pageLines.length > 30, "2xx HTML pages listed");

            Api.as().get("/api/v1/crawls/nosuchcrawl/export/pages.csv").then().statusCode(404).body("error", equalTo("not_found"));

            // the page view: outlinks lead to their own records; the stored body is framed in a sandbox
            String cookie = UiAccessTest.login(UiAccessTest.user("search")).cookie();
            Map<String, Object> seed = pages.get(0);
            String html = given().cookie("trawler_session", cookie).get("/ui/pages/" + seed.get("id")).then().statusCode(200).extract().asString();
            assertTrue(html.contains("<iframe class=\"stored-page\" sandbox=\"\""), "sandboxed frame");
            assertTrue(html.contains("Request headers"), "request headers shown");
            assertTrue(html.matches("(?s).*<li class=\"url\"><a href=\"/ui/pages/\\d+\">.*"), "outlinks linked to their records");
            given().cookie("trawler_session", cookie).get("/ui/pages/" + seed.get("id") + "/body").then().statusCode(200)
                    .contentType(containsString("text/html")).header("Content-Security-Policy", containsString("sandbox"))
                    .header("Content-Security-Policy", containsString("default-src 'none'"))
                    .header("Content-Security-Policy", containsString("frame-ancestors 'self'"))
                    .header("X-Frame-Options", "SAMEORIGIN");
            given().cookie("trawler_session", cookie).get("/ui/pages/" + seed.get("id")).then()
                    .header("Content-Security-Policy", containsString("frame-ancestors 'none'"));
            storedBodyOnlyEverInItsSandbox(cookie, seed.get("id").toString());
        }
    }

    /**
     * Every other spelling of a stored body's path (issue 35: 12 of 16 once served the crawled HTML with the UI's policy,
     * no sandbox, so that its meta refresh moved the app's own window): each answers without the body, or with the body
     * and its sandbox, never the body under the UI's policy.
     */
    private void storedBodyOnlyEverInItsSandbox(String cookie, String id) throws Exception {
        String canonical = "/ui/pages/" + id + "/body";
        List<String> variants = List.of(canonical, "/ui/pages/+" + id + "/body", canonical + "/", "/" + canonical, "/ui/pages/" + id + "/%62ody",
                "/ui/pages/" + id + ";x=1/body", "/ui/pages/" + id + "/./body", "/ui//pages/" + id + "/body", "/ui/pages/0" + id + "/body",
                "/ui/pages/" + id + "/body;x", "/ui/pages/" + id + "/body?x=1", "/ui/pages/%2B" + id + "/body", "/ui/pages/" + id + "/body/.",
                "/ui/./pages/" + id + "/body", "/ui/pages/x/../" + id + "/body", "/ui/pages/" + id + "%2Fbody");
        String storedBody = given().cookie("trawler_session", cookie).get(canonical).then().statusCode(200).extract().asString();
        String marker = storedBody.substring(0, Math.min(200, storedBody.length()));
        for (String path : variants) {
            RawHttp.Answer a = RawHttp.exchange(io.restassured.RestAssured.port,
                    "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nCookie: trawler_session=" + cookie + "\r\nConnection: close");
            String head = a.head().toLowerCase(java.util.Locale.ROOT);
            boolean servesBody = a.status() == 200 && a.body().contains(marker);
            if (servesBody) {
                assertTrue(head.contains("content-security-policy: sandbox;"), path + " serves the stored body without its sandbox:\n" + a.head());
                assertTrue(!head.contains("script-src 'self'"), path + " carries the UI's policy too:\n" + a.head());
            }
            if (path.equals(canonical) || path.equals(canonical + "?x=1")) {
                assertTrue(servesBody, path + " is the body's own path: " + a.status());
            }
        }
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }
}
