package io.trawler.revisit;

import io.trawler.frontier.Await;
import io.trawler.refresh.PageHistory;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A site's revisit state in Redis, under the hash tag {@code {r:SITE}}: {@code h}, a hash of URL → packed
 * {@link PageHistory}; {@code due}, a sorted set of URL → the time (epoch ms) the page is next due. Workers read
 * histories for conditional requests; the manager writes them as it ingests pages.
 */
@ApplicationScoped
public class RefreshStore {

    private final Redis redis;

    public RefreshStore(Redis redis) {
        this.redis = redis;
    }

    static String prefix(String siteId) {
        return "t:{r:" + siteId + "}:";
    }

    public static String histories(String siteId) {
        return prefix(siteId) + "h";
    }

    public static String due(String siteId) {
        return prefix(siteId) + "due";
    }

    /** One page's history (a page never fetched when there is none). */
    public Future<PageHistory> history(String siteId, String url) {
        return redis.send(Request.cmd(Command.HGET).arg(histories(siteId)).arg(url))
                .map(r -> r == null ? new PageHistory() : PageHistory.decode(r.toBytes()));
    }

    /** Histories of the given URLs, in order. */
    public List<PageHistory> histories(String siteId, List<String> urls) {
        if (urls.isEmpty()) {
            return List.of();
        }
        Request r = Request.cmd(Command.HMGET).arg(histories(siteId));
        urls.forEach(r::arg);
        Response res = Await.result(redis.send(r));
        List<PageHistory> out = new ArrayList<>(urls.size());
        for (int i = 0; i < urls.size(); i++) {
            Response v = res.get(i);
            out.add(v == null ? new PageHistory() : PageHistory.decode(v.toBytes()));
        }
        return out;
    }

    /** Stores histories and due times (a due time below 0 removes the page from the schedule). */
    public void save(String siteId, Map<String, PageHistory> histories, Map<String, Long> dueAt) {
        List<Request> batch = new ArrayList<>(2);
        if (!histories.isEmpty()) {
            Request h = Request.cmd(Command.HSET).arg(histories(siteId));
            histories.forEach((url, hist) -> h.arg(url).arg(io.vertx.core.buffer.Buffer.buffer(hist.encode())));
            batch.add(h);
        }
        Request z = Request.cmd(Command.ZADD).arg(due(siteId));
        Request gone = Request.cmd(Command.ZREM).arg(due(siteId));
        int add = 0;
        int rem = 0;
        for (Map.Entry<String, Long> e : dueAt.entrySet()) {
            if (e.getValue() < 0) {
                gone.arg(e.getKey());
                rem++;
            } else {
                z.arg(e.getValue()).arg(e.getKey());
                add++;
            }
        }
        if (add > 0) {
            batch.add(z);
        }
        if (rem > 0) {
            batch.add(gone);
        }
        if (!batch.isEmpty()) {
            Await.result(redis.batch(batch));
        }
    }

    /**
     * Takes up to {@code max} pages due by {@code now}, earliest first, and moves each to {@code now + holdMs}:
     * a page handed to a crawl comes back if its fetch is never recorded (a dead worker, a stopped crawl).
     */
    public List<String> takeDue(String siteId, long now, int max, long holdMs) {
        Response r = Await.result(redis.send(Request.cmd(Command.ZRANGE).arg(due(siteId)).arg("-inf").arg(now).arg("BYSCORE")
                .arg("LIMIT").arg(0).arg(max)));
        List<String> urls = new ArrayList<>(r.size());
        r.forEach(v -> urls.add(v.toString()));
        if (!urls.isEmpty()) {
            Request z = Request.cmd(Command.ZADD).arg(due(siteId)).arg("XX");
            urls.forEach(u -> z.arg(now + holdMs).arg(u));
            Await.result(redis.send(z));
        }
        return urls;
    }

    /** Pages with a history, and how many of them are due by {@code now}; the earliest due time (or -1). */
    public Counts counts(String siteId, long now) {
        List<Response> r = Await.result(redis.batch(List.of(Request.cmd(Command.HLEN).arg(histories(siteId)),
                Request.cmd(Command.ZCOUNT).arg(due(siteId)).arg("-inf").arg(now),
                Request.cmd(Command.ZRANGE).arg(due(siteId)).arg(0).arg(0).arg("WITHSCORES"))));
        Response first = r.get(2);
        long next = first == null || first.size() == 0 ? -1 : (long) Double.parseDouble(flatScore(first));
        return new Counts(r.get(0).toLong(), r.get(1).toLong(), next);
    }

    private static String flatScore(Response first) {
        Response e = first.get(0);
        return e.size() > 0 ? e.get(1).toString() : first.get(1).toString();
    }

    public record Counts(long pages, long due, long nextDueAt) {
    }

    /** Every page's history and due time (-1 if unscheduled), in HSCAN batches. */
    public void forEach(String siteId, BiConsumer<String, PageHistory> consumer) {
        String cursor = "0";
        do {
            Response r = Await.result(redis.send(Request.cmd(Command.HSCAN).arg(histories(siteId)).arg(cursor).arg("COUNT").arg(1000)));
            cursor = r.get(0).toString();
            Response kv = r.get(1);
            for (int i = 0; i + 1 < kv.size(); i += 2) {
                consumer.accept(kv.get(i).toString(), PageHistory.decode(kv.get(i + 1).toBytes()));
            }
        } while (!"0".equals(cursor));
    }

    /** Due times of the given URLs (-1 where unscheduled). */
    public Map<String, Long> dueTimes(String siteId, List<String> urls) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (urls.isEmpty()) {
            return out;
        }
        Request r = Request.cmd(Command.ZMSCORE).arg(due(siteId));
        urls.forEach(r::arg);
        Response res = Await.result(redis.send(r));
        for (int i = 0; i < urls.size(); i++) {
            Response v = res.get(i);
            out.put(urls.get(i), v == null ? -1L : v.toDouble().longValue());
        }
        return out;
    }

    /** Forgets a site's histories and schedule. */
    public void delete(String siteId) {
        Await.result(redis.send(Request.cmd(Command.DEL).arg(histories(siteId)).arg(due(siteId))));
    }
}
