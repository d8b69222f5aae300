package io.trawler.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.trawler.eval.BlogSite;
import io.trawler.testsite.StaticSite;
import io.trawler.testsite.TestWebServer;
import java.util.List;
import java.util.Map;

/**
 * Serves the real blog of {@code ../shared/data/sites} as {@code blog.test} (the fetcher's resolve map points the
 * name at the test server) before Quarkus starts, and runs the worker with one fetch in flight, so that a focused
 * crawl fetches in exactly the order its scores give. The blog's own sitemap names a host out of the crawl's scope.
 */
public class BlogSiteResource implements QuarkusTestResourceLifecycleManager {

    public static volatile BlogSite site;
    public static volatile TestWebServer server;

    @Override
    public Map<String, String> start() {
        try {
            site = BlogSite.load();
            server = TestWebServer.start(new StaticSite(site.root(), "https://dustinpfister.github.io/"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return Map.of("trawler.fetch.resolve.\"blog.test\"", "127.0.0.1:" + server.port(), "trawler.worker.concurrency", "1");
    }

    @Override
    public void stop() {
        try {
            server.close();
        } catch (Exception ignored) {
            // test over
        }
    }

    /** A site for the blog (no politeness delay) and a focused crawl of it with the strategy, budget and keywords; returns its id. */
    public static String startFocusedCrawl(String name, String strategy, long budget, Map<String, Double> keywords, double threshold) {
        String siteId = Api.createSite(Map.of("name", name, "seeds", List.of(BlogSite.HOME),
                "politeness", Map.of("delayMs", 0, "maxConcurrentPerHost", 1), "limits", Map.of("maxPages", 100000, "maxDepth", 10000)));
        return Api.as().body(Map.of("strategy", strategy, "budget", budget, "topic", Map.of("keywords", keywords, "threshold", threshold)))
                .post("/api/v1/sites/" + siteId + "/crawls").then().statusCode(202).extract().path("id");
    }
}
