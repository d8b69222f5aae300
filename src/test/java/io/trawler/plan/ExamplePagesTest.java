package io.trawler.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.TestFetchConfig;
import io.trawler.testsite.TestWebServer;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Example pages against the project's test web server: every page is read, and never more at a time than the cap. */
class ExamplePagesTest {

    static Vertx vertx;
    static TestWebServer server;
    static final AtomicInteger open = new AtomicInteger();
    static final AtomicInteger mostOpen = new AtomicInteger();

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        server = TestWebServer.start(req -> {
            mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
            String path = req.path();
            if (path.startsWith("/stall")) {
                return;   // never answers: the fetcher gives up after its total timeout
            }
            // each page answers after 40 ms, so fetches started together overlap
            req.response().exceptionHandler(e -> { });
            server.vertx().setTimer(40, t -> {
                open.decrementAndGet();
                if (path.startsWith("/moved/")) {
                    req.response().setStatusCode(301).putHeader("Location", "/page/" + path.substring(7)).end();
                } else {
                    req.response().putHeader("Content-Type", "text/html")
                            .end("<html><title>Example " + path + "</title><body><p>WebGL scenes for " + path + "</p></body></html>");
                }
            });
        });
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        vertx.close();
    }

    private static List<String> urls(String prefix, int n) {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            urls.add(server.base() + prefix + i);
        }
        return urls;
    }

    @Test
    void topicsGivenTogetherNeverFetchMoreThanTheCapAtATime() throws Exception {
        ExamplePages pages = new ExamplePages(vertx, new TestFetchConfig(1 << 20), new AddressPolicy(List.of()), 3, ExamplePages.WAIT);
        ExecutorService topics = Executors.newFixedThreadPool(4);
        try {
            mostOpen.set(0);
            List<Future<ExamplePages.Fetched>> fetched = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                // half the pages through a redirect, which holds its place until the page is read
                String prefix = (t % 2 == 0 ? "/page/" : "/moved/") + t + "-";
                fetched.add(topics.submit(() -> pages.fetch(urls(prefix, ExamplePages.MAX_URLS), true)));
            }
            for (Future<ExamplePages.Fetched> f : fetched) {
                ExamplePages.Fetched r = f.get();
                assertEquals(List.of(), r.problems());
                assertEquals(ExamplePages.MAX_URLS, r.texts().size());
                assertTrue(r.texts().get(0).contains("WebGL scenes"), r.texts().get(0));
            }
            assertTrue(mostOpen.get() <= 3, "at most 3 example pages at a time, saw " + mostOpen.get());
            assertTrue(mostOpen.get() >= 2, "fetches did overlap: " + mostOpen.get());
            assertEquals(3, pages.freePlaces(), "every place is given back");
        } finally {
            topics.shutdownNow();
            pages.close();
        }
    }

    @Test
    void aFailedPageGivesItsPlaceBack() {
        ExamplePages pages = new ExamplePages(vertx, new TestFetchConfig(1 << 20), new AddressPolicy(List.of()), 2, ExamplePages.WAIT);
        try {
            ExamplePages.Fetched r = pages.fetch(List.of("http://127.0.0.1:1/nothing-listens", server.base() + "/page/x", "ftp://x/"), true);
            assertEquals(List.of(0, 2), r.problems().stream().map(ExamplePages.Problem::index).toList());
            assertEquals(2, pages.freePlaces());
        } finally {
            pages.close();
        }
    }

    @Test
    void aTopicThatFindsNoPlaceInTimeIsRefusedAsBusy() throws Exception {
        ExamplePages pages = new ExamplePages(vertx, new TestFetchConfig(1 << 20), new AddressPolicy(List.of()), 1,
                java.time.Duration.ofMillis(500));
        ExecutorService topics = Executors.newSingleThreadExecutor();
        try {
            // the one place is held by a page that stalls until the fetcher's total timeout (3 s)
            Future<ExamplePages.Fetched> first = topics.submit(() -> pages.fetch(List.of(server.base() + "/stall"), true));
            while (pages.freePlaces() > 0) {
                Thread.sleep(5);
            }
            ExamplePages.Fetched second = pages.fetch(List.of(server.base() + "/page/a"), true);
            assertTrue(second.busy());
            assertEquals(List.of(), second.texts());
            assertTrue(second.problems().get(0).message().contains("busy"), second.problems().toString());
            ExamplePages.Fetched stalled = first.get();
            assertTrue(!stalled.busy() && stalled.problems().size() == 1, stalled.toString());
            // the stalled fetch holds its place until the fetcher gives it up, then gives it back
            long until = System.nanoTime() + 10_000_000_000L;
            while (pages.freePlaces() == 0 && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertEquals(1, pages.freePlaces());
            assertEquals(1, pages.fetch(List.of(server.base() + "/page/b"), true).texts().size(), "the place is free again");
        } finally {
            topics.shutdownNow();
            pages.close();
        }
    }
}
