package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.StaticSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import io.trawler.testsupport.SharedData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Crawls of a real static blog (../shared/data/sites), its sitemap found through robots.txt, with every wired ordering. */
@QuarkusTest
class BlogCrawlTest {

    static final String LIVE = "https://dustinpfister.github.io/";

    @Test
    void crawlsTheRealBlogOnceAndFindsEverySitemapPage() throws Exception {
        Path root = StaticSite.extract(SharedData.path("sites/dustinpfister.tar.gz"), Path.of("target/sites/dustinpfister"));
        try (TestWebServer server = TestWebServer.start(new StaticSite(root, LIVE))) {
            String siteId = Api.createSite("blog", server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 16),
                    Map.of("maxPages", 100000, "maxDepth", 10000));
            String crawlId = Api.startCrawl(siteId);
            JsonPath end = Api.awaitEnd(crawlId, 240_000);
            assertEquals("FINISHED", end.getString("state"));

            Map<String, Integer> requests = server.log().counts();
            requests.forEach((uri, n) -> assertEquals(1, n, "requested once: " + uri));

            List<Map<String, Object>> pages = Api.pages(crawlId);
            Set<String> fetched = new HashSet<>();
            for (Map<String, Object> p : pages) {
                assertTrue(fetched.add((String) p.get("url")), "one record per URL: " + p.get("url"));
            }
            assertEquals(requests.size() - 2, pages.size(), "a record for every request but robots.txt and sitemap.xml");

            String sitemap = Files.readString(root.resolve("sitemap.xml"), StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("<loc>([^<]+)</loc>").matcher(sitemap);
            int locs = 0;
            while (m.find()) {
                locs++;
                String url = m.group(1).trim().replace(LIVE, server.base() + "/");
                assertTrue(fetched.contains(url), "sitemap page fetched: " + url);
            }
            assertEquals(1071, locs);
            long ok = pages.stream().filter(p -> ((Number) p.get("status")).intValue() == 200).count();
            System.out.printf("blog crawl: %d records, %d with status 200, %d requests%n", pages.size(), ok, server.log().total());
            // with no depth limit the page set does not depend on the order of discovery
            assertTrue(ok >= 2450, "most of the 2,549 HTML pages are reachable: " + ok);

            // every other ordering fetches the same pages, each once (order differs, coverage does not)
            // (the focused ones with θ = 0, so that every page is relevant and expanded)
            for (String strategy : List.of("focused-t", "focused-tl", "dfs", "depth-weight", "largest-site", "backlinks", "pagerank",
                    "opic")) {
                server.log().clear();
                String other = Api.createSite("blog-" + strategy, server.base() + "/", Map.of("delayMs", 0, "maxConcurrentPerHost", 16),
                        Map.of("maxPages", 100000, "maxDepth", 10000));
                Map<String, Object> body = strategy.startsWith("focused")
                        ? Map.of("strategy", strategy, "topic", Map.of("keywords", Map.of("javascript", 1.0), "threshold", 0.0))
                        : Map.of("strategy", strategy);
                String id = Api.as().body(body).post("/api/v1/sites/" + other + "/crawls").then().statusCode(202)
                        .extract().path("id");
                assertEquals("FINISHED", Api.awaitEnd(id, 240_000).getString("state"));
                server.log().counts().forEach((uri, n) -> assertEquals(1, n, strategy + " requested once: " + uri));
                Set<String> urls = new HashSet<>();
                Api.pages(id).forEach(p -> urls.add((String) p.get("url")));
                Set<String> missing = new HashSet<>(fetched);
                missing.removeAll(urls);
                Set<String> extra = new HashSet<>(urls);
                extra.removeAll(fetched);
                assertTrue(missing.isEmpty() && extra.isEmpty(), strategy + " fetches the pages bfs fetched; missing " + missing.size()
                        + " " + missing.stream().limit(5).toList() + ", extra " + extra.size() + " " + extra.stream().limit(5).toList());
                System.out.printf("blog crawl %s: %d pages%n", strategy, urls.size());
            }
        }
    }
}
