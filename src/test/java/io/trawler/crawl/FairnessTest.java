package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One worker slot shared by two lanes of one host, and by two crawls: round-robin with a rotating start gives each
 * its share while both have work.
 */
@QuarkusTest
@TestProfile(FairnessTest.Profile.class)
class FairnessTest {

    /** A worker that fetches one page at a time, so lanes and crawls contend for every slot. */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trawler.worker.concurrency", "1");
        }
    }

    @Test
    void twoLanesOfOneHostShareItsPoliteDelay() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(800).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "lanes", Map.of("delayMs", 0, "maxConcurrentPerHost", 1), Map.of("maxPages", 100000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            Api.awaitEnd(Api.startCrawl(siteId), 120_000);
            Api.as().body(Map.of("crawlers", 2)).post("/api/v1/sites/" + siteId + "/plan").then().statusCode(200);
            Api.as().body(Map.of("name", "lanes", "seeds", List.of(server.base() + "/"), "politeness",
                    Map.of("delayMs", 200, "maxConcurrentPerHost", 1), "limits", Map.of("maxPages", 100000, "maxDepth", 20)))
                    .put("/api/v1/sites/" + siteId).then().statusCode(200);
            String crawlId = Api.as().body(Map.of("partitions", 2, "mode", "coordinated")).post("/api/v1/sites/" + siteId + "/crawls")
                    .then().statusCode(202).extract().path("id");
            long[] fetched = {0, 0};
            long deadline = System.currentTimeMillis() + 60_000;
            while (fetched[0] + fetched[1] < 60 && System.currentTimeMillis() < deadline) {
                Thread.sleep(500);
                JsonPath c = Api.crawl(crawlId);
                if (c.getLong("partitions[0].queued") == 0 || c.getLong("partitions[1].queued") == 0) {
                    break;   // shares are compared only while both lanes have work
                }
                fetched[0] = c.getLong("partitions[0].fetched");
                fetched[1] = c.getLong("partitions[1].fetched");
            }
            Api.as().post("/api/v1/crawls/" + crawlId + "/stop").then().statusCode(200);
            long total = fetched[0] + fetched[1];
            System.out.printf("2 lanes, one host, 200 ms delay: lane 0 %d, lane 1 %d fetches%n", fetched[0], fetched[1]);
            assertTrue(total >= 40, "enough fetches to compare: " + total);
            assertTrue(fetched[0] >= 0.4 * total && fetched[1] >= 0.4 * total, "each lane at least 40 %: " + fetched[0] + " / " + fetched[1]);
        }
    }

    @Test
    void twoCrawlsShareOneWorker() throws Exception {
        GeneratedSite a = new GeneratedSite(GeneratedSite.Options.of(3000).withoutTraps());
        GeneratedSite b = new GeneratedSite(GeneratedSite.Options.of(3000).withoutTraps());
        try (TestWebServer sa = TestWebServer.start(a); TestWebServer sb = TestWebServer.start(b)) {
            String siteA = Api.createSite("share-a", sa.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 100000, "maxDepth", 20));
            String siteB = Api.createSite("share-b", sb.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 1),
                    Map.of("maxPages", 100000, "maxDepth", 20));
            String ca = Api.startCrawl(siteA);
            String cb = Api.startCrawl(siteB);
            // the worker learns of a new crawl within half a second: count from the moment both are being served
            long deadline = System.currentTimeMillis() + 30_000;
            long a0;
            long b0;
            do {
                Thread.sleep(50);
                a0 = Api.crawl(ca).getLong("counts.fetched");
                b0 = Api.crawl(cb).getLong("counts.fetched");
            } while ((a0 == 0 || b0 == 0) && System.currentTimeMillis() < deadline);
            long fa = 0;
            long fb = 0;
            while (fa + fb < 400 && System.currentTimeMillis() < deadline) {
                Thread.sleep(250);
                JsonPath ja = Api.crawl(ca);
                JsonPath jb = Api.crawl(cb);
                if (ja.getLong("counts.queued") == 0 || jb.getLong("counts.queued") == 0) {
                    break;
                }
                fa = ja.getLong("counts.fetched") - a0;
                fb = jb.getLong("counts.fetched") - b0;
            }
            Api.as().post("/api/v1/crawls/" + ca + "/stop");
            Api.as().post("/api/v1/crawls/" + cb + "/stop");
            long total = fa + fb;
            System.out.printf("2 crawls, one worker slot: %d and %d fetches%n", fa, fb);
            assertTrue(total >= 100, "enough fetches to compare: " + total);
            assertTrue(fa >= 0.4 * total && fb >= 0.4 * total, "each crawl at least 40 %: " + fa + " / " + fb);
        }
    }
}
