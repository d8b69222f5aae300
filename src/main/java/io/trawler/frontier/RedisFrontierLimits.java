package io.trawler.frontier;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A crawl's page limit and budget in Redis: what it may still admit, and each shard's share kept the crawl's when it is sharded. */
final class RedisFrontierLimits extends RedisShards {

    RedisFrontierLimits(Redis redis, Map<String, Layout> layouts) {
        super(redis, layouts);
    }

    /**
     * URLs the crawl may still admit before its page limit ({@code Long.MAX_VALUE} without one): the sum of its shards'
     * unused allowances and the allowance no shard holds.
     */
    public Future<Long> remainingAdmissions(String crawlId) {
        return layout(crawlId).compose(l -> allowances(l, System.currentTimeMillis()).compose(shards -> limits(l).map(limits -> {
            if (shards.get(0).maxPages() <= 0) {
                return Long.MAX_VALUE;
            }
            long unused = shards.stream().mapToLong(a -> Math.max(0, a.maxPages() - a.admitted())).sum();
            return unused + Allowances.free(limits[0], shards.stream().map(Allowances.Shard::maxPages).toList());
        })));
    }

    /**
     * Keeps a sharded crawl's page limit and budget the crawl's ({@link Allowances}): allowance a drained shard did not use
     * comes back, what is free goes to the shards holding URLs (they admit them at once) or out of budget with URLs
     * queued, and once nothing is left anywhere the held URLs are let go. Nothing to do for an unsharded crawl.
     */
    public Future<Void> balanceLimits(String crawlId, long now) {
        return layout(crawlId).compose(l -> {
            if (!l.sharded()) {
                return Future.succeededFuture();
            }
            return limits(l).compose(limits -> {
                if (limits[0] <= 0 && limits[1] <= 0) {
                    return Future.succeededFuture();
                }
                return allowances(l, now).compose(shards -> {
                    long freePages = Allowances.free(limits[0], shards.stream().map(Allowances.Shard::maxPages).toList());
                    long freeBudget = Allowances.free(limits[1], shards.stream().map(Allowances.Shard::budget).toList());
                    List<Integer> release = Allowances.releasable(freePages, freeBudget, shards);
                    List<Future<Response>> releases = release.stream()
                            .map(shard -> SCRIPT.run(redis, l.shard(shard).prefix(), List.of("release", Long.toString(now)))).toList();
                    return Future.all(releases).compose(done -> {
                        long pages = freePages;
                        long budget = freeBudget;
                        List<Allowances.Shard> after = new ArrayList<>(shards);
                        for (int i = 0; i < releases.size(); i++) {
                            Response r = releases.get(i).result();
                            pages += r.get(0).toLong();
                            budget += r.get(1).toLong();
                            Allowances.Shard a = after.get(release.get(i));
                            after.set(release.get(i), new Allowances.Shard(a.maxPages() - r.get(0).toLong(), a.admitted(), a.held(),
                                    a.budget() - r.get(1).toLong(), a.leased(), a.queued(), a.drained()));
                        }
                        Map<Integer, Allowances.Grant> grants = Allowances.grants(pages, budget, after);
                        if (grants.isEmpty()) {
                            if (!Allowances.exhausted(pages, after)) {
                                return Future.<Void>succeededFuture();
                            }
                            List<Future<Response>> exhaust = new ArrayList<>();
                            for (int shard = 0; shard < l.shards(); shard++) {
                                exhaust.add(SCRIPT.run(redis, l.shard(shard).prefix(), List.of("exhaust")));
                            }
                            return Future.all(exhaust).<Void>mapEmpty();
                        }
                        List<Future<Response>> calls = new ArrayList<>();
                        grants.forEach((shard, g) -> calls.add(SCRIPT.run(redis, l.shard(shard).prefix(),
                                List.of("grant", Long.toString(now), Long.toString(g.pages()), Long.toString(g.budget())))));
                        return Future.all(calls).<Void>mapEmpty();
                    });
                });
            });
        });
    }

    /** The crawl's page limit and budget ({@code limitPages}, {@code limitBudget} of a sharded crawl's home shard; 0: none). */
    private Future<long[]> limits(Layout l) {
        return redis.send(Request.cmd(Command.HMGET).arg(l.home().conf()).arg("limitPages").arg("limitBudget"))
                .map(r -> new long[] {r == null || r.get(0) == null ? 0 : r.get(0).toLong(), r == null || r.get(1) == null ? 0 : r.get(1).toLong()});
    }

    /** Every shard's allowance and use. */
    private Future<List<Allowances.Shard>> allowances(Layout l, long now) {
        List<Future<Response>> calls = new ArrayList<>(l.shards());
        for (int shard = 0; shard < l.shards(); shard++) {
            calls.add(SCRIPT.run(redis, l.shard(shard).prefix(), List.of("allowance", Long.toString(now))));
        }
        return Future.all(calls).map(all -> {
            List<Allowances.Shard> out = new ArrayList<>(calls.size());
            for (int i = 0; i < calls.size(); i++) {
                Response r = all.resultAt(i);
                out.add(r == null || r.size() < 7 ? new Allowances.Shard(0, 0, 0, 0, 0, 0, false)
                        : new Allowances.Shard(r.get(0).toLong(), r.get(1).toLong(), r.get(2).toLong(), r.get(3).toLong(), r.get(4).toLong(),
                                r.get(5).toLong(), r.get(6).toInteger() == 1));
            }
            return out;
        });
    }
}
