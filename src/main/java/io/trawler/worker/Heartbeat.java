package io.trawler.worker;

import io.trawler.frontier.Frontier;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A worker's heartbeat in Redis: {@value #SEEN} scores each worker by the time it last reported (epoch ms) and
 * {@value #STATE} holds its {@link Load}; the crawls it serves are told it is alive ({@link Frontier#renew}), so
 * that its leases come back soon after it stops. Sent from the worker loop every interval, without waiting for the
 * answer (a Redis outage must not stall fetching).
 */
public final class Heartbeat {

    /** Sorted set: worker name → last heartbeat (epoch ms). */
    public static final String SEEN = "trawler:workers:seen";
    /** Hash: worker name → its {@link Load} as {@code inFlight,concurrency,pages,crawls,node,address address…}. */
    public static final String STATE = "trawler:workers:state";

    /** A worker's load, node and source addresses as {@value #STATE} holds them. */
    public record Load(long inFlight, int concurrency, long pages, int crawls, String node, List<String> addresses) {

        public String format() {
            return inFlight + "," + concurrency + "," + pages + "," + crawls + "," + node + "," + String.join(" ", addresses);
        }

        /** Parses a stored load; missing or broken fields read as 0, a missing node as the worker's name. */
        public static Load parse(String worker, String state) {
            String[] f = state.split(",", -1);
            String node = f.length > 4 && !f[4].isEmpty() ? f[4] : worker;
            List<String> addresses = f.length > 5 && !f[5].isBlank() ? Arrays.asList(f[5].trim().split(" +")) : List.of();
            return new Load(num(f, 0), (int) num(f, 1), num(f, 2), (int) num(f, 3), node, addresses);
        }

        private static long num(String[] f, int i) {
            try {
                return i < f.length ? Long.parseLong(f[i]) : 0;
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    private final Redis redis;
    private final Frontier frontier;
    private final String worker;
    private final String node;
    private final List<String> addresses;
    private final long intervalMs;
    private long next;

    public Heartbeat(Redis redis, Frontier frontier, String worker, String node, List<String> addresses, long intervalMs) {
        this.redis = redis;
        this.frontier = frontier;
        this.worker = worker;
        this.node = node;
        this.addresses = List.copyOf(addresses);
        this.intervalMs = intervalMs;
    }

    /** Reports when the interval has passed since the last report. */
    public void maybeSend(long now, long inFlight, int concurrency, long pages, Collection<String> crawls) {
        if (now < next) {
            return;
        }
        next = now + intervalMs;
        redis.send(Request.cmd(Command.ZADD).arg(SEEN).arg(now).arg(worker));
        redis.send(Request.cmd(Command.HSET).arg(STATE).arg(worker)
                .arg(new Load(inFlight, concurrency, pages, crawls.size(), node, addresses).format()));
        frontier.renew(worker, crawls, now);
    }
}
