package io.trawler.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.trawler.config.TrawlerConfig;
import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.FetchConfig;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.FrontierState;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.PageRecordSource;
import io.trawler.frontier.PolitenessConfig;
import io.trawler.frontier.memory.InMemoryFrontier;
import io.trawler.frontier.memory.InMemoryWorkerRegistry;
import io.trawler.redis.Await;
import io.trawler.refresh.PageHistory;
import io.trawler.store.LocalWarcArchive;
import io.trawler.store.WarcArchiveConfig;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.ConfigMappings;
import io.trawler.testsupport.Warcs;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker loop without Quarkus or Redis: the in-memory frontier and worker registry, settings built by SmallRye
 * Config from their defaults, the real fetcher against the project's generated site, WARC files in a temporary
 * directory. It crawls a site to the end with exactly the requests a correct crawl makes, serves only the lanes of
 * its node, and reports its heartbeat.
 */
class CrawlWorkerTest {

    static final int MAX_DEPTH = 20;

    @TempDir
    Path data;

    private Vertx vertx;
    private InMemoryFrontier frontier;
    private InMemoryWorkerRegistry registry;
    private final List<CrawlWorker> workers = new ArrayList<>();

    @BeforeEach
    void start() {
        vertx = Vertx.vertx();
        frontier = new InMemoryFrontier();
        registry = new InMemoryWorkerRegistry(Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() {
        workers.forEach(CrawlWorker::stop);
        Await.result(vertx.close());
    }

    private CrawlWorker worker(String node) {
        Map<String, String> props = Map.of("trawler.data-dir", data.toString(), "trawler.role", "worker", "trawler.worker.node", node,
                "trawler.worker.concurrency", "16", "trawler.worker.processing-threads", "2");
        CrawlWorker w = new CrawlWorker(ConfigMappings.of(TrawlerConfig.class, props), ConfigMappings.of(WorkerConfig.class, props),
                ConfigMappings.of(FetchConfig.class, props), ConfigMappings.of(PolitenessConfig.class, props), frontier,
                (site, url) -> Future.succeededFuture(new PageHistory()), vertx, new ObjectMapper(), new SimpleMeterRegistry(),
                new LocalWarcArchive(data.resolve("warc")), ConfigMappings.of(WarcArchiveConfig.class, props), registry, AddressPolicy.none());
        workers.add(w);
        return w;
    }

    /** Starts the crawl as the manager would: its frontier with the spec workers read, and its seeds queued. */
    private void startCrawl(String id, Map<String, Object> fields, List<Discovery> seeds) {
        Await.result(frontier.create(id, TestSpecs.spec(fields).frontierSettings(), TestSpecs.json(fields)));
        Await.result(frontier.enqueue(id, seeds, System.currentTimeMillis()));
    }

    private FrontierCounts awaitEnd(String id, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        FrontierCounts c = Await.result(frontier.counts(id));
        while (c.state() == FrontierState.RUNNING && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
            c = Await.result(frontier.counts(id));
        }
        return c;
    }

    @Test
    void aWorkerCrawlsAGeneratedSiteToTheEndWithExactlyTheRequestsACorrectCrawlMakes() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(400).withoutTraps());
        try (TestWebServer server = TestWebServer.start(site)) {
            Map<String, Object> fields = TestSpecs.fields("gen", server.base());
            fields.put("maxDepth", MAX_DEPTH);
            fields.put("maxConcurrentPerHost", 8);
            startCrawl("gen", fields, List.of(new Discovery(0, FrontierEntry.of(server.base() + "/", 0), Discovery.FIFO)));
            worker("n1").start();
            FrontierCounts end = awaitEnd("gen", 60_000);
            assertEquals(FrontierState.FINISHED, end.state());

            Map<String, Integer> expected = site.expectedRequests(MAX_DEPTH, 5, 3);
            assertEquals(new TreeMap<>(expected), new TreeMap<>(server.log().counts()), "every reachable page requested once");
            Map<String, PageRecord> records = new HashMap<>();
            String cursor = null;
            for (PageRecordSource.Batch b = Await.result(frontier.read("gen", cursor, 500)); !b.entries().isEmpty();
                    b = Await.result(frontier.read("gen", cursor, 500))) {
                for (PageRecordSource.Entry e : b.entries()) {
                    PageRecord r = e.record();
                    assertEquals(null, records.put(r.url(), r), "one record per URL: " + r.url());
                }
                cursor = b.cursor();
            }
            Set<String> pages = new TreeSet<>(expected.keySet());
            pages.removeAll(List.of("/robots.txt", "/sitemap.xml"));
            assertEquals(pages, new TreeSet<>(records.keySet().stream().map(u -> u.substring(server.base().length())).toList()),
                    "a record for every page requested");
            assertEquals(end.fetched(), records.values().stream().filter(r -> r.status() > 0 && r.outcome().equals("fetched")).count());
            assertEquals(0, end.errors());
            assertEquals(0, end.robotsDenied());
        }
        workers.get(0).stop();
        List<Path> files = Warcs.files(data.resolve("warc"));
        assertTrue(!files.isEmpty());
        for (Path f : files) {
            assertTrue(Warcs.valid(f), "jwarc validates " + f);
        }
    }

    @Test
    void aWorkerServesOnlyTheLanesOfItsNodeAndReportsItsHeartbeat() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(50).withoutTraps());
        try (TestWebServer server = TestWebServer.start(site)) {
            Map<String, Object> fields = TestSpecs.fields("lanes", server.base());
            fields.put("partitions", 2);
            fields.put("nodes", List.of("elsewhere", ""));
            fields.put("followLinks", false);
            startCrawl("lanes", fields, List.of(new Discovery(0, FrontierEntry.of(server.base() + site.path(1), 0), Discovery.FIFO),
                    new Discovery(1, FrontierEntry.of(server.base() + site.path(2), 0), Discovery.FIFO)));
            worker("n1").start();
            long deadline = System.currentTimeMillis() + 30_000;
            FrontierCounts c = Await.result(frontier.counts("lanes"));
            while (c.fetchedByLane()[1] < 1 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
                c = Await.result(frontier.counts("lanes"));
            }
            Thread.sleep(300);   // a few more rounds of the loop: lane 0 stays untouched
            c = Await.result(frontier.counts("lanes"));
            assertEquals(1, c.fetchedByLane()[1], "lane 1 is any node's");
            assertEquals(0, c.fetchedByLane()[0], "lane 0 is another node's");
            assertEquals(1, c.queuedByLane()[0]);
            assertEquals(0, server.log().count(site.path(1)));
            assertTrue(registry.liveNodes().containsKey("n1"), "the worker's heartbeat: " + registry.list());

            // the lane moves to this node: the worker takes it up
            Await.result(frontier.assignLanes("lanes", Map.of(0, "n1")));
            assertEquals(FrontierState.FINISHED, awaitEnd("lanes", 30_000).state());
            assertEquals(1, server.log().count(site.path(1)));
        }
    }
}
