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
                req.connection().closeHandler(v -> open.decrementAndGet());
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
    void topicsGivenTogetherNeverFetchMoreThanTheCapAtATimeAndThoseFindingNoPlaceAreRefusedAtOnce() throws Exception {
        ExamplePages pages = new ExamplePages(vertx, new TestFetchConfig(1 << 20), new AddressPolicy(List.of()), 8, ExamplePages.WAIT);
        ExecutorService topics = Executors.newFixedThreadPool(4);
        try {
            mostOpen.set(0);
            List<Future<ExamplePages.Fetched>> fetched = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                // half the pages through a redirect, which holds its place until the page is read
                String prefix = (t % 2 == 0 ? "/page/" : "/moved/") + t + "-";
                String caller = "caller-" + t;
                fetched.add(topics.submit(() -> pages.fetch(urls(prefix, ExamplePages.MAX_URLS), u -> true, caller)));
            }
            int done = 0;
            int refused = 0;
            for (Future<ExamplePages.Fetched> f : fetched) {
                ExamplePages.Fetched r = f.get();
                if (r.busy()) {
                    refused++;
                    assertTrue(r.problems().get(0).message().contains("busy"), r.problems().toString());
                    continue;
                }
                done++;
                assertEquals(List.of(), r.problems());
                assertEquals(ExamplePages.MAX_URLS, r.texts().size());
                assertTrue(r.texts().get(0).contains("WebGL scenes"), r.texts().get(0));
            }
            assertTrue(done >= 2, "two topics of four places each fit in eight: " + done);
            assertEquals(4, done + refused);
            assertTrue(mostOpen.get() <= 8, "at most 8 example pages at a time, saw " + mostOpen.get());
            assertEquals(8, pages.freePlaces(), "every place is given back");
            // one topic alone takes at most its four places
            mostOpen.set(0);
            assertEquals(ExamplePages.MAX_URLS, pages.fetch(urls("/moved/solo-", ExamplePages.MAX_URLS), u -> true, "solo").texts().size());
            assertTrue(mostOpen.get() <= ExamplePages.PER_TOPIC, "one topic takes at most " + ExamplePages.PER_TOPIC + ": " + mostOpen.get());
        } finally {
            topics.shutdownNow();
            pages.close();
        }
    }

    @Test
    void oneCallerFetchesOneTopicAtATime() throws Exception {
        ExamplePages pages = new ExamplePages(vertx, new TestFetchConfig(1 << 20), new AddressPolicy(List.of()), 8, ExamplePages.WAIT);
        ExecutorService topics = Executors.newSingleThreadExecutor();
        try {
            Future<ExamplePages.Fetched> first = topics.submit(() -> pages.fetch(List.of(server.base() + "/stall"), u -> true, "alice"));
            while (pages.freePlaces() == 8) {
                Thread.sleep(5);
            }
            ExamplePages.Fetched second = pages.fetch(List.of(server.base() + "/page/a"), u -> true, "alice");
            assertTrue(second.busy() && second.problems().get(0).message().contains("already fetching"), second.toString());
            assertEquals(1, pages.fetch(List.of(server.base() + "/page/b"), u -> true, "bob").texts().size(), "another caller is served");
            first.get();
        } finally {
            topics.shutdownNow();
            pages.close();
        }
    }

    @Test
    void aFailedPageGivesItsPlaceBackAndABadUrlFetchesNothing() {
        ExamplePages pages = new ExamplePages(vertx, new TestFetchConfig(1 << 20), new AddressPolicy(List.of()), 2, ExamplePages.WAIT);
        try {
            ExamplePages.Fetched r = pages.fetch(List.of("http://127.0.0.1:1/nothing-listens", server.base() + "/page/x"), true);
            assertEquals(List.of(0), r.problems().stream().map(ExamplePages.Problem::index).toList());
            assertEquals(2, pages.freePlaces());
            mostOpen.set(0);
            ExamplePages.Fetched bad = pages.fetch(List.of(server.base() + "/page/y", "ftp://x/"), true);
            assertEquals(List.of(1), bad.problems().stream().map(ExamplePages.Problem::index).toList(), "the bad URL, nothing fetched");
            assertEquals(0, mostOpen.get(), "no page fetched for a topic with a bad URL");
        } finally {
            pages.close();
        }
    }

    @Test
    void aTopicThatFindsNoPlaceIsRefusedAtOnceAsBusy() throws Exception {
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
