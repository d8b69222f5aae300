package io.trawler.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.trawler.testsite.BbcSite;
import io.trawler.testsite.TestWebServer;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts the BBC test site (all its hosts on one server) before Quarkus, points the fetcher's resolve map at
 * it, and runs the worker with one fetch in flight, so that a focused crawl fetches in exactly the order its
 * scores give.
 */
public class BbcSiteResource implements QuarkusTestResourceLifecycleManager {

    public static final long SEED = 42;
    public static volatile BbcSite site;
    public static volatile TestWebServer server;

    @Override
    public Map<String, String> start() {
        try {
            site = BbcSite.load(SEED);
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
}
