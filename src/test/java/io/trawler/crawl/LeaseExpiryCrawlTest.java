package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.Lease;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.ServedSite;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A worker that dies mid-crawl holding leases loses nothing: a second worker process is played by
 * the test, which leases URLs from the live frontier and never acknowledges them. After their
 * leases expire the real worker fetches them, and the crawl requests exactly what an uninterrupted
 * crawl requests, each URL once.
 */
@QuarkusTest
class LeaseExpiryCrawlTest {

    @Inject
    Frontier frontier;

    @Test
    void leasesOfADeadWorkerAreFetchedAfterExpiry() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(1500).withoutTraps());
        try (ServedSite served = ServedSite.start(site, "lease-expiry", Map.of("delayMs", 4, "maxConcurrentPerHost", 4), Map.of("maxPages", 100000, "maxDepth", 20))) {
            TestWebServer server = served.server();
            String siteId = served.siteId();
            String crawlId = Api.startCrawl(siteId);
            while (Api.crawl(crawlId).getLong("counts.fetched") < 100) {
                Thread.sleep(20);
            }
            List<Lease> abandoned = List.of();
            long deadline = System.currentTimeMillis() + 10_000;
            while (abandoned.isEmpty() && System.currentTimeMillis() < deadline) {
                // the dead worker: takes URLs whose hosts are ready, with a 1.5 s lease, and is never heard of again
                abandoned = frontier.lease(crawlId, 0, 20, 1500, System.currentTimeMillis()).toCompletionStage()
                        .toCompletableFuture().get(10, TimeUnit.SECONDS);
            }
            assertTrue(!abandoned.isEmpty(), "the dead worker got some URLs");
            assertEquals("FINISHED", Api.awaitEnd(crawlId, 120_000).getString("state"));

            Map<String, Integer> expected = site.expectedRequests(20, 5, 3);
            assertEquals(expected, server.log().counts());
            for (Lease l : abandoned) {
                String uri = l.url().substring(server.base().length());
                assertEquals(1, server.log().count(uri), "abandoned URL fetched once after expiry: " + uri);
            }
            FrontierCounts counts = frontier.counts(crawlId).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertTrue(counts.reclaimed() >= abandoned.size(), "reclaimed " + counts.reclaimed());
        }
    }
}
