package io.trawler.frontier;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A crawl's counters in Redis: the home shard's settings and state, every shard's counters and leases summed. */
final class RedisFrontierCounts extends RedisShards {

    RedisFrontierCounts(Redis redis, Map<String, Layout> layouts) {
        super(redis, layouts);
    }

    /** The stats hash field a completion's tally adds to ({@code ""}: none). */
    static String counterOf(Completion.Tally tally) {
        return switch (tally) {
            case FETCHED -> "fetched";
            case ERRORS -> "errors";
            case ROBOTS_DENIED -> "robotsDenied";
            case NONE -> "";
        };
    }

    /** The crawl's counters: the home shard's settings and state, every shard's counters and leases summed. */
    public Future<FrontierCounts> counts(String crawlId) {
        return layout(crawlId).compose(l -> {
            List<Future<List<Response>>> shards = new ArrayList<>(l.shards());
            for (int shard = 0; shard < l.shards(); shard++) {
                FrontierKeys.Shard keys = l.shard(shard);
                List<Request> reads = new ArrayList<>(3);
                reads.add(Request.cmd(Command.HGETALL).arg(keys.stats()));
                reads.add(Request.cmd(Command.ZCARD).arg(keys.inflight()));
                if (shard == 0) {
                    reads.add(Request.cmd(Command.HGETALL).arg(keys.conf()));
                }
                shards.add(redis.batch(reads));
            }
            return Future.all(shards).map(all -> {
                Map<String, String> stats = new HashMap<>();
                long inFlight = 0;
                for (int shard = 0; shard < shards.size(); shard++) {
                    List<Response> rs = all.resultAt(shard);
                    addCounters(stats, toMap(rs.get(0)));
                    inFlight += rs.get(1).toLong();
                }
                List<Response> home = all.resultAt(0);
                return FrontierCounts.of(toMap(home.get(2)), stats, inFlight);
            });
        });
    }

    /** Adds one shard's counters to the sums (counters are integers; a fractional one, OPIC's cash, is never sharded). */
    private static void addCounters(Map<String, String> sums, Map<String, String> shard) {
        shard.forEach((k, v) -> sums.merge(k, v, (a, b) -> {
            try {
                return Long.toString(Long.parseLong(a) + Long.parseLong(b));
            } catch (NumberFormatException e) {
                return a;
            }
        }));
    }
}
