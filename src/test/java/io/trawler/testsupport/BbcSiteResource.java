package io.trawler.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.trawler.order.Topic;
import io.trawler.testsite.BbcSite;
import io.trawler.testsite.TestWebServer;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts the BBC test site (all its hosts on one server; in the shape the {@code shape} argument names) before Quarkus, points the fetcher's resolve map at
 * it, and runs the worker with one fetch in flight, so that a focused crawl fetches in exactly the order its
 * scores give.
 */
public class BbcSiteResource implements QuarkusTestResourceLifecycleManager {

    public static final long SEED = 42;
    public static volatile BbcSite site;
    public static volatile TestWebServer server;

    private BbcSite.Shape shape = BbcSite.Shape.RELATED;

    /** {@code shape}: RELATED (the default) or LISTINGS. */
    @Override
    public void init(Map<String, String> initArgs) {
        if (initArgs.containsKey("shape")) {
            shape = BbcSite.Shape.valueOf(initArgs.get("shape"));
        }
    }

    @Override
    public Map<String, String> start() {
        try {
            site = BbcSite.load(SEED, shape);
            server = TestWebServer.start(site::serve);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Map<String, String> config = new HashMap<>();
        for (String host : BbcSite.HOSTS) {
            config.put("trawler.fetch.resolve.\"" + host + "\"", "127.0.0.1:" + server.port());
        }
        config.put("trawler.worker.concurrency", "1");
        return config;
    }

    @Override
    public void stop() {
        try {
            server.close();
        } catch (Exception ignored) {
            // test over
        }
    }

    /**
     * A site for the BBC test site's hosts (no politeness delay, one fetch per host) and a focused crawl of it with the
     * strategy, budget and topic; returns the crawl's id.
     */
    public static String startFocusedCrawl(String name, String strategy, long budget, Topic topic) {
        String siteId = Api.createSite(Map.of("name", name, "seeds", java.util.List.of(BbcSite.HOME), "scope",
                Map.of("hosts", java.util.List.of("*.bbc.test")), "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1),
                "limits", Map.of("maxPages", 100000, "maxDepth", 10000)));
        return Api.as().body(Map.of("strategy", strategy, "budget", budget, "topic", Map.of("examples", topic.examples(),
                "threshold", topic.threshold(), "background", topic.background()))).post("/api/v1/sites/" + siteId + "/crawls").then()
                .statusCode(202).extract().path("id");
    }
}
