package io.trawler.bench;

import static io.restassured.RestAssured.given;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.PageRows;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Server time of the UI's pages with 100,000 page records in one crawl (the bar: under 200 ms): the
 * dashboard, the sites list, the site, the crawl page (with its tail), the pages list unfiltered, deep in the
 * list and filtered (status class, content type, a rare path prefix), one page's view, a host's page, search, the
 * comparison with a second crawl of 100,000 records (summary and a listing), the account and freshness pages. Each page is asked
 * 30 times after 5 warm-up requests, each after a write to the page table (as while a crawl runs: H2 must not answer
 * from its result cache); median and 95th percentile are printed.
 *
 * <p>{@code ./mvnw test -Pbenchmark -Dtest=UiPageBenchmark}
 */
@QuarkusTest
@Tag("benchmark")
class UiPageBenchmark {

    static final int PAGES = 100_000;
    static final String PASSWORD = "a long test passphrase";

    @Inject
    AgroalDataSource db;

    @Test
    void pagesWith100kRecords() throws Exception {
        String siteId = Api.createSite("bench", "http://127.0.0.1:9/", Map.of("delayMs", 0), Map.of("maxPages", PAGES));
        String crawlId = "benchcrawl" + Long.toString(System.nanoTime() % 1_000_000, 36);
        long t0 = System.nanoTime();
        PageRows.finishedCrawl(db, siteId, crawlId, PAGES);
        PageRows.insert(db, crawlId, 0, PAGES, PageRows::mostlyOk);
        System.out.printf("inserted %,d page records in %.1f s%n", PAGES, (System.nanoTime() - t0) / 1e9);
        String name = "bench-" + System.nanoTime();
        Api.as().body(Map.of("username", name, "password", PASSWORD, "role", "editor")).post("/api/v1/users").then().statusCode(201);
        String cookie = given().contentType(ContentType.URLENC).formParam("username", name).formParam("password", PASSWORD)
                .redirects().follow(false).post("/login").getCookie("trawler_session");
        // a second crawl of the site to compare with: 98,000 URLs in both (every 40th with another status), 2,000 gone, 2,000 new
        String earlier = crawlId + "e";
        PageRows.finishedCrawl(db, siteId, earlier, PAGES);
        PageRows.insert(db, earlier, 2_000, PAGES + 2_000, i -> i % 40 == 0 ? 404 : 200);
        long somePage = given().header("Authorization", "Bearer " + Api.TOKEN).get("/api/v1/crawls/" + crawlId + "/pages?limit=1&after=50000")
                .then().extract().jsonPath().getLong("pages[0].id");
        List<String> paths = List.of("/ui", "/ui/sites", "/ui/sites/" + siteId, "/ui/crawls/" + crawlId, "/ui/crawls/" + crawlId + "/pages",
                "/ui/crawls/" + crawlId + "/pages?after=" + (somePage + 40_000), "/ui/crawls/" + crawlId + "/pages?status=4xx",
                "/ui/crawls/" + crawlId + "/pages?type=application/pdf", "/ui/crawls/" + crawlId + "/pages?prefix=/2019/",
                "/ui/sites/" + siteId + "/partitions", "/ui/pages/" + somePage, "/ui/crawls/" + crawlId + "/hosts/127.0.0.1:9",
                "/ui/crawls/" + crawlId + "/search?q=section5", "/ui/crawls/" + crawlId + "/compare?with=" + earlier,
                "/ui/crawls/" + crawlId + "/compare?with=" + earlier + "&kind=status", "/ui/crawls/" + crawlId + "/pages?tail=1",
                "/ui/account", "/ui/sites/" + siteId + "/freshness");
        // the crawl page's first view counts the crawl's records by status class once (later views count only new ones);
        // measured after the page was shown for a small crawl, so that it shows what a large crawl costs, not a cold server
        String small = crawlId + "s";
        PageRows.finishedCrawl(db, siteId, small, 10);
        PageRows.insert(db, small, 0, 10, PageRows::mostlyOk);
        for (int i = 0; i < 5; i++) {
            given().cookie("trawler_session", cookie).get("/ui").then().statusCode(200);
            given().cookie("trawler_session", cookie).get("/ui/crawls/" + small).then().statusCode(200);
        }
        PageRows.insert(db, small, 10_000, 10_001, PageRows::mostlyOk);
        long first = System.nanoTime();
        given().cookie("trawler_session", cookie).get("/ui/crawls/" + crawlId).then().statusCode(200);
        System.out.printf("first view of /ui/crawls/{crawl}: %.1f ms%n",
                (System.nanoTime() - first) / 1e6);
        // the first comparison of the two crawls reads both crawls' records (later views of the pair read only the listed ones)
        long compared = System.nanoTime();
        given().cookie("trawler_session", cookie).get("/ui/crawls/" + crawlId + "/compare?with=" + earlier).then().statusCode(200);
        System.out.printf("first view of /ui/crawls/{crawl}/compare?with={other}: %.1f ms%n", (System.nanoTime() - compared) / 1e6);
        // and after each of 5 new records of the other crawl (as while it runs): computed again every time
        List<Double> again = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            PageRows.insert(db, earlier, PAGES + 2_000 + i, PAGES + 2_001 + i, PageRows::mostlyOk);
            long s = System.nanoTime();
            given().cookie("trawler_session", cookie).get("/ui/crawls/" + crawlId + "/compare?with=" + earlier).then().statusCode(200);
            again.add((System.nanoTime() - s) / 1e6);
        }
        System.out.printf("/ui/crawls/{crawl}/compare?with={other} after a record of {other}, each time: %s ms%n", again);
        System.out.printf("%-60s %10s %10s%n", "page (100,000 records in the crawl)", "median ms", "p95 ms");
        // every request follows a write to the page table (as while any crawl runs), so that H2 cannot answer from
        // the result it cached for the same query
        int written = 10;
        for (String path : paths) {
            List<Double> ms = new ArrayList<>();
            for (int i = 0; i < 35; i++) {
                PageRows.insert(db, small, written, written + 1, PageRows::mostlyOk);
                written++;
                long s = System.nanoTime();
                given().cookie("trawler_session", cookie).redirects().follow(false).get(path).then().statusCode(200);
                if (i >= 5) {
                    ms.add((System.nanoTime() - s) / 1e6);
                }
            }
            Collections.sort(ms);
            System.out.printf("%-60s %10.1f %10.1f%n", path.replace(earlier, "{other}").replace(crawlId, "{crawl}").replace(siteId, "{site}"), ms.get(ms.size() / 2),
                    ms.get((int) Math.ceil(ms.size() * 0.95) - 1));
        }
    }
}
