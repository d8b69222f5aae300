package io.trawler.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.trawler.testsite.HollinsSite;
import io.trawler.testsite.TestWebServer;
import java.util.Map;

/** Starts the Hollins test site before Quarkus and points the fetcher's resolve map at it. */
public class HollinsSiteResource implements QuarkusTestResourceLifecycleManager {

    public static volatile TestWebServer server;

    @Override
    public Map<String, String> start() {
        try {
            HollinsSite site = new HollinsSite();
            server = TestWebServer.start(site::serve);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        String address = "127.0.0.1:" + server.port();
        return Map.of("trawler.fetch.resolve.\"www1.hollins.edu\"", address, "trawler.fetch.resolve.\"www.hollins.edu\"", address);
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
