package io.trawler.crawl;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsite.TestWebServer;
import io.trawler.testsupport.Api;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A site's retention: refused out of range, shown as set, and applied on its own to the crawls it does not keep. */
@QuarkusTest
class RetentionTest {

    @Inject
    RetentionSweeper sweeper;

    @Test
    void aSiteKeepsItsNewestCrawlsAndTheRestAreDeleted() throws Exception {
        GeneratedSite site = new GeneratedSite(GeneratedSite.Options.of(20).withoutTraps());
        try (TestWebServer server = TestWebServer.start(site)) {
            Map<String, Object> body = Map.of("name", "retention", "seeds", List.of(server.base() + "/"),
                    "politeness", Map.of("delayMs", 0), "limits", Map.of("maxPages", 100), "retention", Map.of("keepCrawls", 2, "keepDays", 30));
            String siteId = Api.createSite(body);
            Api.as().get("/api/v1/sites/" + siteId).then().statusCode(200).body("retention.keepCrawls", equalTo(2))
                    .body("retention.keepDays", equalTo(30));
            Api.as().body(Map.of("name", "retention", "seeds", List.of(server.base() + "/"), "retention", Map.of("keepCrawls", 0, "keepDays", 0)))
                    .put("/api/v1/sites/" + siteId).then().statusCode(400)
                    .body("details.field", hasItem("retention.keepCrawls")).body("details.field", hasItem("retention.keepDays"));

            String[] crawls = new String[3];
            for (int i = 0; i < 3; i++) {
                crawls[i] = Api.startCrawl(siteId);
                Api.awaitEnd(crawls[i], 60_000);
            }
            assertEquals(List.of(crawls[0]), sweeper.sweep(Instant.now()), "the oldest of three, beyond the newest two");
            Api.as().get("/api/v1/crawls/" + crawls[0]).then().statusCode(404);
            Api.as().get("/api/v1/crawls/" + crawls[1]).then().statusCode(200);
            assertEquals(List.of(), sweeper.sweep(Instant.now()), "nothing more to delete");
            // forty days on, only the newest crawl is kept, whatever its age
            assertEquals(List.of(crawls[1]), sweeper.sweep(Instant.now().plus(java.time.Duration.ofDays(40))));
            Api.as().get("/api/v1/crawls/" + crawls[2]).then().statusCode(200);
            Api.as().get("/api/v1/sites/" + siteId + "/storage").then().statusCode(200).body("crawls.size()", equalTo(1));
        }
    }
}
