package io.trawler.frontier;

import io.trawler.order.FocusSettings;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The crawl frontier in Redis sorted sets. Every multi-step operation is one call of
 * {@code frontier/frontier.lua}, so it is atomic; a batch of links travels in that one call.
 * All methods are non-blocking and return Vert.x futures.
 *
 * <p>A crawl's keys live in one shard (one hash tag), or, for a sharded crawl ({@link CrawlFrontierSettings#shards()}),
 * in one shard per lane: each lane's queues, politeness, seen set, counters and page stream sit together, so its lease
 * and completion stay atomic, and the lanes spread over a cluster's masters. Links a page yields for another lane are
 * handed to that lane's shard, one call per shard, before the completion (a replay after a crash is absorbed by the
 * seen set); crawl-global figures are sums over the shards, and the crawl finishes when every shard is seen drained
 * twice with no change in between ({@link #settle}).
 */
@ApplicationScoped
public class RedisFrontier extends RedisShards implements Frontier {

    private final RedisFrontierInspection inspection;
    private final RedisFrontierLimits limits;
    private final RedisPageStream stream;
    private final RedisFrontierCounts counts;
    private final RedisCrawlEnd end;
    private final RedisCompletion completion;

    public RedisFrontier(Redis redis) {
        super(redis, new ConcurrentHashMap<>());
        this.inspection = new RedisFrontierInspection(redis, layouts);
        this.limits = new RedisFrontierLimits(redis, layouts);
        this.stream = new RedisPageStream(redis, layouts);
        this.counts = new RedisFrontierCounts(redis, layouts);
        this.end = new RedisCrawlEnd(redis, layouts);
        this.completion = new RedisCompletion(redis, layouts, end);
    }

    /** As {@link #create(String, CrawlFrontierSettings, String)} with the given limits. */
    @Override
    public Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson, Limits limits) {
        int shards = s.shards();
        Layout layout = Layout.of(crawlId, shards, s.laneSeen(), s.bucketBits());
        layouts.put(crawlId, layout);
        List<Request> confs = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            Request conf = Request.cmd(Command.HSET).arg(layout.shard(shard).conf())
                    .arg("maxAttempts").arg(limits.maxAttempts())
                    .arg("maxUnread").arg(limits.maxUnread())
                    .arg("queueHead").arg(Math.max(0, limits.queueHead()))
                    .arg("state").arg("RUNNING")
                    .arg("maxPerHost").arg(s.maxPerHost())
                    .arg("delayMs").arg(s.delayMs())
                    .arg("maxPages").arg(share(s.maxPages(), shard, shards))
                    .arg("partitions").arg(s.partitions())
                    .arg("laneSeen").arg(s.laneSeen() ? "1" : "0")
                    .arg("pickTop").arg(s.rules().pickTop())
                    .arg("pickRandom").arg(s.rules().pickRandom())
                    .arg("hostOrder").arg(s.rules().hostOrder().code())
                    .arg("rescore").arg(s.rules().rescoring().code())
                    .arg("budget").arg(share(s.budget(), shard, shards))
                    .arg("continuous").arg(s.continuous() ? "1" : "0")
                    .arg("bucketBits").arg(s.bucketBits())
                    .arg("scope").arg(s.politenessScope().code())
                    .arg("shards").arg(shards);
            if (shards > 1) {
                conf.arg("shard").arg(shard);
                // the crawl's page limit bounds what a shard holds beyond its allowance (Allowances)
                conf.arg("heldCap").arg(Math.max(0, s.maxPages()));
                if (shard == 0) {
                    conf.arg("limitPages").arg(Math.max(0, s.maxPages())).arg("limitBudget").arg(Math.max(0, s.budget()));
                }
            }
            for (int lane = 0; lane < s.laneNodes().size(); lane++) {
                // a shard keeps the node of its own lane (its leases check it); the home shard every lane's, for readers
                if (shard == 0 || layout.shardOf(lane) == shard) {
                    conf.arg("lane:" + lane).arg(s.laneNodes().get(lane));
                }
            }
            FocusSettings focus = s.rules().focus();
            if (focus != null) {
                conf.arg("focusF").arg(focus.minPrefixCount()).arg("focusA").arg(Double.toString(focus.relevantBoost()))
                        .arg("focusB").arg(Double.toString(focus.irrelevantDamp()));
            }
            if (shard == 0) {
                conf.arg("json").arg(specJson);
            }
            confs.add(conf);
        }
        // the other shards first, then the home shard (a worker that finds the crawl's settings there finds every shard
        // ready), then the registry: it spans crawls and sits in another hash slot than the crawl's keys (on a cluster,
        // often on another master), so it gets a call of its own, made last: a worker never sees a crawl without settings
        List<Future<Response>> others = confs.subList(1, shards).stream().map(redis::send).toList();
        return Future.all(others).compose(v -> redis.send(confs.get(0)))
                .compose(v -> redis.send(Request.cmd(Command.SADD).arg(FrontierKeys.ACTIVE_CRAWLS).arg(crawlId))).mapEmpty();
    }

    @Override
    public Future<Registration> registration(String crawlId) {
        return redis.send(Request.cmd(Command.HGET).arg(FrontierKeys.conf(crawlId)).arg("json")).map(r ->
                r == null ? null : new Registration(r.toString()));
    }

    @Override
    public Future<List<String>> activeCrawls() {
        return redis.send(Request.cmd(Command.SMEMBERS).arg(FrontierKeys.ACTIVE_CRAWLS)).map(r -> {
            List<String> ids = new ArrayList<>();
            if (r != null) {
                r.forEach(x -> ids.add(x.toString()));
            }
            return ids;
        });
    }

    @Override
    public Future<Void> deactivate(String crawlId) {
        return redis.send(Request.cmd(Command.SREM).arg(FrontierKeys.ACTIVE_CRAWLS).arg(crawlId)).mapEmpty();
    }

    /** Sets RUNNING, PAUSED or STOPPED in every shard, the home shard last (callers never change a FINISHED crawl). */
    @Override
    public Future<Void> setState(String crawlId, FrontierState state) {
        return layout(crawlId).compose(l -> {
            List<Future<Response>> others = new ArrayList<>();
            for (int shard = 1; shard < l.shards(); shard++) {
                others.add(redis.send(Request.cmd(Command.HSET).arg(l.shard(shard).conf()).arg("state").arg(state.name())));
            }
            return Future.all(others).compose(v -> redis.send(Request.cmd(Command.HSET).arg(l.home().conf()).arg("state")
                    .arg(state.name())));
        }).mapEmpty();
    }

    /** Offers URLs and, in the same step, ends the side load {@code load} (see {@link #claimSitemaps}). */
    @Override
    public Future<Integer> enqueue(String crawlId, List<Discovery> links, long now, String load) {
        return layout(crawlId).compose(l -> {
            Map<Integer, List<Discovery>> byShard = byShard(l, links);
            if (!load.isEmpty()) {
                byShard.putIfAbsent(0, List.of());   // side loads are kept in the home shard
            }
            // the home shard last: its call ends the side load, and the crawl must not look done before the URLs are in
            List<Discovery> home = byShard.remove(0);
            List<Future<Response>> calls = new ArrayList<>(byShard.size() + 1);
            byShard.forEach((shard, part) -> calls.add(enqueueIn(crawlId, l, shard, part, now, "")));
            Future<Response> last = home == null ? null : Future.all(calls).compose(v -> enqueueIn(crawlId, l, 0, home, now, load));
            List<Future<Response>> all = new ArrayList<>(calls);
            if (last != null) {
                all.add(last);
            }
            return Future.all(all).compose(done -> {
                int admitted = 0;
                boolean drained = false;
                for (Future<Response> f : all) {
                    Response r = f.result();
                    admitted += r.get(0).toInteger();
                    drained |= "DRAINED".equals(r.get(1).toString());
                }
                int total = admitted;
                return drained ? settle(crawlId).map(state -> total) : Future.succeededFuture(total);
            });
        });
    }


    /**
     * Leases up to {@code max} URLs of a partition whose hosts politeness allows now, for the given worker: nothing
     * when the lane is given to another node; the worker counts as alive from this call on. {@code nodeLanes}: how many
     * lanes of the crawl the worker's node serves (in a sharded crawl with politeness scope node, each of them waits
     * that many times the delay, so that the node stays one polite client).
     */
    @Override
    public Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now, Leaser leaser, int nodeLanes) {
        List<String> args = List.of("lease", Long.toString(now), Integer.toString(partition), Integer.toString(max),
                Long.toString(leaseMs), leaser.worker(), leaser.node(), String.join(",", leaser.addresses()),
                Long.toString(leaser.timeoutMs()), Integer.toString(Math.max(1, nodeLanes)));
        return layout(crawlId).compose(l -> SCRIPT.run(redis, l.shard(l.shardOf(partition)).prefix(), args)).map(r -> {
            List<Lease> leases = new ArrayList<>(r == null ? 0 : r.size());
            if (r != null) {
                r.forEach(x -> leases.add(Lease.parse(crawlId, x.toString())));
            }
            return leases;
        });
    }

    /**
     * Sets the weights (partial PageRank) of URLs and re-scores those still queued, in one atomic step per
     * call; returns how many queued URLs moved. Callers send batches of about a thousand. (Re-scoring crawls are never
     * sharded.)
     */
    @Override
    public Future<Integer> rescore(String crawlId, Map<String, Double> weights) {
        List<String> args = new ArrayList<>(1 + weights.size() * 2);
        args.add("rescore");
        weights.forEach((url, w) -> {
            args.add(url);
            args.add(Double.toString(w));
        });
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId), args).map(Response::toInteger);
    }

    /**
     * Queues known URLs of a running crawl again, fetched or not: scheduled revisits ({@code priority} −1) go
     * ahead of newly found URLs, recrawl requests (0 … 10, higher first) ahead of both, each host's politeness
     * unchanged. {@code urls} maps each URL to its lane. Returns how many were not queued already.
     */
    @Override
    public Future<Integer> revisit(String crawlId, int priority, Map<String, Integer> urls, long now) {
        return layout(crawlId).compose(l -> {
            Map<Integer, List<String>> byShard = new TreeMap<>();
            urls.forEach((url, lane) -> {
                List<String> args = byShard.computeIfAbsent(l.shardOf(lane), k -> new ArrayList<>(List.of("revisit", Long.toString(now),
                        Integer.toString(priority))));
                args.add(Integer.toString(lane));
                args.add(url);
            });
            List<Future<Response>> calls = new ArrayList<>();
            byShard.forEach((shard, args) -> calls.add(SCRIPT.run(redis, l.shard(shard).prefix(), args)));
            return Future.all(calls).map(all -> sum(all, calls.size()));
        });
    }

    /** Returns expired leases, and those of workers silent for longer than {@code timeoutMs}, to their queues. */
    @Override
    public Future<Integer> reclaim(String crawlId, long now, int limit, long timeoutMs) {
        return eachShard(crawlId, shard -> SCRIPT.run(redis, shard.prefix(),
                List.of("reclaim", Long.toString(now), Integer.toString(limit), Long.toString(timeoutMs))).map(r -> r.get(0).toLong()))
                .map(Long::intValue);
    }

    /**
     * Tells the crawls that the worker is alive at {@code now} (its heartbeat), or with {@code now} 0 that it is gone
     * (a drained worker): its leases still in flight then go back to their queues at the next lease of any worker.
     */
    @Override
    public Future<Void> renew(String worker, java.util.Collection<String> crawlIds, long now) {
        if (crawlIds.isEmpty()) {
            return Future.succeededFuture();
        }
        // one call per shard (each may live on another master of a cluster), sent together; XX: only a worker its leases
        // made an owner is renewed, so that a heartbeat never re-creates a key of a crawl deleted meanwhile
        List<Future<Long>> renewals = crawlIds.stream().map(id -> eachShard(id, shard -> redis.send(Request.cmd(Command.ZADD)
                .arg(shard.owners()).arg("XX").arg(now).arg(worker)).map(r -> 0L))).toList();
        return Future.all(renewals).mapEmpty();
    }

    /** The node serving each lane of the crawl ({@code ""}: any node), as the home shard records it. */
    @Override
    public Future<List<String>> laneNodes(String crawlId, int partitions) {
        Request get = Request.cmd(Command.HMGET).arg(FrontierKeys.conf(crawlId));
        for (int lane = 0; lane < partitions; lane++) {
            get.arg("lane:" + lane);
        }
        return redis.send(get).map(r -> {
            List<String> nodes = new ArrayList<>(partitions);
            for (int lane = 0; lane < partitions; lane++) {
                Response n = r == null ? null : r.get(lane);
                nodes.add(n == null ? "" : n.toString());
            }
            return nodes;
        });
    }

    /** Gives lanes to nodes (lane → node; {@code ""}: any node): in each lane's shard (which leases by it), then in the home shard. */
    @Override
    public Future<Void> assignLanes(String crawlId, Map<Integer, String> nodes) {
        if (nodes.isEmpty()) {
            return Future.succeededFuture();
        }
        return layout(crawlId).compose(l -> {
            Map<Integer, Request> sets = new TreeMap<>();
            nodes.forEach((lane, node) -> {
                int shard = l.shardOf(lane);
                if (shard != 0) {
                    sets.computeIfAbsent(shard, k -> Request.cmd(Command.HSET).arg(l.shard(k).conf())).arg("lane:" + lane).arg(node);
                }
            });
            List<Future<Response>> calls = new ArrayList<>();
            sets.values().forEach(r -> calls.add(redis.send(r)));
            Request home = Request.cmd(Command.HSET).arg(l.home().conf());
            nodes.forEach((lane, node) -> home.arg("lane:" + lane).arg(node));
            return Future.all(calls).compose(v -> redis.send(home));
        }).mapEmpty();
    }

    /** Leases of the crawl whose deadline has not passed: pages a worker may still complete. */
    @Override
    public Future<Long> liveLeases(String crawlId, long now) {
        return eachShard(crawlId, shard -> redis.send(Request.cmd(Command.ZCOUNT).arg(shard.inflight()).arg("(" + now)
                .arg("+inf")).map(Response::toLong));
    }

    /**
     * Takes the host's sitemaps for this crawl: true for the first caller only, who must then finish
     * the side load {@code "sitemaps:" + host} with {@link #enqueue(String, int, List, long, String)}.
     * Until then (or until the deadline passes) the crawl does not count as finished.
     */
    @Override
    public Future<Boolean> claimSitemaps(String crawlId, String host, long now, long deadline) {
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId),
                List.of("claim", Long.toString(now), host, Long.toString(deadline))).map(r -> r.toInteger() == 1);
    }

    /**
     * Deletes every key of the crawl: the frontier script scans the node holding each shard's hash tag and unlinks
     * what it finds, a thousand keys a call, so that on a cluster the keys are sought where they live.
     */
    @Override
    public Future<Void> delete(String crawlId) {
        // the home shard (which holds the settings that name the other shards) last, so that a delete cut short is retried
        return deactivate(crawlId).compose(v -> layout(crawlId)).compose(l -> {
            List<Future<Void>> others = new ArrayList<>();
            for (int shard = 1; shard < l.shards(); shard++) {
                others.add(purge(l.shard(shard).prefix(), "0"));
            }
            return Future.all(others).compose(x -> purge(l.home().prefix(), "0"));
        }).onSuccess(v -> layouts.remove(crawlId)).mapEmpty();
    }

    private Future<Void> purge(String prefix, String cursor) {
        return SCRIPT.run(redis, prefix, List.of("purge", cursor)).compose(r -> {
            String next = r.toString();
            return "0".equals(next) ? Future.succeededFuture() : purge(prefix, next);
        });
    }

    // ---- the parts

    @Override
    public Future<CompletionResult> complete(Completion c, long now) {
        return completion.complete(c, now);
    }

    @Override
    public Future<FrontierState> settle(String crawlId) {
        return end.settle(crawlId).map(FrontierState::parse);
    }

    Future<String> finishAll(String crawlId, Layout l, long now, List<Long> ops) {
        return end.finishAll(crawlId, l, now, ops);
    }

    @Override
    public Future<FrontierCounts> counts(String crawlId) {
        return counts.counts(crawlId);
    }

    @Override
    public Future<Long> remainingAdmissions(String crawlId) {
        return limits.remainingAdmissions(crawlId);
    }

    @Override
    public Future<Void> balanceLimits(String crawlId, long now) {
        return limits.balanceLimits(crawlId, now);
    }

    @Override
    public Future<List<HostQueue>> busiestHosts(String crawlId, int partitions, int scan, int limit) {
        return inspection.busiestHosts(crawlId, partitions, scan, limit);
    }

    @Override
    public Future<QueuedHosts> queuedHosts(String crawlId, int partitions, int offset, int limit) {
        return inspection.queuedHosts(crawlId, partitions, offset, limit);
    }

    @Override
    public Future<HostDetail> host(String crawlId, int partitions, String host, int offset, int nextUrls) {
        return inspection.host(crawlId, partitions, host, offset, nextUrls);
    }

    @Override
    public Future<Long> drop(String crawlId, int partitions, String host, Predicate<String> pattern) {
        return inspection.drop(crawlId, partitions, host, pattern);
    }

    @Override
    public Future<Long> unread(String crawlId) {
        return stream.unread(crawlId);
    }

    @Override
    public Future<PageRecordSource.Batch> read(String crawlId, String cursor, int max) {
        return stream.read(crawlId, cursor, max);
    }

    @Override
    public Future<Void> release(String crawlId, String cursor) {
        return stream.release(crawlId, cursor);
    }

    /** Forgets a crawl's layout (its keys are gone). */
    @Override
    public void forget(String crawlId) {
        layouts.remove(crawlId);
    }
}
