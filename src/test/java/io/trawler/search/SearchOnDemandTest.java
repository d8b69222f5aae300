package io.trawler.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** Search indexing on demand ({@code trawler.search.on-demand}): a crawl costs no indexing until someone searches it. */
@QuarkusTest
@TestProfile(SearchOnDemandTest.Profile.class)
class SearchOnDemandTest {

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trawler.search.on-demand", "true");
        }
    }

    @Test
    void aCrawlNobodySearchesIsNotIndexedAndItsFirstSearchIndexesItToTheEnd() throws Exception {
        try (TestWebServer server = SearchApiTest.twoPages("Zorvane")) {
            String siteId = Api.createSite(Map.of("name", "on demand", "seeds", List.of(server.base() + "/"),
                    "politeness", Map.of("delayMs", 0), "limits", Map.of("maxPages", 10)));
            String crawlId = Api.startCrawl(siteId);
            Api.awaitEnd(crawlId, 60_000);
            // the indexer's rounds (every 200 ms here) pass the ended crawl over: nobody searched it
            Thread.sleep(1_500);
            Path index = Path.of(ConfigProvider.getConfig().getValue("trawler.data-dir", String.class), "search", crawlId);
            assertFalse(Files.exists(index), "no index for a crawl nobody searched: " + index);

            JsonPath first = Api.as().queryParam("q", "zorvane").get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(200)
                    .extract().jsonPath();
            assertFalse(first.getBoolean("complete"), "the first search finds the index just begun: " + first.prettify());
            assertTrue(Files.isDirectory(index));
            // from then on it is indexed in the background to the end, without more searches
            long deadline = System.currentTimeMillis() + 30_000;
            while (!indexed(crawlId)) {
                assertTrue(System.currentTimeMillis() < deadline, "indexed to the end within 30 s of its first search");
                Thread.sleep(100);
            }
            JsonPath found = Api.as().queryParam("q", "zorvane").get("/api/v1/crawls/" + crawlId + "/search").then().statusCode(200)
                    .extract().jsonPath();
            assertTrue(found.getBoolean("complete"));
            assertEquals(2, found.getInt("total"), found.prettify());
        }
    }

    private static boolean indexed(String crawlId) {
        return io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().call(() ->
                io.trawler.crawl.Crawl.<io.trawler.crawl.Crawl>findById(crawlId).searchIndexed);
    }
}
