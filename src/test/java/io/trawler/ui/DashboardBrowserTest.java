package io.trawler.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.trawler.frontier.TestWorkers;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.redis.Await;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.Chromium;
import io.vertx.redis.client.Redis;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dashboard left open in Debian's Chromium follows what happens elsewhere without a reload: a crawl started
 * through the API appears with its figures rising, leaves when it is stopped; a worker that stops heart-beating
 * raises an alert that goes once it reports again. axe-core finds nothing serious on the updated page. The crawl's
 * own page, open while it runs, ends up counting every record once (those stored after the stop included), and so do
 * the server's counts after a reload.
 */
@QuarkusTest
class DashboardBrowserTest {

    @TestHTTPResource("/")
    URL base;

    @Inject
    Redis redis;

    @Inject
    WorkerRegistry workers;

    @Test
    void dashboardFollowsCrawlsAndWorkersWithoutAReload() throws Exception {
        String editor = "dash-" + Long.toString(System.nanoTime(), 36);
        Api.as().body(Map.of("username", editor, "password", BrowserTourTest.PASSWORD, "role", "editor")).post("/api/v1/users")
                .then().statusCode(201);
        List<String> errors = new ArrayList<>();
        try (TestWebServer slow = TestWebServer.start(new GeneratedSite(GeneratedSite.Options.of(2000).withoutTraps()), 200);
                Chromium chromium = Chromium.launch()) {
            String siteId = Api.createSite("Dashboard site", slow.base() + "/", Map.of("delayMs", 300), Map.of("maxPages", 2000));
            BrowserContext ctx = chromium.browser().newContext(new com.microsoft.playwright.Browser.NewContextOptions()
                    .setViewportSize(1280, 900).setBaseURL(base.toString()));
            Page page = ctx.newPage();
            page.setDefaultTimeout(30_000);
            page.onPageError(e -> errors.add(e));
            page.navigate("/ui/sites");
            page.locator("#username").fill(editor);
            page.locator("#password").fill(BrowserTourTest.PASSWORD);
            page.locator("button[type=submit]:has-text('Log in')").click();
            page.waitForURL(u -> u.endsWith("/ui/sites"));
            page.navigate("/ui");

            // a crawl started elsewhere appears, and its count rises
            String crawlId = Api.startCrawl(siteId);
            Locator row = page.locator("tr[data-crawl='" + crawlId + "']");
            row.waitFor();
            assertTrue(row.textContent().contains("Dashboard site"), row.textContent());
            Locator fetched = row.locator("[data-field='fetched']");
            page.waitForCondition(() -> number(fetched.textContent()) >= 3, new Page.WaitForConditionOptions().setTimeout(60_000));
            assertTrue(page.locator("#no-crawls").isHidden());
            Locator rate = row.locator("[data-field='rate']");
            page.waitForCondition(() -> rate.textContent().endsWith("/s"), new Page.WaitForConditionOptions().setTimeout(30_000));
            assertTrue(rate.textContent().matches("\\d+\\.\\d/s"), "a rate, never NaN: " + rate.textContent());

            // a worker that stops heart-beating raises one alert; it goes when the worker reports again
            String worker = "dash-worker-" + Long.toString(System.nanoTime(), 36);
            Await.result(workers.report(worker, new WorkerRegistry.Load(0, 16, 42, 0, worker, List.of()), System.currentTimeMillis() - 120_000));
            Locator alert = page.locator("#alerts li[data-key='worker:" + worker + "']");
            alert.waitFor();
            assertEquals("Worker " + worker + " stopped heart-beating.", alert.textContent());
            assertTrue(page.locator("#worker-rows tr:has-text('" + worker + "')").textContent().contains("silent"));
            List<String> a11y = Chromium.seriousViolations(page);
            Chromium.screenshot(page, "dashboard-live");
            Await.result(workers.report(worker, new WorkerRegistry.Load(0, 16, 42, 0, worker, List.of()), System.currentTimeMillis()));
            alert.waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.DETACHED));

            // the crawl's own page, open while it runs: the server's status-class counts plus the records the page
            // adds as they come equal the crawl's records once it has stopped, none counted twice
            Page crawlPage = ctx.newPage();
            crawlPage.onPageError(e -> errors.add(e));
            crawlPage.navigate("/ui/crawls/" + crawlId);
            crawlPage.waitForCondition(() -> statusTotal(crawlPage) > 0, new Page.WaitForConditionOptions().setTimeout(30_000));

            // stopped: the row leaves
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            row.waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.DETACHED));
            Api.awaitEnd(crawlId, 60_000);
            long records = -1;
            for (int i = 0; i < 30; i++) {
                // records of pages in flight at the stop still arrive: wait until the count holds still
                long now = Api.pages(crawlId).size();
                if (now == records) {
                    break;
                }
                records = now;
                Thread.sleep(2000);
            }
            long all = records;
            crawlPage.waitForCondition(() -> statusTotal(crawlPage) == all, new Page.WaitForConditionOptions().setTimeout(20_000));
            crawlPage.reload();
            assertEquals(records, statusTotal(crawlPage), "after a reload, the server's counts: every record once");
            assertEquals(0, page.locator("#alerts li[data-key='crawl:" + crawlId + "']").count());
            TestWorkers.forget(redis, worker);
            ctx.close();
            assertTrue(a11y.isEmpty(), "axe-core: " + a11y);
        }
        assertTrue(errors.isEmpty(), "no script error: " + errors);
    }

    /** The sum of the crawl page's status-class table. */
    private static long statusTotal(Page page) {
        long sum = 0;
        for (String cell : page.locator("#status-table tbody tr td:nth-child(2)").allTextContents()) {
            sum += number(cell);
        }
        return sum;
    }

    private static long number(String s) {
        String digits = s.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? 0 : Long.parseLong(digits);
    }

}
