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

    /** Every worker heard from in the last day (at most 100), live or silent; empty when Redis does not answer. */
    public List<Worker> list() {
        long now = System.currentTimeMillis();
        try {
            Request oldestFirst = Request.cmd(Command.ZRANGE).arg(Heartbeat.SEEN).arg(0).arg(99).arg("WITHSCORES");
            List<ScoredMembers.Scored> workers = ScoredMembers.of(get(oldestFirst));
            long cutoff = now - FORGET.toMillis();
            if (!workers.isEmpty() && workers.get(0).score() < cutoff) {
                // the oldest is long silent: tidy up first (rarely: the listing alone tells when it is needed)
                try {
                    forgetSilent(cutoff);
                    workers = ScoredMembers.of(get(oldestFirst));
                } catch (Exception e) {
                    // tidying up can wait for the next call; the list is still shown
                }
            }
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
        } catch (Exception e) {
            return List.of();
        }
    }

    /** The live nodes, each with its live workers, by name. */
    public Map<String, List<Worker>> liveNodes() {
        Map<String, List<Worker>> nodes = new TreeMap<>();
        for (Worker w : list()) {
            if (!w.stale()) {
                nodes.computeIfAbsent(w.node(), n -> new ArrayList<>()).add(w);
            }
        }
        return nodes;
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
