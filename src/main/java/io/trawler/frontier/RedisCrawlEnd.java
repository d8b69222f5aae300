package io.trawler.frontier;

import io.vertx.core.Future;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How a crawl in Redis ends: settled once every shard is seen drained twice with nothing moved in between. */
final class RedisCrawlEnd extends RedisShards {

    RedisCrawlEnd(Redis redis, Map<String, Layout> layouts) {
        super(redis, layouts);
    }

    /**
     * Ends a sharded crawl whose shards are all drained (nothing queued, in flight or loading): every shard is probed
     * twice, and only when all were drained both times with no change in between (a lane's link handed to another
     * counts as a change) is each shard finished, the home shard last. Returns the crawl's state after it. An unsharded
     * crawl finishes within its own scripts; its state is returned.
     */
    public Future<String> settle(String crawlId) {
        return layout(crawlId).compose(l -> {
            if (!l.sharded()) {
                return state(crawlId);
            }
            long now = System.currentTimeMillis();
            return probe(crawlId, l, now).compose(first -> {
                if (!first.allIdle()) {
                    return Future.succeededFuture(first.homeState());
                }
                return probe(crawlId, l, now).compose(second -> {
                    if (!second.allIdle() || !second.ops().equals(first.ops())) {
                        return Future.succeededFuture(second.homeState());
                    }
                    return finishAll(crawlId, l, now, second.ops());
                });
            });
        });
    }

    /**
     * Finishes the shards one by one, the home shard last, each only if its ops are still as probed and it is still
     * drained; if one is busy after all (a revisit or a late handover came in between), the shards finished so far are
     * reopened and the crawl runs on.
     */
    Future<String> finishAll(String crawlId, Layout l, long now, List<Long> ops) {
        Future<List<Integer>> chain = Future.succeededFuture(new ArrayList<>());
        for (int i = 1; i <= l.shards(); i++) {
            int shard = i % l.shards();   // 1, 2, …, N-1, then 0
            chain = chain.compose(finished -> {
                if (!finished.isEmpty() && finished.get(finished.size() - 1) < 0) {   // a shard was busy: no further
                    return Future.succeededFuture(finished);
                }
                return SCRIPT.run(redis, l.shard(shard).prefix(), List.of("finish", Long.toString(now), Long.toString(ops.get(shard))))
                        .map(r -> {
                            finished.add("FINISHED".equals(r.toString()) ? shard : -1);
                            return finished;
                        });
            });
        }
        return chain.compose(finished -> {
            if (finished.size() == l.shards() && !finished.contains(-1)) {
                return Future.succeededFuture("FINISHED");
            }
            List<Future<Response>> reopens = new ArrayList<>();
            for (int shard : finished) {
                if (shard >= 0) {
                    reopens.add(SCRIPT.run(redis, l.shard(shard).prefix(), List.of("reopen")));
                }
            }
            return Future.all(reopens).compose(v -> state(crawlId));
        });
    }

    private record Probe(String homeState, boolean allIdle, List<Long> ops) {
    }

    private Future<Probe> probe(String crawlId, Layout l, long now) {
        List<Future<Response>> probes = new ArrayList<>(l.shards());
        for (int shard = 0; shard < l.shards(); shard++) {
            probes.add(SCRIPT.run(redis, l.shard(shard).prefix(), List.of("probe", Long.toString(now))));
        }
        return Future.all(probes).map(all -> {
            boolean idle = true;
            List<Long> ops = new ArrayList<>(probes.size());
            for (int i = 0; i < probes.size(); i++) {
                Response r = all.resultAt(i);
                idle &= r.get(1).toInteger() == 1;
                ops.add(r.get(2).toLong());
            }
            Response home = all.resultAt(0);
            return new Probe(home.get(0).toString(), idle, ops);
        });
    }
}
