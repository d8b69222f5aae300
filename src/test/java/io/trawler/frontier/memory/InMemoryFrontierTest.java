package io.trawler.frontier.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.frontier.Completion;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.FrontierState;
import io.trawler.frontier.Lease;
import io.trawler.frontier.PageRecord;
import io.trawler.order.FrontierRules;
import io.trawler.order.Rescoring;
import io.trawler.order.Scores;
import io.trawler.redis.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What the in-memory frontier keeps beyond the contract: its own counters, and atomic operations under threads. */
class InMemoryFrontierTest {

    private final InMemoryFrontier frontier = new InMemoryFrontier();

    @Test
    void focusedCrawlsCountRelevantAndIrrelevantPages() {
        Await.result(frontier.create("c", new CrawlFrontierSettings(10, 0, 100, 1, false, FrontierRules.rescoring(Rescoring.FOCUS_LEARN), 0),
                "{}"));
        Await.result(frontier.enqueue("c", List.of(new Discovery(0, FrontierEntry.of("http://a.test/", 0), Scores.ranked(0)),
                new Discovery(0, FrontierEntry.of("http://a.test/b", 0), Scores.ranked(0))), 1));
        List<Lease> two = Await.result(frontier.lease("c", 0, 2, 60_000, 2));
        for (int i = 0; i < 2; i++) {
            Lease l = two.get(i);
            Await.result(frontier.complete(new Completion(l, 3, 0, false, Completion.Tally.FETCHED, null, List.of(),
                    new Completion.Relevance(i * 0.5, i == 1)), 3));
        }
        assertEquals(1, frontier.counters("c").relevant);
        assertEquals(1, frontier.counters("c").irrelevant);
    }

    /** Eight threads lease and complete at once: every URL is fetched exactly once and the counts add up. */
    @Test
    void operationsAreAtomicUnderConcurrentWorkers() throws Exception {
        Await.result(frontier.create("c", new CrawlFrontierSettings(4, 0, 0, 2), "{}"));
        List<Discovery> seeds = new ArrayList<>();
        for (int h = 0; h < 20; h++) {
            seeds.add(new Discovery(h % 2, FrontierEntry.of("http://h" + h + ".test/", 0), Discovery.FIFO));
        }
        Await.result(frontier.enqueue("c", seeds, 1));
        Set<String> fetched = ConcurrentHashMap.newKeySet();
        AtomicInteger duplicates = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int t = 0; t < 8; t++) {
            int lane = t % 2;
            pool.execute(() -> {
                long deadline = System.currentTimeMillis() + 30_000;
                while (Await.result(frontier.counts("c")).state() == FrontierState.RUNNING && System.currentTimeMillis() < deadline) {
                    List<Lease> leases = Await.result(frontier.lease("c", lane, 5, 60_000, System.currentTimeMillis()));
                    if (leases.isEmpty()) {
                        Thread.onSpinWait();
                        continue;
                    }
                    for (Lease l : leases) {
                        if (!fetched.add(l.url())) {
                            duplicates.incrementAndGet();
                        }
                        List<Discovery> links = new ArrayList<>();
                        int depth = l.entry().depth();
                        if (depth < 3) {
                            for (int k = 0; k < 4; k++) {
                                String url = l.url() + "d" + depth + "k" + k + "/";
                                links.add(new Discovery(Math.floorMod(url.hashCode(), 2), FrontierEntry.of(url, depth + 1), Discovery.FIFO));
                            }
                        }
                        PageRecord rec = PageRecord.builder(l.url(), 200, "fetched", 1, l.partition(), depth).build();
                        Await.result(frontier.complete(new Completion(l, 0, 0, false, Completion.Tally.FETCHED, rec, links),
                                System.currentTimeMillis()));
                    }
                }
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        int expected = 20 * (1 + 4 + 16 + 64);
        FrontierCounts c = Await.result(frontier.counts("c"));
        assertEquals(0, duplicates.get(), "no URL leased twice");
        assertEquals(expected, fetched.size());
        assertEquals(expected, c.fetched());
        assertEquals(expected, c.unique());
        assertEquals(expected, c.fetchedByLane()[0] + c.fetchedByLane()[1]);
        assertEquals(FrontierState.FINISHED, c.state());
        assertEquals(expected, Await.result(frontier.unread("c")));
    }
}
