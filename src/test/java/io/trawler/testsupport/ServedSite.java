package io.trawler.testsupport;

import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import java.util.Map;

/**
 * The opening of a crawl test: a generated site served by the project's test web server (each answer after
 * {@code delayMs}), and a Trawler site seeded at its home page with the given politeness and limits. Closing it stops
 * the server.
 */
public final class ServedSite implements AutoCloseable {

    private final GeneratedSite site;
    private final TestWebServer server;
    private final String siteId;

    private ServedSite(GeneratedSite site, TestWebServer server, String siteId) {
        this.site = site;
        this.server = server;
        this.siteId = siteId;
    }

    /** Serves {@code site} and creates the Trawler site {@code name} on it. */
    public static ServedSite start(GeneratedSite site, String name, Map<String, Object> politeness, Map<String, Object> limits)
            throws Exception {
        return start(site, 0, name, politeness, limits);
    }

    /** As {@link #start(GeneratedSite, String, Map, Map)}, every answer {@code delayMs} late. */
    public static ServedSite start(GeneratedSite site, int delayMs, String name, Map<String, Object> politeness,
            Map<String, Object> limits) throws Exception {
        TestWebServer server = delayMs == 0 ? TestWebServer.start(site) : TestWebServer.start(site, delayMs);
        try {
            return new ServedSite(site, server, Api.createSite(name, server.base() + "/", politeness, limits));
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
    }

    public GeneratedSite site() {
        return site;
    }

    public TestWebServer server() {
        return server;
    }

    /** The Trawler site's id. */
    public String siteId() {
        return siteId;
    }

    /** The server's base URL ({@code http://127.0.0.1:port}). */
    public String base() {
        return server.base();
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
