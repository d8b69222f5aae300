package io.trawler.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.errors.ApiException;
import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.TestFetchConfig;
import io.trawler.plan.ExamplePages;
import io.trawler.testsite.TestWebServer;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A topic's example pages as the API resolves them, with the installation's guard on (private networks refused unless
 * the site may reach them): a topic that would be refused anyway fetches nothing; a site an admin allowed to reach
 * private networks has its own example URLs fetched, and any other private one is refused for the right reason.
 */
class TopicExamplesTest {

    static Vertx vertx;
    static TestWebServer server;
    static final AtomicInteger requests = new AtomicInteger();
    static ExamplePages pages;

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        server = TestWebServer.start(req -> {
            requests.incrementAndGet();
            req.response().putHeader("Content-Type", "text/html").end("<html><title>Derby</title><body><p>The striker scored.</p></body></html>");
        });
        TestFetchConfig guarded = new TestFetchConfig(1 << 20) {
            @Override
            public boolean allowPrivateNetworks() {
                return false;
            }
        };
        pages = new ExamplePages(vertx, guarded, new AddressPolicy(List.of()));
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        vertx.close();
    }

    private static TopicRequest.SiteReach site(boolean allows) {
        return new TopicRequest.SiteReach(allows, u -> u.startsWith(server.base() + "/own/"));
    }

    @Test
    void aTopicThatWouldBeRefusedFetchesNothing() {
        requests.set(0);
        for (TopicRequest bad : List.of(new TopicRequest(null, null, 5.0, null, List.of(server.base() + "/own/a")),
                new TopicRequest(java.util.Map.of("goal", -1.0), null, null, null, List.of(server.base() + "/own/a")))) {
            ApiException e = assertThrows(ApiException.class, () -> bad.resolved("topic", 0.1, pages, site(true), "alice"));
            assertEquals(400, e.status());
        }
        assertEquals(0, requests.get(), "no example page fetched for a topic refused anyway");
    }

    @Test
    void aSiteAllowedPrivateNetworksHasItsOwnExamplesFetchedAndNoOthers() {
        String own = server.base() + "/own/article";
        assertTrue(new TopicRequest(null, null, null, null, List.of(own)).resolved("topic", 0.1, pages, site(true), "alice").examples().get(0)
                .contains("striker"));
        ApiException other = assertThrows(ApiException.class,
                () -> new TopicRequest(null, null, null, null, List.of(server.base() + "/elsewhere")).resolved("topic", 0.1, pages, site(true), "alice"));
        String reason = other.body().details().get(0).message();
        assertTrue(reason.contains("for its own URLs only"), reason);
        ApiException denied = assertThrows(ApiException.class,
                () -> new TopicRequest(null, null, null, null, List.of(own)).resolved("topic", 0.1, pages, site(false), "alice"));
        assertTrue(denied.body().details().get(0).message().contains("private networks are not allowed for this site"), denied.body().details().toString());
    }
}
