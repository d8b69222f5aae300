package io.trawler.frontier;

import io.trawler.order.FocusSettings;
import io.trawler.parse.UrlNormalizer;
import io.trawler.redis.LuaScript;
import io.trawler.redis.ScoredMembers;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

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
public class RedisFrontier implements Frontier {

    private static final LuaScript SCRIPT = new LuaScript("frontier/frontier.lua");
    private final Redis redis;
    /** Each crawl's layout (fixed when it starts), so that a call finds its shards without a round trip. */
    private final Map<String, Layout> layouts = new ConcurrentHashMap<>();

    public RedisFrontier(Redis redis) {
        this.redis = redis;
    }

    /**
     * How a crawl's keys are laid out: the keys of each shard (one: all in the home shard; else shard n holds lane n),
     * and whether each lane has a seen set of its own.
     */
    record Layout(List<FrontierKeys.Shard> keys, boolean laneSeen) {

        static Layout of(String crawlId, int shards, boolean laneSeen) {
            List<FrontierKeys.Shard> keys = new ArrayList<>(shards);
            for (int shard = 0; shard < shards; shard++) {
                keys.add(FrontierKeys.shard(crawlId, shard, shards));
            }
            return new Layout(List.copyOf(keys), laneSeen);
        }

        int shards() {
            return keys.size();
        }

        boolean sharded() {
            return shards() > 1;
        }

        /** The shard that holds a lane. */
        int shardOf(int lane) {
            return sharded() ? lane : 0;
        }

        FrontierKeys.Shard shard(int shard) {
            return keys.get(shard);
        }

        FrontierKeys.Shard home() {
            return keys.get(0);
        }
    }

    /** As {@link #create(String, CrawlFrontierSettings, String)} with the given limits. */
    @Override
    public Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson, Limits limits) {
        int shards = s.shards();
        Layout layout = Layout.of(crawlId, shards, s.laneSeen());
        layouts.put(crawlId, layout);
        List<Request> confs = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            Request conf = Request.cmd(Command.HSET).arg(layout.shard(shard).conf())
                    .arg("maxAttempts").arg(limits.maxAttempts())
                    .arg("maxUnread").arg(limits.maxUnread())
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

    /** A shard's part of a crawl-wide limit (0: none): the first {@code total % shards} shards get one more. */
    static long share(long total, int shard, int shards) {
        if (total <= 0 || shards <= 1) {
            return total;
        }
        return total / shards + (shard < total % shards ? 1 : 0);
    }

    @Override
    public Future<Registration> registration(String crawlId) {
        return redis.send(Request.cmd(Command.HMGET).arg(FrontierKeys.conf(crawlId)).arg("json").arg("bucketBits")).map(r ->
                r == null || r.get(0) == null ? null : new Registration(r.get(0).toString(),
                        r.get(1) == null ? 12 : r.get(1).toInteger()));
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
    public Future<Void> setState(String crawlId, String state) {
        return layout(crawlId).compose(l -> {
            List<Future<Response>> others = new ArrayList<>();
            for (int shard = 1; shard < l.shards(); shard++) {
                others.add(redis.send(Request.cmd(Command.HSET).arg(l.shard(shard).conf()).arg("state").arg(state)));
            }
            return Future.all(others).compose(v -> redis.send(Request.cmd(Command.HSET).arg(l.home().conf()).arg("state")
                    .arg(state)));
        }).mapEmpty();
    }

    /** Offers URLs and, in the same step, ends the side load {@code load} (see {@link #claimSitemaps}). */
    @Override
    public Future<Integer> enqueue(String crawlId, int bucketBits, List<Discovery> links, long now, String load) {
        return layout(crawlId).compose(l -> {
            Map<Integer, List<Discovery>> byShard = byShard(l, links);
            if (!load.isEmpty()) {
                byShard.putIfAbsent(0, List.of());   // side loads are kept in the home shard
            }
            // the home shard last: its call ends the side load, and the crawl must not look done before the URLs are in
            List<Discovery> home = byShard.remove(0);
            List<Future<Response>> calls = new ArrayList<>(byShard.size() + 1);
            byShard.forEach((shard, part) -> calls.add(enqueueIn(crawlId, l, shard, bucketBits, part, now, "")));
            Future<Response> last = home == null ? null : Future.all(calls).compose(v -> enqueueIn(crawlId, l, 0, bucketBits, home, now, load));
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

    private Future<Response> enqueueIn(String crawlId, Layout l, int shard, int bucketBits, List<Discovery> links, long now, String load) {
        List<String> args = new ArrayList<>(3 + links.size() * 5);
        args.add("enqueue");
        args.add(Long.toString(now));
        args.add(load);
        addLinks(args, links, bucketBits);
        return SCRIPT.run(redis, l.shard(shard).prefix(), args);
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
     * Completes a lease in its lane's shard. In a sharded crawl the links for other lanes are first handed to their
     * shards (one call per shard), and so is the page's fingerprint when another shard keeps it (independent lanes);
     * if any of that fails, the completion is not sent and the lease comes back: the replay finds its links seen.
     */
    @Override
    public Future<CompletionResult> complete(Completion c, int bucketBits, long now) {
        String crawlId = c.lease().crawlId();
        return layout(crawlId).compose(l -> {
            int own = l.shardOf(c.lease().partition());
            long page = UrlFingerprint.of(c.lease().url());
            int bucket = UrlFingerprint.bucket(page, bucketBits);
            long remainder = UrlFingerprint.remainder(page, bucketBits);
            // coordinated lanes: a URL belongs to one lane, so its fingerprint stays with it; independent lanes may fetch
            // the same page, so each fingerprint has one shard of its own (by bucket) for the distinct-page count
            int pageShard = l.laneSeen() ? Math.floorMod(bucket, l.shards()) : own;
            List<Discovery> mine = c.links();
            // links handed to other lanes' shards (their admissions count), and calls that only tell other shards
            List<Future<Response>> handovers = new ArrayList<>();
            List<Future<Response>> notices = new ArrayList<>();
            if (l.sharded()) {
                Map<Integer, List<Discovery>> byShard = byShard(l, c.links());
                List<Discovery> kept = byShard.remove(own);
                mine = kept == null ? List.of() : kept;
                byShard.forEach((shard, links) -> handovers.add(enqueueIn(crawlId, l, shard, bucketBits, links, now, "")));
                if (pageShard != own && !c.retry() && c.tally() == Completion.Tally.FETCHED) {
                    notices.add(SCRIPT.run(redis, l.shard(pageShard).prefix(),
                            List.of("fetched", Integer.toHexString(bucket), Long.toString(remainder))));
                }
                if (c.retry() && c.hostNextAt() > now && !c.lease().client().isEmpty()) {
                    // a back-off the client was told to keep for the host holds in the node's other lanes too
                    List<String> backoff = List.of("backoff", Long.toString(now), c.lease().client(),
                            UrlNormalizer.hostOf(c.lease().url()), Long.toString(c.hostNextAt()));
                    for (int shard = 0; shard < l.shards(); shard++) {
                        if (shard != own) {
                            notices.add(SCRIPT.run(redis, l.shard(shard).prefix(), backoff));
                        }
                    }
                }
            }
            Map<String, String> record = c.record() == null ? Map.of() : c.record().toFields();
            List<String> args = new ArrayList<>(12 + record.size() * 2 + mine.size() * 5);
            args.add("complete");
            args.add(Long.toString(now));
            args.add(c.lease().member());
            args.add(Long.toString(c.hostNextAt()));
            args.add(Long.toString(c.hostDelay()));
            args.add(c.retry() ? "retry" : "done");
            args.add(counterOf(c.tally()));
            args.add(pageShard == own ? Integer.toHexString(bucket) : "");
            args.add(Long.toString(remainder));
            args.add(c.focus() == null ? "" : Double.toString(c.focus().similarity()));
            args.add(c.focus() == null ? "" : c.focus().relevant() ? "1" : "0");
            args.add(Integer.toString(record.size()));
            record.forEach((k, v) -> {
                args.add(k);
                args.add(v);
            });
            addLinks(args, mine, bucketBits);
            return Future.all(Future.all(notices), Future.all(handovers)).compose(v -> SCRIPT.run(redis, l.shard(own).prefix(), args)).compose(r -> {
                int handedOver = 0;
                boolean taken = !CompletionResult.refuses(r.get(2).toString());
                for (Future<Response> h : handovers) {
                    handedOver += h.result().get(0).toInteger();
                    taken &= !CompletionResult.refuses(h.result().get(1).toString());
                }
                CompletionResult result = new CompletionResult("stale".equals(r.get(0).toString()), r.get(1).toInteger() + handedOver,
                        r.get(2).toString(), taken);
                if (!"DRAINED".equals(result.state())) {
                    return Future.succeededFuture(result);
                }
                return settle(crawlId).map(state -> new CompletionResult(result.stale(), result.admitted(), state, result.linksTaken()));
            });
        });
    }

    /**
     * Ends a sharded crawl whose shards are all drained (nothing queued, in flight or loading): every shard is probed
     * twice, and only when all were drained both times with no change in between (a lane's link handed to another
     * counts as a change) is each shard finished, the home shard last. Returns the crawl's state after it. An unsharded
     * crawl finishes within its own scripts; its state is returned.
     */
    @Override
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

    private Future<String> state(String crawlId) {
        return redis.send(Request.cmd(Command.HGET).arg(FrontierKeys.conf(crawlId)).arg("state"))
                .map(r -> r == null ? "UNKNOWN" : r.toString());
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

    /**
     * URLs the crawl may still admit before its page limit ({@code Long.MAX_VALUE} without one): the sum of its shards'
     * unused allowances and the allowance no shard holds.
     */
    @Override
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
    @Override
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

    /** Leases of the crawl whose deadline has not passed: pages a worker may still complete. */
    @Override
    public Future<Long> liveLeases(String crawlId, long now) {
        return eachShard(crawlId, shard -> redis.send(Request.cmd(Command.ZCOUNT).arg(shard.inflight()).arg("(" + now)
                .arg("+inf")).map(Response::toLong));
    }

    /**
     * The hosts with the most queued URLs among the first {@code scan} ready hosts of each of the crawl's lanes
     * (a bounded look, whatever the crawl's size), largest queue first, at most {@code limit}.
     */
    @Override
    public Future<List<HostQueue>> busiestHosts(String crawlId, int partitions, int scan, int limit) {
        return layout(crawlId).compose(l -> {
            List<Future<List<HostQueue>>> lanes = new ArrayList<>(partitions);
            for (int p = 0; p < partitions; p++) {
                lanes.add(busiestHosts(l.shard(l.shardOf(p)), p, scan));
            }
            return Future.all(lanes).map(all -> {
                List<HostQueue> out = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    out.addAll(all.resultAt(p));
                }
                out.sort(java.util.Comparator.comparingLong(HostQueue::queued).reversed().thenComparing(HostQueue::host));
                return out.subList(0, Math.min(limit, out.size()));
            });
        });
    }

    private Future<List<HostQueue>> busiestHosts(FrontierKeys.Shard shard, int lane, int scan) {
        return readyHosts(shard, lane, scan, false).map(hosts -> hosts.stream()
                .map(h -> new HostQueue(h.host(), h.partition(), h.queued(), h.nextFetchAt())).toList());
    }

    @Override
    public Future<QueuedHosts> queuedHosts(String crawlId, int partitions, int offset, int limit) {
        return layout(crawlId).compose(l -> {
            // each lane's first offset+limit ready hosts: the merged page lies within them
            List<Future<List<QueuedHosts.Entry>>> lanes = new ArrayList<>(partitions);
            List<Future<Response>> sizes = new ArrayList<>(partitions);
            for (int p = 0; p < partitions; p++) {
                FrontierKeys.Shard shard = l.shard(l.shardOf(p));
                lanes.add(readyHosts(shard, p, offset + limit, true));
                sizes.add(redis.send(Request.cmd(Command.ZCARD).arg(shard.ready(p))));
            }
            return Future.all(Future.all(lanes), Future.all(sizes)).map(all -> {
                List<QueuedHosts.Entry> merged = new ArrayList<>();
                long total = 0;
                for (int p = 0; p < partitions; p++) {
                    merged.addAll(lanes.get(p).result());
                    total += sizes.get(p).result() == null ? 0 : sizes.get(p).result().toLong();
                }
                merged.sort(java.util.Comparator.comparingLong(QueuedHosts.Entry::nextFetchAt).thenComparing(QueuedHosts.Entry::host)
                        .thenComparingInt(QueuedHosts.Entry::partition));
                return new QueuedHosts(total, merged.subList(Math.min(offset, merged.size()), Math.min(offset + limit, merged.size())));
            });
        });
    }

    /**
     * A lane's first {@code n} ready hosts, earliest first, with their queue sizes and, with {@code withNext}, the URL
     * each is leased next (null without).
     */
    private Future<List<QueuedHosts.Entry>> readyHosts(FrontierKeys.Shard shard, int lane, int n, boolean withNext) {
        return redis.send(Request.cmd(Command.ZRANGE).arg(shard.ready(lane)).arg(0).arg(n - 1).arg("WITHSCORES")).compose(r -> {
            List<ScoredMembers.Scored> ready = ScoredMembers.of(r);
            if (ready.isEmpty()) {
                return Future.succeededFuture(List.<QueuedHosts.Entry>of());
            }
            int per = withNext ? 2 : 1;
            List<Request> reads = new ArrayList<>(ready.size() * per);
            for (ScoredMembers.Scored h : ready) {
                reads.add(Request.cmd(Command.ZCARD).arg(shard.queue(lane, h.member())));
                if (withNext) {
                    reads.add(Request.cmd(Command.ZRANGE).arg(shard.queue(lane, h.member())).arg(0).arg(0));
                }
            }
            return redis.batch(reads).map(rs -> {
                List<QueuedHosts.Entry> out = new ArrayList<>(ready.size());
                for (int i = 0; i < ready.size(); i++) {
                    ScoredMembers.Scored h = ready.get(i);
                    Response size = rs.get(per * i);
                    Response head = withNext ? rs.get(per * i + 1) : null;
                    String url = head != null && head.size() > 0 ? urlOf(head.get(0).toString()) : null;
                    out.add(new QueuedHosts.Entry(h.member(), lane, size == null ? 0 : size.toLong(), (long) h.score(), url));
                }
                return out;
            });
        });
    }

    /** The URL of a queue member ("depth hops attempts url"), or null for a member of another form. */
    private static String urlOf(String member) {
        String[] parts = member.split(" ", 4);
        return parts.length == 4 ? parts[3] : null;
    }

    @Override
    public Future<HostDetail> host(String crawlId, int partitions, String host, int offset, int nextUrls) {
        return layout(crawlId).compose(l -> redis.send(Request.cmd(Command.HGET).arg(l.home().conf()).arg("scope")).compose(scope -> {
            // per-client politeness keys ("client|host") exist only with scope node: with scope site the host's own
            // entries are all there is, and the hashes are not scanned
            boolean perClient = scope != null && "node".equals(scope.toString());
            List<Future<HostDetail.Lane>> lanes = new ArrayList<>(partitions);
            for (int p = 0; p < partitions; p++) {
                lanes.add(lane(l.shard(l.shardOf(p)), p, host, offset, nextUrls));
            }
            List<Future<List<HostDetail.Client>>> clients = new ArrayList<>();
            List<Future<Response>> delays = new ArrayList<>();
            for (int shard = 0; shard < l.shards(); shard++) {
                clients.add(clients(l.shard(shard), host, perClient));
                delays.add(redis.send(Request.cmd(Command.HGET).arg(l.shard(shard).hostDelay()).arg(host)));
            }
            return Future.all(List.of(Future.all(lanes), Future.all(clients), Future.all(delays))).map(all -> {
                List<HostDetail.Lane> byLane = new ArrayList<>();
                lanes.forEach(f -> byLane.add(f.result()));
                java.util.Map<String, HostDetail.Client> byClient = new java.util.TreeMap<>();
                for (Future<List<HostDetail.Client>> f : clients) {
                    for (HostDetail.Client c : f.result()) {
                        byClient.merge(c.client(), c, (a, b) -> new HostDetail.Client(a.client(), a.inFlight() + b.inFlight(),
                                a.nextFetchAt() == null ? b.nextFetchAt() : b.nextFetchAt() == null ? a.nextFetchAt()
                                        : Long.valueOf(Math.max(a.nextFetchAt(), b.nextFetchAt()))));
                    }
                }
                Long delay = null;
                for (Future<Response> f : delays) {
                    if (f.result() != null) {
                        delay = delay == null ? f.result().toLong() : Math.max(delay, f.result().toLong());
                    }
                }
                long queued = byLane.stream().mapToLong(HostDetail.Lane::queued).sum();
                long inFlight = byClient.values().stream().mapToLong(HostDetail.Client::inFlight).sum();
                return new HostDetail(host, queued, inFlight, delay, byLane, List.copyOf(byClient.values()));
            });
        }));
    }

    private Future<HostDetail.Lane> lane(FrontierKeys.Shard shard, int lane, String host, int offset, int nextUrls) {
        String queue = shard.queue(lane, host);
        return redis.batch(List.of(Request.cmd(Command.ZCARD).arg(queue),
                Request.cmd(Command.ZRANGE).arg(queue).arg(offset).arg(offset + Math.max(0, nextUrls - 1)).arg("WITHSCORES"),
                Request.cmd(Command.ZSCORE).arg(shard.ready(lane)).arg(host))).map(r -> {
                    List<HostDetail.QueuedUrl> next = new ArrayList<>();
                    if (nextUrls > 0) {
                        for (ScoredMembers.Scored m : ScoredMembers.of(r.get(1))) {
                            // member: "depth hops attempts url"
                            String[] parts = m.member().split(" ", 4);
                            if (parts.length == 4) {
                                next.add(new HostDetail.QueuedUrl(parts[3], Integer.parseInt(parts[0]), m.score()));
                            }
                        }
                    }
                    Long readyAt = r.get(2) == null ? null : Long.valueOf(r.get(2).toDouble().longValue());
                    return new HostDetail.Lane(lane, r.get(0) == null ? 0 : r.get(0).toLong(), readyAt, next);
                });
    }

    /** The host's polite clients in a shard: the host's own entry (scope site) and each "client|host" (scope node). */
    private Future<List<HostDetail.Client>> clients(FrontierKeys.Shard shard, String host, boolean perClient) {
        String match = perClient ? "*|" + host.replaceAll("([*?\\[\\]\\\\])", "\\\\$1") : null;
        return Future.all(hashEntries(shard.hostBusy(), host, match), hashEntries(shard.hostNext(), host, match)).map(all -> {
            java.util.Map<String, Long> busy = all.resultAt(0);
            java.util.Map<String, Long> next = all.resultAt(1);
            java.util.Set<String> keys = new java.util.TreeSet<>(busy.keySet());
            keys.addAll(next.keySet());
            List<HostDetail.Client> out = new ArrayList<>();
            for (String k : keys) {
                String client = k.equals(host) ? "" : k.substring(0, k.length() - host.length() - 1);
                out.add(new HostDetail.Client(client, busy.getOrDefault(k, 0L), next.get(k)));
            }
            return out;
        });
    }

    /** The entries of a politeness hash for a host: its own field and, given a match, those matching "client|host" (HSCAN to the end). */
    private Future<java.util.Map<String, Long>> hashEntries(String key, String host, String match) {
        java.util.Map<String, Long> out = new java.util.HashMap<>();
        java.util.concurrent.atomic.AtomicReference<String> cursor = new java.util.concurrent.atomic.AtomicReference<>("0");
        return redis.send(Request.cmd(Command.HGET).arg(key).arg(host)).compose(own -> {
            if (own != null) {
                out.put(host, own.toLong());
            }
            if (match == null) {
                return Future.<Void>succeededFuture();
            }
            return repeat(() -> redis.send(Request.cmd(Command.HSCAN).arg(key).arg(cursor.get()).arg("MATCH").arg(match).arg("COUNT").arg(1000))
                    .map(r -> {
                        cursor.set(r.get(0).toString());
                        Response fields = r.get(1);
                        for (int i = 0; i + 1 < fields.size(); i += 2) {
                            out.put(fields.get(i).toString(), fields.get(i + 1).toLong());
                        }
                        return !"0".equals(cursor.get());
                    }));
        }).map(v -> out);
    }

    @Override
    public Future<Long> drop(String crawlId, int partitions, String host, java.util.function.Predicate<String> pattern) {
        java.util.concurrent.atomic.AtomicLong dropped = new java.util.concurrent.atomic.AtomicLong();
        return layout(crawlId).compose(l -> {
            Future<Void> chain = Future.succeededFuture();
            for (int p = 0; p < partitions; p++) {
                int lane = p;
                FrontierKeys.Shard shard = l.shard(l.shardOf(p));
                chain = chain.compose(v -> host != null ? dropQueue(shard, lane, host, pattern, dropped) : dropMatching(shard, lane, pattern, dropped));
            }
            return chain;
        }).map(v -> dropped.get());
    }

    /** Every host queue of the lane (SCAN on the shard's node, in the script), each searched for the pattern. */
    private Future<Void> dropMatching(FrontierKeys.Shard shard, int lane, java.util.function.Predicate<String> pattern, java.util.concurrent.atomic.AtomicLong dropped) {
        java.util.concurrent.atomic.AtomicReference<String> cursor = new java.util.concurrent.atomic.AtomicReference<>("0");
        return repeat(() -> SCRIPT.run(redis, shard.prefix(), List.of("queues", Integer.toString(lane), cursor.get())).compose(r -> {
            cursor.set(r.get(0).toString());
            Future<Void> hosts = Future.succeededFuture();
            for (int i = 1; i < r.size(); i++) {
                String h = r.get(i).toString();
                hosts = hosts.compose(v -> dropQueue(shard, lane, h, pattern, dropped));
            }
            return hosts.map(v -> !"0".equals(cursor.get()));
        }));
    }

    /** The host's queued URLs in the lane: all of them (no pattern), else those whose URL the pattern accepts. */
    private Future<Void> dropQueue(FrontierKeys.Shard shard, int lane, String host, java.util.function.Predicate<String> pattern,
            java.util.concurrent.atomic.AtomicLong dropped) {
        if (pattern == null) {
            return repeat(() -> SCRIPT.run(redis, shard.prefix(), List.of("drop", Long.toString(System.currentTimeMillis()),
                    Integer.toString(lane), host)).map(r -> {
                        long n = r.get(0).toLong();
                        dropped.addAndGet(n);
                        return n > 0;
                    }));
        }
        String queue = shard.queue(lane, host);
        java.util.concurrent.atomic.AtomicReference<String> cursor = new java.util.concurrent.atomic.AtomicReference<>("0");
        return repeat(() -> redis.send(Request.cmd(Command.ZSCAN).arg(queue).arg(cursor.get()).arg("COUNT").arg(500)).compose(r -> {
            cursor.set(r.get(0).toString());
            Response items = r.get(1);
            List<String> args = new ArrayList<>(List.of("drop", Long.toString(System.currentTimeMillis()), Integer.toString(lane), host));
            for (int i = 0; i + 1 < items.size(); i += 2) {
                String member = items.get(i).toString();
                String url = urlOf(member);
                if (url != null && pattern.test(url)) {
                    args.add(member);
                }
            }
            Future<Long> n = args.size() == 4 ? Future.succeededFuture(0L) : SCRIPT.run(redis, shard.prefix(), args).map(x -> x.get(0).toLong());
            return n.map(k -> {
                dropped.addAndGet(k);
                return !"0".equals(cursor.get());
            });
        }));
    }

    /** Runs {@code step} until it answers false. */
    private static Future<Void> repeat(java.util.function.Supplier<Future<Boolean>> step) {
        return step.get().compose(more -> more ? repeat(step) : Future.succeededFuture());
    }

    /** Page records in the crawl's streams not yet ingested (the streams are trimmed behind the ingester). */
    @Override
    public Future<Long> unread(String crawlId) {
        return eachShard(crawlId, shard -> redis.send(Request.cmd(Command.XLEN).arg(shard.pages()))
                .map(r -> r == null ? 0L : r.toLong()));
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
    @Override
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

    // ---- page records ----

    @Override
    public Future<PageRecordSource.Batch> read(String crawlId, String cursor, int max) {
        return layout(crawlId).compose(l -> {
            StreamCursor from = StreamCursor.parse(cursor, l.shards());
            int each = Math.max(1, max);
            List<Future<Response>> reads = new ArrayList<>(l.shards());
            for (int shard = 0; shard < l.shards(); shard++) {
                String last = from.last(shard);
                reads.add(redis.send(Request.cmd(Command.XRANGE).arg(l.shard(shard).pages()).arg(last == null ? "-" : "(" + last)
                        .arg("+").arg("COUNT").arg(each)));
            }
            return Future.all(reads).map(all -> {
                List<PageRecordSource.Entry> entries = new ArrayList<>();
                StreamCursor to = from;
                for (int shard = 0; shard < reads.size(); shard++) {
                    Response r = all.resultAt(shard);
                    if (r == null) {
                        continue;
                    }
                    for (Response e : r) {
                        String id = e.get(0).toString();
                        entries.add(new PageRecordSource.Entry(StreamCursor.qualified(shard, id), fields(e.get(1))));
                        to = to.with(shard, id);
                    }
                }
                return new PageRecordSource.Batch(entries, to.toString());
            });
        });
    }

    @Override
    public Future<Void> release(String crawlId, String cursor) {
        return layout(crawlId).compose(l -> {
            StreamCursor until = StreamCursor.parse(cursor, l.shards());
            List<Future<Response>> trims = new ArrayList<>();
            for (int shard = 0; shard < l.shards(); shard++) {
                String last = until.last(shard);
                if (last != null) {
                    trims.add(redis.send(Request.cmd(Command.XTRIM).arg(l.shard(shard).pages()).arg("MINID")
                            .arg(StreamCursor.next(last))));
                }
            }
            return Future.all(trims).mapEmpty();
        });
    }

    private static Map<String, String> fields(Response r) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i + 1 < r.size(); i += 2) {
            m.put(r.get(i).toString(), r.get(i + 1) == null ? null : r.get(i + 1).toString());
        }
        return m;
    }

    // ---- layout ----

    /** The crawl's layout: as this process created or first read it (it never changes), else from its home shard. */
    Future<Layout> layout(String crawlId) {
        Layout known = layouts.get(crawlId);
        if (known != null) {
            return Future.succeededFuture(known);
        }
        return redis.send(Request.cmd(Command.HMGET).arg(FrontierKeys.conf(crawlId)).arg("shards").arg("laneSeen").arg("state")).map(r -> {
            if (r == null || r.get(2) == null) {
                return Layout.of(crawlId, 1, false);   // no such crawl (yet, or any more): nothing to remember
            }
            Layout l = Layout.of(crawlId, r.get(0) == null ? 1 : Math.max(1, r.get(0).toInteger()), r.get(1) != null && "1".equals(r.get(1).toString()));
            layouts.put(crawlId, l);
            return l;
        });
    }

    /** Forgets a crawl's layout (its keys are gone). */
    @Override
    public void forget(String crawlId) {
        layouts.remove(crawlId);
    }

    /** Runs a call on every shard of the crawl (in parallel) and sums what they answer. */
    private Future<Long> eachShard(String crawlId, java.util.function.Function<FrontierKeys.Shard, Future<Long>> call) {
        return layout(crawlId).compose(l -> {
            List<Future<Long>> calls = new ArrayList<>(l.shards());
            for (FrontierKeys.Shard shard : l.keys()) {
                calls.add(call.apply(shard));
            }
            return Future.all(calls).map(all -> {
                long total = 0;
                for (int i = 0; i < calls.size(); i++) {
                    long v = all.<Long>resultAt(i);
                    total = total == Long.MAX_VALUE || v == Long.MAX_VALUE ? Long.MAX_VALUE : total + v;
                }
                return total;
            });
        });
    }

    private static int sum(io.vertx.core.CompositeFuture all, int n) {
        int total = 0;
        for (int i = 0; i < n; i++) {
            total += all.<Response>resultAt(i).toInteger();
        }
        return total;
    }

    private static Map<Integer, List<Discovery>> byShard(Layout l, List<Discovery> links) {
        Map<Integer, List<Discovery>> byShard = new TreeMap<>();
        for (Discovery d : links) {
            byShard.computeIfAbsent(l.shardOf(d.partition()), k -> new ArrayList<>()).add(d);
        }
        return byShard;
    }

    private static void addLinks(List<String> args, List<Discovery> links, int bucketBits) {
        for (Discovery d : links) {
            long fp = UrlFingerprint.of(d.entry().url());
            args.add(Integer.toString(d.partition()));
            args.add(Integer.toHexString(UrlFingerprint.bucket(fp, bucketBits)));
            args.add(Long.toString(UrlFingerprint.remainder(fp, bucketBits)));
            args.add(d.entry().member());
            args.add(d.score());
        }
    }

    static Map<String, String> toMap(Response r) {
        Map<String, String> m = new HashMap<>();
        if (r == null) {
            return m;
        }
        for (String k : r.getKeys()) {
            m.put(k, r.get(k).toString());
        }
        return m;
    }
}
