package io.trawler.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's worker list against the real Redis: load parsed from the heartbeat format {@link Heartbeat} writes;
 * long-silent workers forgotten with their load entry.
 */
@QuarkusTest
class WorkerDirectoryTest {

    @Inject
    WorkerDirectory workers;

    @Inject
    Redis redis;

    @Test
    void listsLiveAndStaleWorkersAndForgetsTheLongSilent() throws Exception {
        long now = System.currentTimeMillis();
        send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now).arg("wt-live"));
        send(Request.cmd(Command.HSET).arg(Heartbeat.STATE).arg("wt-live").arg(new Heartbeat.Load(3, 64, 120, 2, "wt-node", List.of("127.0.0.2", "127.0.0.3")).format()));
        send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now - 60_000).arg("wt-stale"));
        send(Request.cmd(Command.HSET).arg(Heartbeat.STATE).arg("wt-stale").arg("0,8,5,1"));
        send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now - WorkerDirectory.FORGET.toMillis() - 1000).arg("wt-gone"));
        send(Request.cmd(Command.HSET).arg(Heartbeat.STATE).arg("wt-gone").arg("0,8,5,1"));

        List<WorkerDirectory.Worker> listed;
        try {
            listed = workers.list();
        } finally {
            // leave no worker behind for later tests (a silent one raises an alert on the dashboard)
            for (String w : List.of("wt-live", "wt-stale")) {
                send(Request.cmd(Command.ZREM).arg(Heartbeat.SEEN).arg(w));
                send(Request.cmd(Command.HDEL).arg(Heartbeat.STATE).arg(w));
            }
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
        assertNull(send(Request.cmd(Command.HGET).arg(Heartbeat.STATE).arg("wt-gone")), "a forgotten worker's load is deleted too");
        assertNull(send(Request.cmd(Command.ZSCORE).arg(Heartbeat.SEEN).arg("wt-gone")));
    }

    /**
     * A day of restarts leaves many silent workers in the directory: the live ones are still all live (the listing once
     * read the 100 heard from first, so that nodes started later were never seen live and every lane went to one node).
     */
    @Test
    void liveNodesAreFoundBehindHundredsOfSilentWorkers() throws Exception {
        long now = System.currentTimeMillis();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 150; i++) {
            names.add("wt-old-" + i);
            send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now - 3_600_000 + i).arg("wt-old-" + i));
        }
        for (String node : List.of("wt-n1", "wt-n2", "wt-n3")) {
            names.add(node + "-1");
            send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now).arg(node + "-1"));
            send(Request.cmd(Command.HSET).arg(Heartbeat.STATE).arg(node + "-1").arg(new Heartbeat.Load(0, 64, 0, 0, node, List.of()).format()));
        }
        try {
            assertTrue(workers.liveNodes().keySet().containsAll(List.of("wt-n1", "wt-n2", "wt-n3")), workers.liveNodes().keySet().toString());
            assertTrue(workers.list().stream().map(WorkerDirectory.Worker::name).toList().containsAll(List.of("wt-n1-1", "wt-n2-1", "wt-n3-1")),
                    "the dashboard lists the workers heard from last");
        } finally {
            for (String w : names) {
                send(Request.cmd(Command.ZREM).arg(Heartbeat.SEEN).arg(w));
                send(Request.cmd(Command.HDEL).arg(Heartbeat.STATE).arg(w));
            }
        }
    }

    private Response send(Request r) throws Exception {
        return redis.send(r).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
}
