package io.trawler.bench;

import com.google.gson.JsonObject;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.Chromium;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The live crawl page left open on a running crawl (10 minutes by default, {@code -Dsoak.minutes=N}): every minute
 * the browser's JS heap after a forced garbage collection, the page's DOM node count, and the server's open TCP
 * connections on its HTTP port (from /proc/net/tcp). Flat figures mean no leak in the page's script (bounded
 * history and tail) and one event stream plus short polls on the server.
 *
 * <p>{@code ./mvnw test -Pbenchmark -Dtest=LiveCrawlPageSoak}
 */
@QuarkusTest
@Tag("benchmark")
class LiveCrawlPageSoak {

    static final String PASSWORD = "a long test passphrase";

    @TestHTTPResource("/")
    URL base;

    @Test
    void livePageStaysFlat() throws Exception {
        int minutes = Integer.getInteger("soak.minutes", 10);
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(200_000).withoutTraps());
        try (TestWebServer server = TestWebServer.start(site); Chromium chromium = Chromium.launch()) {
            // about 10 pages a second: the crawl outlives the soak
            String siteId = Api.createSite("soak", server.base() + "/", Map.of("delayMs", 100, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 200_000, "maxDepth", 100));
            String crawlId = Api.startCrawl(siteId);
            String name = "soak-" + System.nanoTime();
            Api.as().body(Map.of("username", name, "password", PASSWORD, "role", "editor")).post("/api/v1/users").then().statusCode(201);
            BrowserContext ctx = chromium.browser().newContext(new com.microsoft.playwright.Browser.NewContextOptions().setBaseURL(base.toString()));
            Page page = ctx.newPage();
            page.navigate("/login?next=/ui/crawls/" + crawlId);
            page.locator("#username").fill(name);
            page.locator("#password").fill(PASSWORD);
            page.locator("button[type=submit]:has-text('Log in')").click();
            page.waitForURL("**/ui/crawls/" + crawlId);
            CDPSession cdp = ctx.newCDPSession(page);
            int port = base.getPort();
            System.out.printf("%6s %10s %14s %10s %12s %10s%n", "minute", "fetched", "JS heap (KB)", "DOM nodes", "connections", "tail rows");
            for (int m = 0; m <= minutes; m++) {
                if (m > 0) {
                    Thread.sleep(60_000);
                }
                cdp.send("HeapProfiler.collectGarbage");
                JsonObject heap = cdp.send("Runtime.getHeapUsage");
                long used = heap.get("usedSize").getAsLong();
                Number nodes = (Number) page.evaluate("() => document.getElementsByTagName('*').length");
                Number rows = (Number) page.evaluate("() => document.querySelectorAll('#tail tbody tr').length");
                String fetched = page.locator("[data-count='fetched']").textContent();
                System.out.printf("%6d %10s %14d %10d %12d %10d%n", m, fetched, used / 1024, nodes.intValue(), established(port), rows.intValue());
            }
            ctx.close();
            Api.as().contentType(ContentType.JSON).post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
        }
    }

    /** Established TCP connections whose local port is the server's (IPv4 and IPv6). */
    static long established(int port) throws Exception {
        String hex = String.format(":%04X", port);
        long n = 0;
        for (String f : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            Path p = Path.of(f);
            if (!Files.exists(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p)) {
                String[] cols = line.trim().split("\\s+");
                if (cols.length > 3 && cols[1].endsWith(hex) && cols[3].equals("01")) {
                    n++;
                }
            }
        }
        return n;
    }
}
