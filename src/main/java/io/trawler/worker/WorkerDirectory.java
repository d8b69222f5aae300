package io.trawler.worker;

import io.trawler.frontier.ScoredMembers;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The workers that reported a heartbeat ({@link Heartbeat}) in the last day: their node, source addresses and load,
 * for the dashboard and for placing lanes on live nodes. A worker silent for longer than
 * {@code trawler.worker.node-timeout} is not live (its leases are taken back and its node's lanes move).
 */
@ApplicationScoped
public class WorkerDirectory {

    /** Workers silent this long are forgotten. */
    static final Duration FORGET = Duration.ofDays(1);

    /** One worker: its last heartbeat, node, source addresses and load. */
    public record Worker(String name, String node, List<String> addresses, Instant lastSeen, long inFlight, int concurrency, long pages,
            int crawls, boolean stale) {
        public long secondsAgo() {
            return Math.max(0, Duration.between(lastSeen, Instant.now()).toSeconds());
        }
    }

    private final Redis redis;
    private final Duration timeout;

    public WorkerDirectory(Redis redis, WorkerConfig config) {
        this.redis = redis;
        this.timeout = config.nodeTimeout();
    }

    /** Every worker heard from in the last day (the 100 heard from last), live or silent; empty when Redis does not answer. */
    public List<Worker> list() {
        long now = System.currentTimeMillis();
        try {
            Request newestFirst = Request.cmd(Command.ZREVRANGE).arg(Heartbeat.SEEN).arg(0).arg(99).arg("WITHSCORES");
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

    /**
     * The live nodes, each with its live workers, by name: every worker heard from within the node timeout, however
     * many others were heard from earlier in the day.
     */
    public Map<String, List<Worker>> liveNodes() {
        long now = System.currentTimeMillis();
        Map<String, List<Worker>> nodes = new TreeMap<>();
        try {
            Request live = Request.cmd(Command.ZRANGEBYSCORE).arg(Heartbeat.SEEN).arg(now - timeout.toMillis()).arg("+inf").arg("WITHSCORES");
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

    /**
     * The source addresses the live workers of a node fetch from (empty: the system's, or the node is not live), from a
     * reading at most a second old (views of many crawls ask for it).
     */
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
        Request hmget = Request.cmd(Command.HMGET).arg(Heartbeat.STATE);
        workers.forEach(w -> hmget.arg(w.member()));
        Response states = get(hmget);
        for (int i = 0; i < workers.size(); i++) {
            ScoredMembers.Scored w = workers.get(i);
            Response state = states == null ? null : states.get(i);
            Heartbeat.Load load = Heartbeat.Load.parse(w.member(), state == null ? "" : state.toString());
            long at = (long) w.score();
            out.add(new Worker(w.member(), load.node(), load.addresses(), Instant.ofEpochMilli(at), load.inFlight(), load.concurrency(),
                    load.pages(), load.crawls(), now - at > timeout.toMillis()));
        }
        return out;
    }

    /** Drops the workers silent since before {@code cutoff} from both the sorted set and the load hash. */
    private void forgetSilent(long cutoff) throws Exception {
        Response gone = get(Request.cmd(Command.ZRANGEBYSCORE).arg(Heartbeat.SEEN).arg("-inf").arg(cutoff).arg("LIMIT").arg(0).arg(1000));
        if (gone == null || gone.size() == 0) {
            return;
        }
        // exactly the names read (at most 1,000 a call; the rest go at the next): both entries of each go together
        // (one that reported again meanwhile is back with its next heartbeat)
        Request hdel = Request.cmd(Command.HDEL).arg(Heartbeat.STATE);
        Request zrem = Request.cmd(Command.ZREM).arg(Heartbeat.SEEN);
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
