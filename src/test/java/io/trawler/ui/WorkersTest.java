package io.trawler.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.worker.Heartbeat;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The dashboard's worker list against the real Redis: load parsed from the heartbeat; long-silent workers forgotten. */
@QuarkusTest
class WorkersTest {

    @Inject
    Workers workers;

    @Inject
    Redis redis;

    @Test
    void listsLiveAndStaleWorkersAndForgetsTheLongSilent() throws Exception {
        long now = System.currentTimeMillis();
        new Heartbeat(redis, "wt-live").maybeSend(now, 3, 64, 120, 2);
        send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now - 60_000).arg("wt-stale"));
        send(Request.cmd(Command.HSET).arg(Heartbeat.STATE).arg("wt-stale").arg("0,8,5,1"));
        send(Request.cmd(Command.ZADD).arg(Heartbeat.SEEN).arg(now - Workers.FORGET.toMillis() - 1000).arg("wt-gone"));
        send(Request.cmd(Command.HSET).arg(Heartbeat.STATE).arg("wt-gone").arg("0,8,5,1"));

        var listed = workers.list();

        var live = listed.stream().filter(w -> w.name().equals("wt-live")).findFirst().orElseThrow();
        assertEquals(3, live.inFlight());
        assertEquals(64, live.concurrency());
        assertEquals(120, live.pages());
        assertEquals(2, live.crawls());
        assertFalse(live.stale());
        assertTrue(listed.stream().filter(w -> w.name().equals("wt-stale")).findFirst().orElseThrow().stale());
        assertTrue(listed.stream().noneMatch(w -> w.name().equals("wt-gone")));
        assertNull(send(Request.cmd(Command.HGET).arg(Heartbeat.STATE).arg("wt-gone")), "a forgotten worker's load is deleted too");
        assertNull(send(Request.cmd(Command.ZSCORE).arg(Heartbeat.SEEN).arg("wt-gone")));
    }

    private Response send(Request r) throws Exception {
        return redis.send(r).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
}
