package io.trawler.revisit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.refresh.ClusterSampling;
import io.trawler.refresh.PageHistory;
import io.trawler.testsite.ChangingSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * End to end: a site whose pages change at known rates on an accelerated clock (changes per second), crawled by a
 * continuous crawl under a poisson refresh plan; the engine's estimates follow the truth, change detection ignores
 * navigation and footers that change on every request, conditional requests get 304s, and a recrawl request goes
 * ahead of the scheduled revisits.
 */
@QuarkusTest
class RevisitCrawlTest {

    @Inject
    RefreshStore store;

    @Test
    void estimatedRatesFollowTheTrueRates() throws Exception {
        // visits come about 0.35 s later than scheduled (ingest every 250 ms, feed every 100 ms): rates up to 2 a second
        // keep λI within 2, where the estimators are unbiased
        double[] rates = new double[50];
        for (int i = 0; i < 48; i++) {
            rates[i] = i < 24 ? 1 : 2;   // 24 pages of each rate, 2 that never change
        }
        ChangingSite site = new ChangingSite(rates, 600, 42);
        try (TestWebServer server = TestWebServer.start(req -> site.serve(req, ""))) {
            String siteId = Api.createSite("changing", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 3));
            Api.as().body(Map.of("policy", "poisson", "targetProbability", 0.6, "minIntervalMs", 100, "maxIntervalMs", 3000,
                    "initialIntervalMs", 500)).put("/api/v1/sites/" + siteId + "/plan/refresh").then().statusCode(200);
            String crawlId = Api.startCrawl(siteId);
            List<String> urls = IntStream.range(0, rates.length).mapToObj(i -> server.base() + "/p/" + i).toList();
            long deadline = System.currentTimeMillis() + 120_000;
            List<PageHistory> h = store.histories(siteId, urls);
            while (System.currentTimeMillis() < deadline && IntStream.range(0, 48).anyMatch(i -> h.get(i).observed() < 20)) {
                Thread.sleep(500);
                h.clear();
                h.addAll(store.histories(siteId, urls));
            }
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            StringBuilder report = new StringBuilder();
            for (int i = 0; i < rates.length; i++) {
                report.append(String.format("%n/p/%d true %.1f/s estimated %.2f/s from %d visits (%d changes)", i, rates[i],
                        h.get(i).ratePerSecond(), h.get(i).observed(), h.get(i).changes()));
            }
            System.out.println("Revisit estimates:" + report + String.format("%n304 answers: %d of %d requests", site.notModified(), site.requests()));
            for (int i = 0; i < 48; i++) {
                assertTrue(h.get(i).observed() >= 20, "too few visits:" + report);
            }
            // one page's estimate from 20 visits has a standard error of about 27 %; the estimate from the 24 pages of a
            // rate together (480 visits, the pages' own histories as the engine keeps them) has about 6 %
            for (double rate : new double[] {1, 2}) {
                List<Integer> cluster = new ArrayList<>();
                List<PageHistory> pages = new ArrayList<>();
                List<Double> estimates = new ArrayList<>();
                for (int i = 0; i < rates.length; i++) {
                    if (rates[i] == rate) {
                        cluster.add(0);
                        pages.add(h.get(i));
                        estimates.add(h.get(i).ratePerSecond());
                    }
                }
                double pooled = ClusterSampling.clusterRates(1, cluster, pages)[0];
                estimates.sort(null);
                double median = (estimates.get(11) + estimates.get(12)) / 2;
                System.out.printf("rate %.1f/s: estimated %.2f/s from the 24 pages' visits together, median page estimate %.2f/s%n", rate,
                        pooled, median);
                assertTrue(Math.abs(pooled / rate - 1) <= 0.25, "rate " + rate + ": estimated " + pooled + report);
            }
            for (int i = 48; i < 50; i++) {
                assertTrue(h.get(i).visits() >= 2, "static page revisited" + report);
                assertEquals(0, h.get(i).changes(), "a page whose main text never changes was seen to change" + report);
            }
            assertTrue(site.notModified() > 0, "no conditional request was answered 304");
            JsonPath f = Api.as().get("/api/v1/sites/" + siteId + "/freshness").then().statusCode(200).extract().jsonPath();
            assertEquals("poisson", f.getString("policy"));
            assertEquals(51, f.getInt("pages"));
            assertTrue(f.getInt("estimated") >= 50, f.prettify());
            assertTrue(f.getLong("changes") > 0 && f.getLong("visits") > f.getLong("changes"), f.prettify());
            double freshness = f.getDouble("expectedFreshness");
            assertTrue(freshness >= 0 && freshness <= 1, f.prettify());
        }
    }

    @Test
    void recrawlGoesAheadOfScheduledRevisits() throws Exception {
        double[] rates = new double[10];
        java.util.Arrays.fill(rates, 2);
        ChangingSite site = new ChangingSite(rates, 600, 7);
        try (TestWebServer server = TestWebServer.start(req -> site.serve(req, ""))) {
            String siteId = Api.createSite("busy", server.base() + "/", Map.of("delayMs", 250, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 1000, "maxDepth", 3));
            Api.as().body(Map.of("policy", "poisson", "minIntervalMs", 100, "initialIntervalMs", 100, "maxIntervalMs", 1000))
                    .put("/api/v1/sites/" + siteId + "/plan/refresh").then().statusCode(200);
            String crawlId = Api.startCrawl(siteId);
            String target = server.base() + "/p/3";
            // wait until every page was fetched and revisits keep the host busy (demand far above 4 fetches a second)
            long deadline = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < deadline && store.counts(siteId, 0).pages() < 11) {
                Thread.sleep(100);
            }
            Thread.sleep(3000);
            JsonPath queued = Api.crawl(crawlId);
            assertTrue(queued.getInt("counts.queued") >= 3, "revisits should be waiting: " + queued.prettify());
            int before = server.log().count("/p/3");
            long asked = System.currentTimeMillis();
            JsonPath r = Api.as().body(Map.of("urls", List.of(target, "http://elsewhere.test/x", "mailto:x@y"), "priority", 10))
                    .post("/api/v1/sites/" + siteId + "/recrawls").then().statusCode(202).extract().jsonPath();
            assertEquals(1, r.getInt("accepted"));
            assertEquals(2, r.getList("rejected").size());
            assertEquals(crawlId, r.getString("crawlId"));
            String id = r.getString("id");
            while (server.log().count("/p/3") == before && System.currentTimeMillis() < asked + 10_000) {
                Thread.sleep(10);
            }
            long fetchedAt = server.log().times("/p/3").get(before);
            long othersBetween = server.log().allTimes().stream().filter(t -> t > asked && t < fetchedAt).count();
            assertTrue(othersBetween <= 2, othersBetween + " other requests went first, the host's queue had "
                    + queued.getInt("counts.queued"));
            long until = System.currentTimeMillis() + 10_000;
            JsonPath progress = null;
            while (System.currentTimeMillis() < until) {
                progress = Api.as().get("/api/v1/recrawls/" + id).then().statusCode(200).extract().jsonPath();
                if ("DONE".equals(progress.getString("state"))) {
                    break;
                }
                Thread.sleep(100);
            }
            assertEquals("DONE", progress.getString("state"), progress.prettify());
            assertEquals(1, progress.getInt("fetched"));
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
        }
    }

    @Inject
    PageVersions versions;

    @Test
    void userExperienceRevisitsViewedPagesWhoseChangesMatterSooner() throws Exception {
        double[] rates = new double[8];
        java.util.Arrays.fill(rates, 0.5);   // slow enough that the policy's intervals, not the ingest lag, decide
        ChangingSite site = new ChangingSite(rates, 600, 11);
        try (TestWebServer server = TestWebServer.start(req -> site.serve(req, ""))) {
            String siteId = Api.createSite("searched", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 3));
            Api.as().body(Map.of("policy", "user-experience", "targetProbability", 0.6, "minIntervalMs", 100, "initialIntervalMs", 400,
                    "maxIntervalMs", 3000, "versions", 3)).put("/api/v1/sites/" + siteId + "/plan/refresh").then().statusCode(200);
            List<Map<String, Object>> signals = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                signals.add(Map.of("url", server.base() + "/p/" + i, "query", "election results", "rank", 1, "impressions", 500, "clicks", 50));
            }
            Api.as().body(Map.of("signals", signals)).post("/api/v1/signals").then().statusCode(202).body("accepted",
                    org.hamcrest.Matchers.equalTo(2));
            String crawlId = Api.startCrawl(siteId);
            Thread.sleep(20_000);
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            double viewed = (server.log().count("/p/0") + server.log().count("/p/1")) / 2.0;
            double others = IntStream.range(2, 8).map(i -> server.log().count("/p/" + i)).average().orElse(0);
            System.out.printf("User experience: viewed pages fetched %.1f times on average, the others %.1f%n", viewed, others);
            assertTrue(viewed > 1.3 * others, "viewed pages fetched " + viewed + " times on average, the others " + others);
            String p0 = server.base() + "/p/0";
            int kept = versions.count(siteId, p0);
            assertTrue(kept >= 2 && kept <= 3, kept + " versions kept");
            RefreshStore.Usage usage = store.usage(siteId, List.of(p0)).get(0);
            assertTrue(usage.weight() == 550, "weight " + usage.weight());
            assertEquals(List.of("election results"), usage.queries());
            // measured over the last K − 1 = 2 changes (0 when both went between the two topics off the query)
            assertTrue(usage.impact() >= 0 && usage.impact() <= 1, "impact " + usage.impact() + " of the change to " + versions.latest(siteId, p0));
            assertEquals(0, versions.count(siteId, server.base() + "/p/2"), "versions are kept only of pages seen in results");
        }
    }

    @Test
    void clusterSamplingSchedulesEachSectionByItsSamplesRate() throws Exception {
        int n = 24;
        double[] rates = new double[n];
        String[] sections = new String[n];
        for (int i = 0; i < n; i++) {
            rates[i] = i % 2 == 0 ? 2 : 0;
            sections[i] = i % 2 == 0 ? "news" : "archive";
        }
        ChangingSite site = new ChangingSite(rates, sections, 600, 5);
        try (TestWebServer server = TestWebServer.start(req -> site.serve(req, ""))) {
            String siteId = Api.createSite("sections", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 3));
            Api.as().body(Map.of("policy", "cluster-sampling", "targetProbability", 0.6, "minIntervalMs", 100, "initialIntervalMs", 500,
                    "maxIntervalMs", 4000)).put("/api/v1/sites/" + siteId + "/plan/refresh").then().statusCode(200);
            String crawlId = Api.startCrawl(siteId);
            Thread.sleep(20_000);
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            List<String> urls = IntStream.range(0, n).mapToObj(i -> server.base() + site.path(i)).toList();
            List<PageHistory> h = store.histories(siteId, urls);
            double news = IntStream.range(0, n).filter(i -> i % 2 == 0).map(i -> server.log().count(site.path(i))).average().orElse(0);
            double archive = IntStream.range(0, n).filter(i -> i % 2 == 1).map(i -> server.log().count(site.path(i))).average().orElse(0);
            System.out.printf("Cluster sampling: news pages fetched %.1f times on average, archive pages %.1f%n", news, archive);
            assertTrue(news > 2 * archive, "news pages fetched " + news + " times on average, archive pages " + archive);
            long withoutWindow = IntStream.range(0, n).filter(i -> h.get(i).visits() >= 3 && h.get(i).observed() == 0).count();
            long withWindow = IntStream.range(0, n).filter(i -> h.get(i).observed() > 0).count();
            assertTrue(withoutWindow > 0, "pages outside the samples keep no visits");
            assertTrue(withWindow > 0 && withWindow < n, withWindow + " pages keep visits");
        }
    }

    @Test
    void aSecondFullCrawlOfAnUnchangedSiteStillFindsEveryPage() throws Exception {
        ChangingSite site = new ChangingSite(new double[20], 600, 3);   // never changes; ETags and 304s on offer
        try (TestWebServer server = TestWebServer.start(req -> site.serve(req, ""))) {
            String siteId = Api.createSite("unchanged", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 3));
            for (int crawl = 0; crawl < 2; crawl++) {
                JsonPath end = Api.awaitEnd(Api.startCrawl(siteId), 60_000);
                assertEquals("FINISHED", end.getString("state"));
                assertEquals(21, end.getInt("counts.fetched"), "crawl " + (crawl + 1) + " fetched the home page and its 20 pages");
            }
        }
    }

    @Test
    void aRefreshPlanSetAfterCrawlsSchedulesThePagesTheyFound() throws Exception {
        double[] rates = new double[10];
        java.util.Arrays.fill(rates, 2);
        ChangingSite site = new ChangingSite(rates, 600, 9);
        try (TestWebServer server = TestWebServer.start(req -> site.serve(req, ""))) {
            String siteId = Api.createSite("planned-later", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 4),
                    Map.of("maxPages", 1000, "maxDepth", 3));
            assertEquals("FINISHED", Api.awaitEnd(Api.startCrawl(siteId), 60_000).getString("state"));
            Api.as().body(Map.of("policy", "poisson", "minIntervalMs", 100, "initialIntervalMs", 300, "maxIntervalMs", 2000))
                    .put("/api/v1/sites/" + siteId + "/plan/refresh").then().statusCode(200);
            String crawlId = Api.startCrawl(siteId);   // continuous: the plan exists now
            Thread.sleep(6_000);
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            for (int i = 0; i < rates.length; i++) {
                assertTrue(server.log().count(site.path(i)) >= 3, site.path(i) + " fetched " + server.log().count(site.path(i)) + " times");
            }
        }
    }
}
