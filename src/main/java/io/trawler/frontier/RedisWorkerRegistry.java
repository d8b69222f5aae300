package io.trawler.frontier;

import io.trawler.redis.ScoredMembers;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The {@link WorkerRegistry} in Redis: {@value #SEEN} scores each worker by the time it last reported (epoch ms) and
 * {@value #STATE} holds its {@link Load} as {@code inFlight,concurrency,pages,crawls,node,address address…}.
 * Workers silent for a day are forgotten, by whichever listing finds them.
 */
@ApplicationScoped
public class RedisWorkerRegistry implements WorkerRegistry {

    /** Sorted set: worker name → last heartbeat (epoch ms). */
    static final String SEEN = "trawler:workers:seen";
    /** Hash: worker name → its load. */
    static final String STATE = "trawler:workers:state";

    /** Workers silent this long are forgotten. */
    static final Duration FORGET = Duration.ofDays(1);

    private final Redis redis;
    private final Duration timeout;

    /**
     * @param nodeTimeout how long a worker may be silent and still live: {@code trawler.worker.node-timeout}, whose
     *     default the worker's settings ({@code WorkerConfig}) hold
     */
    @Inject
    public RedisWorkerRegistry(Redis redis, @ConfigProperty(name = "trawler.worker.node-timeout") Duration nodeTimeout) {
        this.redis = redis;
        this.timeout = nodeTimeout;
    }

    @Override
    public Future<Void> report(String worker, Load load, long now) {
        // the load first: a worker listed as seen always has its load
        return redis.send(Request.cmd(Command.HSET).arg(STATE).arg(worker).arg(format(load)))
                .compose(r -> redis.send(Request.cmd(Command.ZADD).arg(SEEN).arg(now).arg(worker))).mapEmpty();
    }

    /** A load as {@value #STATE} holds it. */
    static String format(Load l) {
        return l.inFlight() + "," + l.concurrency() + "," + l.pages() + "," + l.crawls() + "," + l.node() + "," + String.join(" ", l.addresses());
    }

    /** Parses a stored load; missing or broken fields read as 0, a missing node as the worker's name. */
    static Load parse(String worker, String state) {
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

    @Override
    public List<Worker> list() {
        long now = System.currentTimeMillis();
        try {
            Request newestFirst = Request.cmd(Command.ZREVRANGE).arg(SEEN).arg(0).arg(99).arg("WITHSCORES");
            List<ScoredMembers.Scored> workers = ScoredMembers.of(get(newestFirst));
            long cutoff = now - FORGET.toMillis();
            if (!workers.isEmpty() && workers.get(workers.size() - 1).score() < cutoff) {
                // some are long silent: tidy up (rarely: the listing alone tells when it is needed)
                try {
                    forgetSilent(cutoff);
                    workers = ScoredMembers.of(get(newestFirst));
                } catch (Exception e) {
                    // tidying up can wait for the next call; the list is still shown
                }
            }
            return withLoads(workers, now);
        } catch (Exception e) {
            return List.of();
        }
    }

    @Override
    public Map<String, List<Worker>> liveNodes() {
        long now = System.currentTimeMillis();
        Map<String, List<Worker>> nodes = new TreeMap<>();
        try {
            Request live = Request.cmd(Command.ZRANGEBYSCORE).arg(SEEN).arg(now - timeout.toMillis()).arg("+inf").arg("WITHSCORES");
            for (Worker w : withLoads(ScoredMembers.of(get(live)), now)) {
                if (!w.stale()) {
                    nodes.computeIfAbsent(w.node(), n -> new ArrayList<>()).add(w);
                }
            }
        } catch (Exception e) {
            // Redis does not answer: no node is known to be live (lanes stay where they are)
        }
        return nodes;
    }

    @Override
    public List<String> addressesOf(String node) {
        long now = System.currentTimeMillis();
        Snapshot s = snapshot;
        if (s == null || now - s.at() > 1000) {
            s = new Snapshot(now, liveNodes());
            snapshot = s;
        }
        List<Worker> ws = s.nodes().get(node);
        return ws == null ? List.of() : ws.stream().flatMap(w -> w.addresses().stream()).distinct().sorted().toList();
    }

    private record Snapshot(long at, Map<String, List<Worker>> nodes) {
    }

    private volatile Snapshot snapshot;

    /** The workers with their loads, node and addresses read in one HMGET. */
    private List<Worker> withLoads(List<ScoredMembers.Scored> workers, long now) throws Exception {
        List<Worker> out = new ArrayList<>();
        if (workers.isEmpty()) {
            return out;
        }
        Request hmget = Request.cmd(Command.HMGET).arg(STATE);
        workers.forEach(w -> hmget.arg(w.member()));
        Response states = get(hmget);
        for (int i = 0; i < workers.size(); i++) {
            ScoredMembers.Scored w = workers.get(i);
            Response state = states == null ? null : states.get(i);
            Load load = parse(w.member(), state == null ? "" : state.toString());
            long at = (long) w.score();
            out.add(new Worker(w.member(), load.node(), load.addresses(), Instant.ofEpochMilli(at), load.inFlight(), load.concurrency(),
                    load.pages(), load.crawls(), now - at > timeout.toMillis()));
        }
        return out;
    }

    /** Drops the workers silent since before {@code cutoff} from both the sorted set and the load hash. */
    private void forgetSilent(long cutoff) throws Exception {
        Response gone = get(Request.cmd(Command.ZRANGEBYSCORE).arg(SEEN).arg("-inf").arg(cutoff).arg("LIMIT").arg(0).arg(1000));
        if (gone == null || gone.size() == 0) {
            return;
        }
        // exactly the names read (at most 1,000 a call; the rest go at the next): both entries of each go together
        // (one that reported again meanwhile is back with its next heartbeat)
        Request hdel = Request.cmd(Command.HDEL).arg(STATE);
        Request zrem = Request.cmd(Command.ZREM).arg(SEEN);
        for (Response name : gone) {
            hdel.arg(name.toString());
            zrem.arg(name.toString());
        }
        get(hdel);
        get(zrem);
    }

    private Response get(Request r) throws Exception {
        return redis.send(r).toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
    }
}
