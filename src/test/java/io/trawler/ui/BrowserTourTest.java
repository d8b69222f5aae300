package io.trawler.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.ColorScheme;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.revisit.RefreshStore;
import io.trawler.testsite.StaticSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.Chromium;
import io.trawler.testsupport.PageHistories;
import io.trawler.testsupport.SharedData;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The editor's tour in Debian's Chromium against the real server (embedded Redis and H2, or the real servers CI
 * points the suite at): log in, create the real blog of ../shared/data through the form (a bad seed first), crawl
 * it and watch the count rise, plan three crawlers, move a path by drag and drop and another by keyboard, see the
 * predictions change, save, start a partitioned crawl and see its live metrics beside the prediction, open a page
 * and download its WARC record; then a search user: no editing controls, a forged edit refused, a recrawl accepted;
 * an admin issues a token. Every page passes axe-core without serious or critical findings, logs no script or CSP
 * error, and fits 320 px. Screenshots go to target/ui-screenshots.
 */
@QuarkusTest
class BrowserTourTest {

    static final String PASSWORD = "a long test passphrase";

    @TestHTTPResource("/")
    URL base;

    @jakarta.inject.Inject
    io.agroal.api.AgroalDataSource db;

    @jakarta.inject.Inject
    RefreshStore refreshStore;

    private final List<String> a11y = new ArrayList<>();
    private final List<String> consoleErrors = new ArrayList<>();

    @Test
    void editorTourThenSearchUserThenAdmin() throws Exception {
        String suffix = Long.toString(System.nanoTime(), 36);
        String editor = user("editor-" + suffix, "editor");
        String search = user("search-" + suffix, "search");
        String admin = user("admin-" + suffix, "admin");
        Path root = StaticSite.extract(SharedData.path("sites/dustinpfister.tar.gz"), Path.of("target/sites/dustinpfister"));
        try (TestWebServer blog = TestWebServer.start(new StaticSite(root, "https://dustinpfister.github.io/"));
                Chromium chromium = Chromium.launch()) {
            BrowserContext ctx = chromium.browser().newContext(new com.microsoft.playwright.Browser.NewContextOptions()
                    .setAcceptDownloads(true).setViewportSize(1280, 900).setBaseURL(base.toString()));
            ctx.grantPermissions(List.of("clipboard-read", "clipboard-write"));
            Page page = ctx.newPage();
            page.setDefaultTimeout(30_000);
            page.onConsoleMessage(m -> {
                // answers the tour asks for (a 400 for the bad seed, a 403 for the forged edit, the 404 of a site
                // without a plan) show as "Failed to load resource"; script errors and CSP refusals do not
                // neither are the refusals of a stored page's own policy in the page view's sandboxed frame (its
                // scripts, styles and images blocked, as they must be): directives only that policy has
                if ("error".equals(m.type()) && !m.text().startsWith("Failed to load resource") && !storedPageRefusal(m.text())) {
                    consoleErrors.add(page.url() + ": " + m.text());
                }
            });
            page.onPageError(e -> consoleErrors.add(page.url() + ": " + e));
            try {
                tour(page, blog, editor, search, admin);
            } catch (RuntimeException | AssertionError e) {
                Chromium.screenshot(page, "failure");
                Files.writeString(Chromium.SHOTS.resolve("failure.html"), page.content());
                throw e;
            }
            ctx.close();
        }
        assertTrue(a11y.isEmpty(), "axe-core: no serious or critical violation:\n" + String.join("\n", a11y));
        assertTrue(consoleErrors.isEmpty(), "no script or CSP error in the console:\n" + String.join("\n", consoleErrors));
    }

    private void tour(Page page, TestWebServer blog, String editor, String search, String admin) throws Exception {
        {

            // --- an editor logs in ---------------------------------------------------------------------------------
            page.navigate("/ui/sites");
            assertTrue(page.url().contains("/login?next="), "a page without a session sends the browser to the login page: " + page.url());
            check(page, "login");
            login(page, editor);
            assertTrue(page.url().endsWith("/ui/sites"), "back where the editor was going: " + page.url());

            // --- creates the blog through the form: a bad seed first -------------------------------------------------
            page.getByText("New site").click();
            page.locator("#name").fill("Blog");
            page.locator("#seeds").fill("not a url");
            page.locator("[id='politeness.delayMs']").fill("0");
            page.locator("[id='politeness.maxConcurrentPerHost']").fill("16");
            page.getByText("Create site").click();
            Locator seedError = page.locator("[id='seeds-error']");
            seedError.waitFor();
            assertTrue(seedError.textContent().contains("line 1"), "the field error names the line: " + seedError.textContent());
            assertEquals("true", page.locator("#seeds").getAttribute("aria-invalid"));
            check(page, "site-form-error");
            page.locator("#seeds").fill(blog.base() + "/");
            page.getByText("Create site").click();
            page.waitForURL(java.util.regex.Pattern.compile(".*/ui/sites/[a-z2-7]{16}$"));
            String siteId = page.url().substring(page.url().lastIndexOf('/') + 1);
            check(page, "site");

            // --- the scope test box (htmx) ---------------------------------------------------------------------------
            page.locator("#scope-url").fill("http://elsewhere.example/");
            page.getByText("Is it in scope?").click();
            page.locator("#scope-answer:has-text('Not in scope')").waitFor();

            // --- crawls it and watches the count rise ----------------------------------------------------------------
            page.getByText("Start crawl").click();
            page.waitForURL("**/ui/crawls/*");
            String crawlId = page.url().substring(page.url().lastIndexOf('/') + 1);
            long first = waitForCount(page, 1);
            long later = waitForCount(page, first + 1);
            assertTrue(later > first, "the live count rises: " + first + " then " + later);
            page.waitForCondition(() -> page.locator("[data-count='progress']").textContent().matches("\\d+ %|100 %|finished"));
            check(page, "crawl-live");
            page.locator("#state:has-text('FINISHED')").waitFor(new Locator.WaitForOptions().setTimeout(240_000));
            page.locator("#tail tbody tr").first().waitFor();
            check(page, "crawl-finished");
            // after a reload the rate chart shows the crawl's whole run (rebuilt from the stored records), from its start
            page.reload();
            String summary = page.locator("#rate-summary").textContent();
            assertTrue(summary.contains("The crawl's run:") && !summary.contains("peak 0.0"), summary);
            long startedAt = java.time.Instant.parse(Api.as().get("/api/v1/crawls/" + crawlId).jsonPath().getString("startedAt")).toEpochMilli();
            assertEquals(startedAt, Long.parseLong(page.locator("#live").getAttribute("data-rate-start")), "the chart starts at the crawl's start");
            assertEquals("100 %", page.locator("[data-count='progress']").textContent());

            // a forged request with the editor's cookie but without the page's CSRF token is refused
            Object forged = page.evaluate("async id => (await fetch('/api/v1/sites/' + id, {method: 'DELETE'})).status", siteId);
            assertEquals(403, ((Number) forged).intValue(), "no CSRF token: refused");

            // --- plans three crawlers, moves paths by drag and drop and by keyboard ----------------------------------
            page.navigate("/ui/sites/" + siteId + "/partitions");
            page.locator("#plan-crawlers").fill("11");
            page.getByText("Plan from scratch").click();
            page.locator("#plan-crawlers-error:has-text('10')").waitFor();   // beside its field, once
            assertTrue(page.locator("#plan-error").isHidden(), "a field's error is not repeated in the box");
            assertEquals("true", page.locator("#plan-crawlers").getAttribute("aria-invalid"));
            page.locator("#plan-crawlers").fill("3");
            page.locator("#plan-from").selectOption(crawlId);   // the crawl the editor picks
            page.getByText("Plan from scratch").click();
            page.locator("#plan-status:has-text('from crawl " + crawlId + "')").waitFor();
            page.locator("#columns ul.paths").nth(2).waitFor();
            page.locator("#plan-status:has-text('not saved yet')").waitFor();
            Api.as().get("/api/v1/sites/" + siteId + "/plan").then().statusCode(404);   // a proposal is not saved
            // starting before a plan is saved: the reason beside the button, and the form stays usable
            page.getByText("Start partitioned crawl").click();
            page.locator("#run-error:has-text('No saved plan yet')").waitFor();
            assertTrue(page.locator("#plan-run button[type='submit']").isEnabled(), "the start form stays usable");
            page.locator("#plan-save").click();
            page.locator("#plan-status:has-text('Plan saved')").waitFor();
            Map<String, String> saved = metrics(page, 2);
            Locator dragged = page.locator("ul[data-crawler='0'] li.path").first();
            String draggedPath = dragged.getAttribute("data-path");
            dragged.locator(".path-name").dragTo(page.locator("ul[data-crawler='1']"));
            page.locator("ul[data-crawler='1'] li.path[data-path='" + draggedPath + "']").waitFor();
            Locator keyed = page.locator("ul[data-crawler='2'] li.path").first();
            String keyedPath = keyed.getAttribute("data-path");
            keyed.locator("select").focus();
            page.keyboard().press("Home");   // the first crawler, C1
            page.locator("ul[data-crawler='0'] li.path[data-path='" + keyedPath + "']").waitFor();
            page.locator("#plan-status:has-text('Edited: not saved yet')").waitFor();
            Map<String, String> edited = metrics(page, 1);
            assertNotEquals(saved, edited, "the predicted metrics change with the edit");
            check(page, "partition-editor");
            page.locator("#plan-save").click();
            page.locator("#plan-status:has-text('Plan saved')").waitFor();
            assertEquals(edited, metrics(page, 2), "the saved plan is the edited one");

            // --- starts an independent partitioned crawl, C2 on a node the editor picks, and sees live metrics ---------
            Locator nodeChoice = page.locator("#run-node-1");
            assertEquals("automatic", nodeChoice.locator("option").first().textContent());
            String liveNode = nodeChoice.locator("option").nth(1).getAttribute("value");   // this test's own worker node
            nodeChoice.selectOption(liveNode);
            page.getByText("Start partitioned crawl").click();
            Locator live = page.locator("#plan-metrics tr[data-metric='overlap'] td").nth(3);
            live.waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.VISIBLE));
            page.waitForCondition(() -> live.textContent().matches("[0-9.]+"), new Page.WaitForConditionOptions().setTimeout(60_000));
            check(page, "partition-editor-live");
            // each crawler's column names the node serving its lane; C2's is the one the editor picked
            page.locator("h3 .lane-node:has-text('on node " + liveNode + "')").first().waitFor();
            String partitioned = page.locator("a:has-text('follow crawl')").getAttribute("href");
            Api.awaitEnd(partitioned.substring(partitioned.lastIndexOf('/') + 1), 240_000);
            page.locator("#run-status:has-text('has ended')").waitFor();   // the editor no longer says it is running

            // --- opens a page and downloads its WARC record ----------------------------------------------------------
            page.navigate("/ui/crawls/" + crawlId + "/pages?status=200&type=text/html");
            check(page, "pages");
            page.locator("table td.url a").first().click();
            page.waitForURL("**/ui/pages/*");
            page.locator("#headers-h").waitFor();
            assertTrue(page.locator("#response-headers").textContent().toLowerCase().contains("content-type"), "response headers shown");
            assertTrue(page.locator("#request-headers").textContent().toLowerCase().contains("user-agent"), "request headers shown");
            check(page, "page-view");
            Download download = page.waitForDownload(() -> page.getByText("download the record").click());
            byte[] record = Files.readAllBytes(download.path());
            assertTrue(record.length > 100 && (record[0] & 0xff) == 0x1f && (record[1] & 0xff) == 0x8b, "a gzip WARC record");

            // --- operator tools: the frontier's politeness wait, a stored page that cannot run its scripts, search,
            //     exports, a schedule that starts a crawl ----------------------------------------------------------------
            operatorTools(page, crawlId);

            // --- a focused crawl started from the form with its own topic (keywords and an example page), and its
            //     harvest on the live crawl page: counts, rate, curve, best pages --------------------------------------
            String example = Api.pages(crawlId).stream().map(p -> (String) p.get("url"))
                    .filter(u -> u.contains("lodash") && u.endsWith("/") && !u.contains("/categories/") && !u.contains("/tags/"))
                    .findFirst().orElseThrow();
            page.navigate("/ui/sites/" + siteId);
            assertTrue(page.locator("#crawl-topic").isHidden(), "no topic fields for a breadth-first crawl");
            page.locator("#strategy").selectOption("focused-learn");
            page.locator("#crawl-topic").waitFor();
            page.locator("#crawl-exampleUrls").fill("ftp://not-a-page.test/");
            page.getByText("Start crawl").click();
            page.locator("#crawl-exampleUrls-error:has-text('line 1')").waitFor();   // beside its field, nothing started
            page.locator("#crawl-keywords").fill("lodash 2\nfunction 1\narray 1");
            page.locator("#crawl-exampleUrls").fill(example);
            page.locator("#budget").fill("40");
            check(page, "site-focused-form");
            page.getByText("Start crawl").click();
            page.waitForURL("**/ui/crawls/*");
            String focusedId = page.url().substring(page.url().lastIndexOf('/') + 1);
            page.locator("#focus-h").waitFor();
            page.waitForCondition(() -> Integer.parseInt(page.locator("[data-focus='relevant']").textContent().trim()) > 0,
                    new Page.WaitForConditionOptions().setTimeout(120_000));
            page.locator("#best-pages li a").first().waitFor();
            assertTrue(page.locator("[data-focus='rate']").textContent().matches("[\\d.]+ %"), page.locator("[data-focus='rate']").textContent());
            Api.awaitEnd(focusedId, 120_000);
            check(page, "crawl-focused");
            JsonPath focused = Api.crawl(focusedId);
            assertEquals("focused-learn", focused.getString("strategy"));

            // --- freshness of a young site: 300 pages visited three times a minute apart, never changed. No change seen,
            //     so no rate is made up (once ~360 a day by half a change over two minutes, then the prior's 0.4-0.85):
            //     the page says there is not enough observation yet, for how long, and the bound the visits give ----------
            String young = Api.createSite("young", "http://news.test/", Map.of("delayMs", 0), Map.of("maxPages", 1000));
            refreshStore.save(young, 100_000, PageHistories.unchanged("http://news.test/", 300, 3), Map.of());
            page.navigate("/ui/sites/" + young + "/freshness");
            Locator rates = page.locator("[data-f='rates']");
            page.waitForCondition(() -> !rates.textContent().startsWith("–"));
            assertEquals("not enough observation yet", rates.textContent());
            String priorText = page.locator("[data-f='prior']").textContent();
            assertTrue(priorText.contains("No change seen in 600 visits") && priorText.contains("2.0 minutes")
                    && priorText.contains("less than 7.19 times a day"), priorText);
            assertTrue(!page.locator("[data-f='provisional']").isVisible(), "nothing estimated, nothing provisional");
            check(page, "freshness-young");

            // --- the editor saves a refresh plan with intervals written as people write them (a site never crawled) ---
            String quiet = Api.createSite("durations", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", 10));
            page.navigate("/ui/sites/" + quiet + "/freshness");
            assertEquals("30d", page.locator("#maxIntervalMs").inputValue(), "a stored 2592000000 ms is shown as 30d");
            page.locator("#minIntervalMs").fill("90s");
            page.locator("#initialIntervalMs").fill("12h");
            page.getByText("Save refresh plan").click();
            page.waitForCondition(() -> Api.as().get("/api/v1/sites/" + quiet + "/plan/refresh").statusCode() == 200);
            JsonPath refresh = Api.as().get("/api/v1/sites/" + quiet + "/plan/refresh").jsonPath();
            assertEquals(90_000L, refresh.getLong("minIntervalMs"));
            assertEquals(43_200_000L, refresh.getLong("initialIntervalMs"));
            page.waitForCondition(() -> "1m30s".equals(page.locator("#minIntervalMs").inputValue()));
            check(page, "freshness-plan");

            // --- a search user: no editing controls, a forged edit refused, a recrawl accepted -----------------------
            page.getByText("Log out").click();
            page.waitForURL("**/login");
            login(page, search);
            page.navigate("/ui/sites/" + siteId);
            assertEquals(0, page.getByText("Edit", new Page.GetByTextOptions().setExact(true)).count(), "no Edit link for search");
            assertEquals(0, page.getByText("Start a crawl").count(), "no crawl form for search");
            assertEquals(0, page.getByText("Delete site").count(), "no delete for search");
            check(page, "site-search-user");
            Object status = page.evaluate("async id => (await fetch('/api/v1/sites/' + id, {method: 'PUT', headers: {'Content-Type':"
                    + " 'application/json', 'X-CSRF-Token': document.querySelector('meta[name=csrf-token]').content}, body:"
                    + " JSON.stringify({name: 'forged', seeds: ['http://127.0.0.1/']})})).status", siteId);
            assertEquals(403, ((Number) status).intValue(), "a forged edit by a search user is refused");
            page.navigate("/ui/sites/" + siteId + "/edit");
            assertTrue(page.locator("h1").textContent().contains("Not allowed"), "the edit form is refused too");
            page.navigate("/ui/sites/" + siteId + "/freshness");
            page.locator("#recrawl-urls").fill(blog.base() + "/\n" + blog.base() + "/2019/");
            page.getByText("Recrawl these URLs").click();
            page.locator("#recrawl-result:has-text('accepted')").waitFor();
            check(page, "freshness-recrawl");

            // --- the search user's own account: password and tokens ----------------------------------------------------
            page.locator("header a.who").click();
            page.waitForURL("**/ui/account");
            page.getByLabel("Current password").fill("not my password");
            page.getByLabel("New password").fill("a fresh passphrase for " + search);
            page.getByText("Change password", new Page.GetByTextOptions().setExact(true)).click();
            page.locator("#pw-current-error:has-text('does not match')").waitFor();
            page.getByLabel("Current password").fill(PASSWORD);
            page.getByText("Change password", new Page.GetByTextOptions().setExact(true)).click();
            page.locator("[data-password-done]:has-text('Password changed')").waitFor();
            ownTokens(page, page.locator("[data-tokens]"), "reports");
            check(page, "account");

            // --- an admin issues a user's token, shown once, and revokes it: the list follows without a reload ----------
            page.getByText("Log out").click();
            login(page, admin);
            page.navigate("/ui/users");
            Locator card = page.locator("section.card:has(h2:has-text('" + editor + "'))");
            ownTokens(page, card, "laptop");
            check(page, "users");

            // --- dashboard, dark mode, 320 px ------------------------------------------------------------------------
            page.navigate("/ui");
            check(page, "dashboard");
            page.emulateMedia(new Page.EmulateMediaOptions().setColorScheme(ColorScheme.DARK));
            page.navigate("/ui/sites/" + siteId + "/partitions");
            page.locator("#columns ul.paths").first().waitFor();
            Chromium.screenshot(page, "partition-editor-dark");
            page.setViewportSize(320, 800);
            // every page at 320 px, dark then light: nothing wider than the screen, no serious accessibility violation
            for (ColorScheme scheme : List.of(ColorScheme.DARK, ColorScheme.LIGHT)) {
                page.emulateMedia(new Page.EmulateMediaOptions().setColorScheme(scheme));
                for (String path : List.of("/ui", "/ui/sites", "/ui/sites/" + siteId, "/ui/crawls/" + crawlId, "/ui/sites/" + siteId + "/partitions",
                        "/ui/crawls/" + crawlId + "/pages", "/ui/crawls/" + crawlId + "/compare", "/ui/crawls/" + crawlId + "/search?q=lodash",
                        "/ui/sites/" + siteId + "/freshness", "/ui/account", "/ui/users")) {
                    page.navigate(path);
                    Number width = (Number) page.evaluate("() => document.documentElement.scrollWidth");
                    assertTrue(width.intValue() <= 320, path + " fits 320 px (" + scheme + "): " + width);
                    // tables of crawls and search results fit too, without scrolling sideways inside their box
                    Object sideways = page.evaluate("() => [...document.querySelectorAll('table.stack, ol.results')].map(e => e.closest('.table-wrap') || e)"
                            + ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.className)");
                    assertEquals(List.of(), sideways, path + ": boxes scrolling sideways at 320 px (" + scheme + ")");
                    for (String v : Chromium.seriousViolations(page)) {
                        a11y.add("320 px " + scheme + " " + path + ": " + v);
                    }
                }
            }
            page.emulateMedia(new Page.EmulateMediaOptions().setColorScheme(ColorScheme.DARK));
            page.navigate("/ui/sites/" + siteId);
            Chromium.screenshot(page, "site-320px", false);
        }
    }

    /** A tiny site whose pages carry a script and an image that must never run or load when the page is viewed. */
    private static final String HOSTILE = "<!DOCTYPE html><html><head><title>Hostile</title></head><body><h1>Stored heading</h1>"
            + "<script>document.body.setAttribute('data-ran', '1'); fetch('/beacon');</script><img src=\"/tracker.png\" alt=\"\">"
            + "<a href=\"/a.html\">a</a> <a href=\"/b.html\">b</a> <a href=\"/c.html\">c</a></body></html>";

    private void operatorTools(Page page, String blogCrawlId) throws Exception {
        List<String> requests = java.util.Collections.synchronizedList(new ArrayList<>());
        try (TestWebServer hostile = TestWebServer.start(req -> {
            requests.add(req.path());
            if (req.path().equals("/robots.txt")) {
                req.response().setStatusCode(404).end();
            } else {
                req.response().putHeader("Content-Type", "text/html; charset=utf-8").end(HOSTILE);
            }
        })) {
            String host = hostile.base().substring("http://".length());
            String siteId = Api.createSite("Hostile", hostile.base() + "/", Map.of("delayMs", 2500, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 10, "maxDepth", 3));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitFetched(crawlId, 1, 30_000);
            // the host page shows the politeness wait while the crawl runs
            page.navigate("/ui/crawls/" + crawlId + "/hosts/" + host);
            Locator wait = page.locator("#host-clients td:has-text('in ')");
            wait.first().waitFor();
            assertTrue(wait.first().textContent().matches("in \\d[\\d.]* (ms|s)"), wait.first().textContent());
            check(page, "host-frontier");
            // every host waiting in the frontier, reached from the crawl page: this one, its next URL, a link to its page
            page.navigate("/ui/crawls/" + crawlId);
            page.locator("#all-hosts").click();
            page.locator("#waiting-h").waitFor();
            // the host leaves the list for the moment a fetch from it is in flight (milliseconds here, 2.5 s apart)
            for (int i = 0; i < 5 && page.locator("#frontier-hosts").count() == 0; i++) {
                page.waitForTimeout(300);
                page.reload();
            }
            assertTrue(page.locator("#waiting-h").textContent().matches("1 host waits"), page.locator("#waiting-h").textContent());
            assertEquals(1, page.locator("#frontier-hosts a[href='/ui/crawls/" + crawlId + "/hosts/" + host + "']").count());
            assertTrue(page.locator("#frontier-hosts td[data-label='Next URL']").first().textContent().startsWith(hostile.base()));
            check(page, "frontier-hosts");
            // the crawl page: the busiest hosts table fills in while the crawl runs, the live region reads the figures shown
            page.navigate("/ui/crawls/" + crawlId);
            page.locator("#hosts tbody tr th a, #hosts tbody tr td a").first().waitFor();
            assertTrue(page.locator("#hosts tbody").textContent().contains(host), page.locator("#hosts tbody").textContent());
            page.waitForCondition(() -> !page.locator("#announce").textContent().isEmpty());
            String announced = page.locator("#announce").textContent();
            long shownFetched = Long.parseLong(page.locator("[data-count='fetched']").textContent().replaceAll("[^0-9]", ""));
            java.util.regex.Matcher said = java.util.regex.Pattern.compile("([\\d,]+) fetched").matcher(announced);
            assertTrue(said.find(), announced);
            long saidFetched = Long.parseLong(said.group(1).replace(",", ""));
            assertTrue(saidFetched >= 1 && saidFetched <= shownFetched, "the live region reads the figures shown: " + announced + " / " + shownFetched);
            // a drop by pattern on the host page says how many queued URLs it took out
            page.navigate("/ui/crawls/" + crawlId + "/hosts/" + host);
            page.locator("#drop-pattern").fill("/nothing-queued\\.html$");   // the crawl log below waits for all four pages
            page.getByText("Drop matching URLs").click();
            page.locator("#drop-result").waitFor();
            assertTrue(page.locator("#drop-result").textContent().matches("Dropped 0 queued URLs of this host\\."),
                    page.locator("#drop-result").textContent());
            // the crawl log, followed live: lines arrive as the crawl stores them (one fetch every 2.5 s here)
            page.navigate("/ui/crawls/" + crawlId + "/pages?tail=1");
            assertTrue(page.locator("input[data-follow]").isChecked(), "the newest lines of a running crawl are followed");
            int shown = page.locator("[data-log-rows] tr").count();
            assertTrue(shown < 4, "the crawl has pages left to fetch when its log opens: " + shown);
            page.waitForCondition(() -> page.locator("[data-log-rows] tr").count() == 4, new Page.WaitForConditionOptions().setTimeout(60_000));
            assertTrue(page.locator("[data-log-rows] tr").last().locator("td.decisions").textContent().contains("in scope"),
                    "a fetched page's line says what became of its links");
            page.locator("[data-follow-status]:has-text('has ended')").waitFor(new Locator.WaitForOptions().setTimeout(60_000));
            check(page, "crawl-log");
            Api.awaitEnd(crawlId, 60_000);

            // the stored page, framed: its heading shows, its script never runs, its image never loads
            long seed = Api.pages(crawlId).stream().filter(p -> ((String) p.get("url")).endsWith("/")).map(p -> ((Number) p.get("id")).longValue())
                    .findFirst().orElseThrow();
            int before = requests.size();
            page.navigate("/ui/pages/" + seed);
            assertEquals("Stored heading", page.frameLocator("iframe.stored-page").locator("h1").textContent());
            page.waitForTimeout(500);
            assertEquals(List.of(), requests.subList(before, requests.size()), "viewing the page sent nothing to the crawled site");
            assertEquals(0, page.frameLocator("iframe.stored-page").locator("body[data-ran]").count(), "the stored script did not run");
            check(page, "page-view-stored");

            // search: a word of the blog's text finds its pages, with the count
            long deadline = System.currentTimeMillis() + 60_000;
            while (!Api.as().queryParam("q", "lodash").get("/api/v1/crawls/" + blogCrawlId + "/search").jsonPath().getBoolean("complete")
                    && System.currentTimeMillis() < deadline) {
                Thread.sleep(200);
            }
            page.navigate("/ui/crawls/" + blogCrawlId + "/search");
            page.locator("#q").fill("lodash");
            page.getByText("Search", new Page.GetByTextOptions().setExact(true)).click();
            page.locator("#results-h").waitFor();
            assertTrue(page.locator("#results-h").textContent().matches("[\\d,]+ matches"), page.locator("#results-h").textContent());
            assertTrue(page.locator("ol.results li a").count() > 0, "results listed");
            // each result shows where the word occurs in its text, the word marked
            assertTrue(page.locator("ol.results li p.snippet mark").count() > 0, "matched words marked");
            assertEquals("lodash", page.locator("ol.results li p.snippet mark").first().textContent().toLowerCase());
            check(page, "search");

            // exports: the CSV has one row a record
            page.navigate("/ui/crawls/" + crawlId);
            Download csv = page.waitForDownload(() -> page.locator("a:has-text('CSV')").click());
            List<String> rows = Files.readAllLines(csv.path());
            assertEquals("id,url,status", rows.get(0).substring(0, 13));
            assertEquals(Api.pages(crawlId).size(), rows.size() - 1, "one row a record");
            Download wacz = page.waitForDownload(() -> page.locator("a:has-text('WACZ')").click());
            List<String> entries = new ArrayList<>();
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(wacz.path().toFile())) {
                zip.stream().forEach(e -> entries.add(e.getName()));
            }
            assertTrue(entries.contains("datapackage.json") && entries.contains("archive/data.warc.gz"), entries.toString());

            // a schedule: a bad expression is refused beside its field, a good one is listed, and when its time comes
            // (moved here by setting its next run in the past) it starts a crawl
            page.navigate("/ui/sites/" + siteId);
            page.locator("#sched-cron").fill("every day");
            page.getByText("Add schedule").click();
            page.locator("#sched-cron-error:has-text('fields')").waitFor();
            check(page, "schedule-error");
            page.locator("#sched-cron").fill("0 3 * * *");
            page.getByText("Add schedule").click();
            page.locator("#schedules tbody tr").first().waitFor();
            String scheduleId = page.locator("#schedules tbody tr").first().getAttribute("data-schedule");
            try (var c = db.getConnection(); var ps = c.prepareStatement("UPDATE crawl_schedule SET next_run = ? WHERE id = ?")) {
                ps.setTimestamp(1, java.sql.Timestamp.from(java.time.Instant.now().minusSeconds(1)));
                ps.setString(2, scheduleId);
                ps.executeUpdate();
            }
            page.waitForCondition(() -> {
                page.reload();
                return page.locator("#schedules tbody tr a:has-text('crawl')").count() > 0;
            }, new Page.WaitForConditionOptions().setTimeout(30_000));
            check(page, "site-schedules");
            String started = page.locator("#schedules tbody tr a:has-text('crawl')").first().getAttribute("href");
            Api.as().post("/api/v1/crawls/" + started.substring(started.lastIndexOf('/') + 1) + "/stop").then().statusCode(200);
            Api.awaitEnd(started.substring(started.lastIndexOf('/') + 1), 60_000);
            // "Run now" starts the schedule's crawl at once and opens it
            page.reload();
            page.locator("#schedules tbody tr").first().getByText("Run now").click();
            page.waitForURL("**/ui/crawls/*");
            String now = page.url().substring(page.url().lastIndexOf('/') + 1);
            assertTrue(!now.equals(started.substring(started.lastIndexOf('/') + 1)), "a new crawl");
            Api.as().post("/api/v1/crawls/" + now + "/stop").then().statusCode(200);
        }
    }

    /** A refusal by the stored page's policy (UiHeaders.STORED_BODY_CSP), which the main pages' policy never makes. */
    /**
     * Issues a token named {@code name} in a token list: its secret is shown once and copied with the Copy button,
     * its row appears, and revoking it marks the row revoked, all without a reload.
     */
    private static void ownTokens(Page page, Locator tokens, String name) {
        Object marker = page.evaluate("() => window.notReloaded = Math.random()");
        tokens.getByLabel("New token named").fill(name);
        tokens.getByText("Issue token").click();
        String secret = tokens.locator("[data-token-value]:has-text('trw_')").textContent();
        tokens.locator("tbody tr:has-text('" + name + "') button:has-text('Revoke')").waitFor();
        tokens.getByText("Copy", new Locator.GetByTextOptions().setExact(true)).click();
        tokens.locator("[data-copied]:has-text('Copied')").waitFor();
        assertEquals(secret, page.evaluate("() => navigator.clipboard.readText()"), "the Copy button copies the secret");
        page.onceDialog(d -> d.accept());
        tokens.locator("tbody tr:has-text('" + name + "') button:has-text('Revoke')").click();
        tokens.locator("tbody tr:has-text('" + name + "'):has-text('revoked')").waitFor();
        assertEquals(marker, page.evaluate("() => window.notReloaded"), "the page was not reloaded");
    }

    private static boolean storedPageRefusal(String text) {
        return text.contains("the document's frame is sandboxed")
                || text.matches("(?s).*directive: \"(img-src data:|style-src 'unsafe-inline'|default-src 'none')\".*");
    }

    private void check(Page page, String name) {
        Chromium.screenshot(page, name);
        a11y.addAll(Chromium.seriousViolations(page));
    }

    private static void login(Page page, String username) {
        page.locator("#username").fill(username);
        page.locator("#password").fill(PASSWORD);
        page.locator("button[type=submit]:has-text('Log in')").click();
        page.waitForURL(u -> !u.contains("/login"));
    }

    private static String user(String name, String role) {
        Api.as().body(Map.of("username", name, "password", PASSWORD, "role", role)).post("/api/v1/users").then().statusCode(201);
        return name;
    }

    private static long waitForCount(Page page, long atLeast) {
        Locator fetched = page.locator("[data-count='fetched']");
        page.waitForCondition(() -> parse(fetched.textContent()) >= atLeast, new Page.WaitForConditionOptions().setTimeout(60_000));
        return parse(fetched.textContent());
    }

    private static long parse(String s) {
        String digits = s.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? 0 : Long.parseLong(digits);
    }

    /** The predicted metrics in one column of the plan table (1: this plan, 2: saved plan). */
    private static Map<String, String> metrics(Page page, int column) {
        Map<String, String> m = new java.util.TreeMap<>();
        for (String k : List.of("overlap", "coverage", "acceleration", "composite")) {
            m.put(k, page.locator("#plan-metrics tr[data-metric='" + k + "'] td").nth(column - 1).textContent());
        }
        assertFalse(m.values().stream().anyMatch(v -> v.isBlank()), "metrics shown: " + m);
        return m;
    }
}
