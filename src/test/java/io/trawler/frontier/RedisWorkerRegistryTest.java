package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.redis.Await;
import io.vertx.redis.client.Redis;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's worker list against the real Redis: loads as workers report them (and as an earlier version wrote
 * them); long-silent workers forgotten with their load entry.
 */
@QuarkusTest
class RedisWorkerRegistryTest {

    @Inject
    WorkerRegistry workers;

    @Inject
    Redis redis;

    @Test
    void listsLiveAndStaleWorkersAndForgetsTheLongSilent() throws Exception {
        long now = System.currentTimeMillis();
        Await.result(workers.report("wt-live", new WorkerRegistry.Load(3, 64, 120, 2, "wt-node", List.of("127.0.0.2", "127.0.0.3")), now));
        TestWorkers.reportRaw(redis, "wt-stale", "0,8,5,1", now - 60_000);
        TestWorkers.reportRaw(redis, "wt-gone", "0,8,5,1", now - RedisWorkerRegistry.FORGET.toMillis() - 1000);
        assertEquals(now, TestWorkers.lastSeen(redis, "wt-live"), "the report is stored when its future completes");

        List<WorkerRegistry.Worker> listed;
        try {
            listed = workers.list();
        } finally {
            // leave no worker behind for later tests (a silent one raises an alert on the dashboard)
            TestWorkers.forget(redis, "wt-live", "wt-stale");
        }

        var live = listed.stream().filter(w -> w.name().equals("wt-live")).findFirst().orElseThrow();
        assertEquals(3, live.inFlight());
        assertEquals(64, live.concurrency());
        assertEquals(120, live.pages());
        assertEquals(2, live.crawls());
        assertEquals("wt-node", live.node());
        assertEquals(List.of("127.0.0.2", "127.0.0.3"), live.addresses());
        assertEquals("wt-stale", listed.stream().filter(w -> w.name().equals("wt-stale")).findFirst().orElseThrow().node(),
                "a heartbeat of an earlier version (no node): the worker is its own node");
        assertFalse(live.stale());
        assertTrue(listed.stream().filter(w -> w.name().equals("wt-stale")).findFirst().orElseThrow().stale());
        assertTrue(listed.stream().noneMatch(w -> w.name().equals("wt-gone")));
        assertFalse(TestWorkers.hasLoad(redis, "wt-gone"), "a forgotten worker's load is deleted too");
        assertEquals(-1, TestWorkers.lastSeen(redis, "wt-gone"));
    }

    /**
     * A day of restarts leaves many silent workers in the directory: the live ones are still all live (the listing once
     * read the 100 heard from first, so that nodes started later were never seen live and every lane went to one node).
     */
    @Test
    void liveNodesAreFoundBehindHundredsOfSilentWorkers() throws Exception {
        long now = System.currentTimeMillis();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            names.add("wt-old-" + i);
            TestWorkers.reportRaw(redis, "wt-old-" + i, "", now - 3_600_000 + i);
        }
        for (String node : List.of("wt-n1", "wt-n2", "wt-n3")) {
            names.add(node + "-1");
            Await.result(workers.report(node + "-1", new WorkerRegistry.Load(0, 64, 0, 0, node, List.of()), now));
        }
        try {
            assertTrue(workers.liveNodes().keySet().containsAll(List.of("wt-n1", "wt-n2", "wt-n3")), workers.liveNodes().keySet().toString());
            assertTrue(workers.list().stream().map(WorkerRegistry.Worker::name).toList().containsAll(List.of("wt-n1-1", "wt-n2-1", "wt-n3-1")),
                    "the dashboard lists the workers heard from last");
        } finally {
            TestWorkers.forget(redis, names.toArray(String[]::new));
        }
    }

}
