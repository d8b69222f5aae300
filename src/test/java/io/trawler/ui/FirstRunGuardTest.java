package io.trawler.ui;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.trawler.testsupport.Api;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The first-run path with the production default (private networks refused): a site whose seed is on loopback is
 * told at once, on its page and by the scope tester, that its crawl would fetch nothing, why, and who may allow it —
 * instead of "in scope … would be crawled" and a crawl that ends with one blocked page.
 */
@QuarkusTest
@TestProfile(FirstRunGuardTest.Profile.class)
class FirstRunGuardTest {

    /** As a fresh installation: private networks refused. */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trawler.fetch.allow-private-networks", "false");
        }
    }

    @Test
    void aLoopbackSeedIsCalledOutOnTheSitePageAndByTheScopeTester() {
        String siteId = Api.createSite("first-run", "http://127.0.0.1:8089/docs/", Map.of("delayMs", 0), Map.of("maxPages", 10));
        Api.as().accept("text/html").get("/ui/sites/" + siteId).then().statusCode(200)
                .body(containsString("id=\"blocked-seeds\"")).body(containsString("127.0.0.1 is a loopback address"))
                .body(containsString("Only an admin may allow private networks"));
        Api.as().accept("text/html").queryParam("url", "http://127.0.0.1:8089/docs/a.html").get("/ui/sites/" + siteId + "/scope")
                .then().statusCode(200).body(containsString("In scope, but it would not be fetched"))
                .body(containsString("an admin may allow private networks")).body(not(containsString("would be crawled")));
        // the crawl records its seed as blocked, and its page names the reason in the summary
        String crawlId = Api.startCrawl(siteId);
        try {
            org.junit.jupiter.api.Assertions.assertEquals(0, Api.awaitEnd(crawlId, 60_000).getLong("counts.fetched"));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        Api.as().accept("text/html").get("/ui/crawls/" + crawlId).then().statusCode(200)
                .body(containsString("id=\"blocked-summary\"")).body(containsString("1 page was not fetched"))
                .body(containsString("127.0.0.1 is a loopback address"));
        // a public seed is not called out
        String publicSite = Api.createSite("first-run-public", "http://93.184.215.14/", Map.of("delayMs", 0), Map.of("maxPages", 10));
        Api.as().accept("text/html").get("/ui/sites/" + publicSite).then().statusCode(200).body(not(containsString("id=\"blocked-seeds\"")));
    }
}
