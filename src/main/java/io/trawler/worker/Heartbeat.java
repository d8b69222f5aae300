package io.trawler.worker;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;

/**
 * A worker's heartbeat in Redis, for the dashboard: {@value #SEEN} scores each worker by the time it last reported
 * (epoch ms) and {@value #STATE} holds its load as {@code inFlight,concurrency,pages,crawls}. Sent from the worker
 * loop every {@link #INTERVAL_MS} ms, without waiting for the answer (a Redis outage must not stall fetching).
 */
public final class Heartbeat {

    /** Sorted set: worker name → last heartbeat (epoch ms). */
    public static final String SEEN = "trawler:workers:seen";
    /** Hash: worker name → "inFlight,concurrency,pages,crawls". */
    public static final String STATE = "trawler:workers:state";
    /** How often a worker reports. */
    public static final long INTERVAL_MS = 5000;

    private final Redis redis;
    private final String node;
    private long next;

    public Heartbeat(Redis redis, String node) {
        this.redis = redis;
        this.node = node;
    }

    /** Reports when the interval has passed since the last report. */
    public void maybeSend(long now, long inFlight, int concurrency, long pages, int crawls) {
        if (now < next) {
            return;
        }
        next = now + INTERVAL_MS;
        redis.send(Request.cmd(Command.ZADD).arg(SEEN).arg(now).arg(node));
        redis.send(Request.cmd(Command.HSET).arg(STATE).arg(node).arg(state(inFlight, concurrency, pages, crawls)));
    }

    /** A worker's load as {@value #STATE} holds it. */
    public static String state(long inFlight, int concurrency, long pages, int crawls) {
        return inFlight + "," + concurrency + "," + pages + "," + crawls;
    }
}
