package io.trawler.frontier;

import io.trawler.redis.Await;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;

/** Tests that look at the worker registry in Redis: heartbeats as any version wrote them, and their removal. */
public final class TestWorkers {

    private TestWorkers() {
    }

    /** Writes a heartbeat with a raw load (as an earlier version may have written it) at {@code at}. */
    public static void reportRaw(Redis redis, String worker, String load, long at) {
        Await.result(redis.send(Request.cmd(Command.ZADD).arg(RedisWorkerRegistry.SEEN).arg(at).arg(worker)));
        Await.result(redis.send(Request.cmd(Command.HSET).arg(RedisWorkerRegistry.STATE).arg(worker).arg(load)));
    }

    /** Removes the workers from the registry. */
    public static void forget(Redis redis, String... workers) {
        for (String w : workers) {
            Await.result(redis.send(Request.cmd(Command.ZREM).arg(RedisWorkerRegistry.SEEN).arg(w)));
            Await.result(redis.send(Request.cmd(Command.HDEL).arg(RedisWorkerRegistry.STATE).arg(w)));
        }
    }

    /** The worker's last heartbeat (epoch ms), or -1 when it has none. */
    public static long lastSeen(Redis redis, String worker) {
        Response seen = Await.result(redis.send(Request.cmd(Command.ZSCORE).arg(RedisWorkerRegistry.SEEN).arg(worker)));
        return seen == null ? -1 : seen.toDouble().longValue();
    }

    /** Whether the worker's load entry is still stored. */
    public static boolean hasLoad(Redis redis, String worker) {
        return Await.result(redis.send(Request.cmd(Command.HGET).arg(RedisWorkerRegistry.STATE).arg(worker))) != null;
    }
}
