package io.trawler.ui;

import io.trawler.frontier.ScoredMembers;
import io.trawler.worker.Heartbeat;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The workers that reported a heartbeat ({@link Heartbeat}) in the last day, with their load, for the dashboard. */
@ApplicationScoped
public class Workers {

    /** A worker silent for longer than this has stopped heart-beating (an alert on the dashboard). */
    static final Duration STALE = Duration.ofSeconds(30);
    static final Duration FORGET = Duration.ofDays(1);

    /** One worker: its last heartbeat and load. */
    public record Worker(String name, Instant lastSeen, long inFlight, int concurrency, long pages, int crawls, boolean stale) {
        public long secondsAgo() {
            return Math.max(0, Duration.between(lastSeen, Instant.now()).toSeconds());
        }
    }

    private final Redis redis;

    public Workers(Redis redis) {
        this.redis = redis;
    }

    public List<Worker> list() {
        long now = System.currentTimeMillis();
        try {
            try {
                forgetSilent(now - FORGET.toMillis());
            } catch (Exception e) {
                // tidying up can wait for the next call; the list is still shown
            }
            Response seen = redis.send(Request.cmd(Command.ZRANGE).arg(Heartbeat.SEEN).arg(0).arg(99).arg("WITHSCORES"))
                    .toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
            List<ScoredMembers.Scored> workers = ScoredMembers.of(seen);
            List<Worker> out = new ArrayList<>();
            if (workers.isEmpty()) {
                return out;
            }
            Request hmget = Request.cmd(Command.HMGET).arg(Heartbeat.STATE);
            workers.forEach(w -> hmget.arg(w.member()));
            Response states = redis.send(hmget).toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
            for (int i = 0; i < workers.size(); i++) {
                ScoredMembers.Scored w = workers.get(i);
                Response state = states == null ? null : states.get(i);
                String[] f = state == null ? new String[0] : state.toString().split(",");
                long at = (long) w.score();
                out.add(new Worker(w.member(), Instant.ofEpochMilli(at), num(f, 0), (int) num(f, 1), num(f, 2), (int) num(f, 3),
                        now - at > STALE.toMillis()));
            }
            return out;
        } catch (Exception e) {
            return List.of();
        }
    }

    /** Drops the workers silent since before {@code cutoff} from both the sorted set and the load hash. */
    private void forgetSilent(long cutoff) throws Exception {
        Response gone = redis.send(Request.cmd(Command.ZRANGEBYSCORE).arg(Heartbeat.SEEN).arg("-inf").arg(cutoff).arg("LIMIT").arg(0).arg(1000))
                .toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
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
        redis.send(hdel).toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
        redis.send(zrem).toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
    }

    private static long num(String[] f, int i) {
        try {
            return i < f.length ? Long.parseLong(f[i]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
