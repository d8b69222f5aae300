package io.trawler.frontier;

import io.trawler.order.FocusSettings;
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

/**
 * The crawl frontier in Redis sorted sets. Every multi-step operation is one call of
 * {@code frontier/frontier.lua}, so it is atomic; a batch of links travels in that one call.
 * All methods are non-blocking and return Vert.x futures.
 */
@ApplicationScoped
public class RedisFrontier {

    private static final LuaScript SCRIPT = new LuaScript("frontier/frontier.lua");
    private final Redis redis;

    public RedisFrontier(Redis redis) {
        this.redis = redis;
    }

    /** Creates the crawl's frontier state (RUNNING) and registers it with the workers. */
    public Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson) {
        return create(crawlId, s, specJson, Limits.DEFAULTS);
    }

    /**
     * Bounds the frontier keeps for a crawl: attempts of a URL whose leases expire before it is abandoned, and
     * page records the manager may leave unread before workers stop leasing (back-pressure; 0: none).
     */
    public record Limits(int maxAttempts, int maxUnread) {
        public static final Limits DEFAULTS = new Limits(3, 10_000);
    }

    /** As {@link #create(String, CrawlFrontierSettings, String)} with the given limits. */
    public Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson, Limits limits) {
        Request conf = Request.cmd(Command.HSET).arg(FrontierKeys.conf(crawlId))
                .arg("maxAttempts").arg(limits.maxAttempts())
                .arg("maxUnread").arg(limits.maxUnread())
                .arg("state").arg("RUNNING")
                .arg("maxPerHost").arg(s.maxPerHost())
                .arg("delayMs").arg(s.delayMs())
                .arg("maxPages").arg(s.maxPages())
                .arg("partitions").arg(s.partitions())
                .arg("laneSeen").arg(s.laneSeen() ? "1" : "0")
                .arg("pickTop").arg(s.rules().pickTop())
                .arg("pickRandom").arg(s.rules().pickRandom())
                .arg("hostOrder").arg(s.rules().hostOrder().code())
                .arg("rescore").arg(s.rules().rescoring().code())
                .arg("budget").arg(s.budget())
                .arg("continuous").arg(s.continuous() ? "1" : "0")
                .arg("bucketBits").arg(s.bucketBits())
                .arg("scope").arg(s.politenessScope().code())
                .arg("json").arg(specJson);
        for (int lane = 0; lane < s.laneNodes().size(); lane++) {
            conf.arg("lane:" + lane).arg(s.laneNodes().get(lane));
        }
        FocusSettings focus = s.rules().focus();
        if (focus != null) {
            conf.arg("focusF").arg(focus.minPrefixCount()).arg("focusA").arg(Double.toString(focus.relevantBoost()))
                    .arg("focusB").arg(Double.toString(focus.irrelevantDamp()));
        }
        // two calls, not one batch: the registry spans crawls and sits in another hash slot than the crawl's keys
        // (on a cluster, often on another master); registered last, so a worker never sees a crawl without settings
        return redis.send(conf).compose(v -> redis.send(Request.cmd(Command.SADD).arg(FrontierKeys.ACTIVE_CRAWLS).arg(crawlId)))
                .mapEmpty();
    }

    public Future<Map<String, String>> conf(String crawlId) {
        return redis.send(Request.cmd(Command.HGETALL).arg(FrontierKeys.conf(crawlId))).map(RedisFrontier::toMap);
    }

    public Future<List<String>> activeCrawls() {
        return redis.send(Request.cmd(Command.SMEMBERS).arg(FrontierKeys.ACTIVE_CRAWLS)).map(r -> {
            List<String> ids = new ArrayList<>();
            if (r != null) {
                r.forEach(x -> ids.add(x.toString()));
            }
            return ids;
        });
    }

    public Future<Void> deactivate(String crawlId) {
        return redis.send(Request.cmd(Command.SREM).arg(FrontierKeys.ACTIVE_CRAWLS).arg(crawlId)).mapEmpty();
    }

    /** Sets RUNNING, PAUSED or STOPPED; a FINISHED crawl stays finished. */
    public Future<Void> setState(String crawlId, String state) {
        return redis.send(Request.cmd(Command.HSET).arg(FrontierKeys.conf(crawlId)).arg("state").arg(state)).mapEmpty();
    }

    /** Offers URLs; returns how many were admitted (never seen before and within the page limit). */
    public Future<Integer> enqueue(String crawlId, int bucketBits, List<Discovery> links, long now) {
        return enqueue(crawlId, bucketBits, links, now, "");
    }

    /** Offers URLs and, in the same step, ends the side load {@code load} (see {@link #claimSitemaps}). */
    public Future<Integer> enqueue(String crawlId, int bucketBits, List<Discovery> links, long now, String load) {
        List<String> args = new ArrayList<>(3 + links.size() * 5);
        args.add("enqueue");
        args.add(Long.toString(now));
        args.add(load);
        addLinks(args, links, bucketBits);
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId), args).map(r -> r.get(0).toInteger());
    }

    /** Leases as a worker with no name, node or addresses: its leases come back only when their deadlines pass. */
    public Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now) {
        return lease(crawlId, partition, max, leaseMs, now, Leaser.ANONYMOUS);
    }

    /**
     * Leases up to {@code max} URLs of a partition whose hosts politeness allows now, for the given worker: nothing
     * when the lane is given to another node; the worker counts as alive from this call on.
     */
    public Future<List<Lease>> lease(String crawlId, int partition, int max, long leaseMs, long now, Leaser leaser) {
        List<String> args = List.of("lease", Long.toString(now), Integer.toString(partition), Integer.toString(max),
                Long.toString(leaseMs), leaser.worker(), leaser.node(), String.join(",", leaser.addresses()),
                Long.toString(leaser.timeoutMs()));
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId), args).map(r -> {
            List<Lease> leases = new ArrayList<>(r == null ? 0 : r.size());
            if (r != null) {
                r.forEach(x -> leases.add(Lease.parse(crawlId, x.toString())));
            }
            return leases;
        });
    }

    public Future<CompletionResult> complete(Completion c, int bucketBits, long now) {
        List<String> args = new ArrayList<>(9 + c.record().size() * 2 + c.links().size() * 5);
        args.add("complete");
        args.add(Long.toString(now));
        args.add(c.lease().member());
        args.add(Long.toString(c.hostNextAt()));
        args.add(Long.toString(c.hostDelay()));
        args.add(c.retry() ? "retry" : "done");
        args.add(c.counter() == null ? "" : c.counter());
        long page = UrlFingerprint.of(c.lease().url());
        args.add(Integer.toHexString(UrlFingerprint.bucket(page, bucketBits)));
        args.add(Long.toString(UrlFingerprint.remainder(page, bucketBits)));
        args.add(c.focus() == null ? "" : Double.toString(c.focus().similarity()));
        args.add(c.focus() == null ? "" : c.focus().relevant() ? "1" : "0");
        args.add(Integer.toString(c.record().size()));
        c.record().forEach((k, v) -> {
            args.add(k);
            args.add(v == null ? "" : v);
        });
        addLinks(args, c.links(), bucketBits);
        return SCRIPT.run(redis, FrontierKeys.prefix(c.lease().crawlId()), args)
                .map(r -> new CompletionResult("stale".equals(r.get(0).toString()), r.get(1).toInteger(), r.get(2).toString()));
    }

    /**
     * Sets the weights (partial PageRank) of URLs and re-scores those still queued, in one atomic step per
     * call; returns how many queued URLs moved. Callers send batches of about a thousand.
     */
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
    public Future<Integer> revisit(String crawlId, int priority, Map<String, Integer> urls, long now) {
        List<String> args = new ArrayList<>(3 + urls.size() * 2);
        args.add("revisit");
        args.add(Long.toString(now));
        args.add(Integer.toString(priority));
        urls.forEach((url, lane) -> {
            args.add(Integer.toString(lane));
            args.add(url);
        });
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId), args).map(Response::toInteger);
    }

    /** Returns expired leases to their queues; returns how many. */
    public Future<Integer> reclaim(String crawlId, long now, int limit) {
        return reclaim(crawlId, now, limit, 0);
    }

    /** Returns expired leases, and those of workers silent for longer than {@code timeoutMs}, to their queues. */
    public Future<Integer> reclaim(String crawlId, long now, int limit, long timeoutMs) {
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId),
                List.of("reclaim", Long.toString(now), Integer.toString(limit), Long.toString(timeoutMs))).map(r -> r.get(0).toInteger());
    }

    /**
     * Tells the crawls that the worker is alive at {@code now} (its heartbeat), or with {@code now} 0 that it is gone
     * (a drained worker): its leases still in flight then go back to their queues at the next lease of any worker.
     */
    public Future<Void> renew(String worker, java.util.Collection<String> crawlIds, long now) {
        if (crawlIds.isEmpty()) {
            return Future.succeededFuture();
        }
        // one call per crawl (each crawl's keys may live on another master of a cluster), sent together; XX: only a worker
        // its leases made an owner is renewed, so that a heartbeat never re-creates a key of a crawl deleted meanwhile
        List<Future<Response>> renewals = crawlIds.stream()
                .map(id -> redis.send(Request.cmd(Command.ZADD).arg(FrontierKeys.owners(id)).arg("XX").arg(now).arg(worker))).toList();
        return Future.all(renewals).mapEmpty();
    }

    /** The node serving each lane of the crawl ({@code ""}: any node). */
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

    /** Gives lanes to nodes (lane → node; {@code ""}: any node). */
    public Future<Void> assignLanes(String crawlId, Map<Integer, String> nodes) {
        if (nodes.isEmpty()) {
            return Future.succeededFuture();
        }
        Request set = Request.cmd(Command.HSET).arg(FrontierKeys.conf(crawlId));
        nodes.forEach((lane, node) -> set.arg("lane:" + lane).arg(node));
        return redis.send(set).mapEmpty();
    }

    /** URLs the crawl may still admit before its page limit ({@code Long.MAX_VALUE} without one). */
    public Future<Long> remainingAdmissions(String crawlId) {
        return redis.batch(List.of(Request.cmd(Command.HGET).arg(FrontierKeys.conf(crawlId)).arg("maxPages"),
                Request.cmd(Command.HGET).arg(FrontierKeys.stats(crawlId)).arg("admitted"))).map(rs -> {
                    long max = rs.get(0) == null ? 0 : rs.get(0).toLong();
                    long admitted = rs.get(1) == null ? 0 : rs.get(1).toLong();
                    return max <= 0 ? Long.MAX_VALUE : Math.max(0, max - admitted);
                });
    }

    /** Leases of the crawl whose deadline has not passed: pages a worker may still complete. */
    public Future<Long> liveLeases(String crawlId, long now) {
        return redis.send(Request.cmd(Command.ZCOUNT).arg(FrontierKeys.inflight(crawlId)).arg("(" + now).arg("+inf"))
                .map(Response::toLong);
    }

    /**
     * The hosts with the most queued URLs among the first {@code scan} ready hosts of each of the crawl's lanes
     * (a bounded look, whatever the crawl's size), largest queue first, at most {@code limit}.
     */
    public Future<List<HostQueue>> busiestHosts(String crawlId, int partitions, int scan, int limit) {
        List<Request> ranges = new java.util.ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            ranges.add(Request.cmd(Command.ZRANGE).arg(FrontierKeys.ready(crawlId, p)).arg(0).arg(scan - 1).arg("WITHSCORES"));
        }
        return redis.batch(ranges).compose(rs -> {
            List<HostQueue> ready = new java.util.ArrayList<>();
            for (int p = 0; p < rs.size(); p++) {
                for (ScoredMembers.Scored h : ScoredMembers.of(rs.get(p))) {
                    ready.add(new HostQueue(h.member(), p, 0, (long) h.score()));
                }
            }
            if (ready.isEmpty()) {
                return io.vertx.core.Future.succeededFuture(List.<HostQueue>of());
            }
            List<Request> sizes = ready.stream().map(h -> Request.cmd(Command.ZCARD).arg(FrontierKeys.queue(crawlId, h.partition(), h.host())))
                    .toList();
            return redis.batch(sizes).map(cs -> {
                List<HostQueue> out = new java.util.ArrayList<>(ready.size());
                for (int i = 0; i < ready.size(); i++) {
                    HostQueue h = ready.get(i);
                    out.add(new HostQueue(h.host(), h.partition(), cs.get(i) == null ? 0 : cs.get(i).toLong(), h.nextFetchAt()));
                }
                out.sort(java.util.Comparator.comparingLong(HostQueue::queued).reversed().thenComparing(HostQueue::host));
                return out.subList(0, Math.min(limit, out.size()));
            });
        });
    }

    /** Page records in the crawl's stream not yet ingested (the stream is trimmed behind the ingester). */
    public Future<Long> unread(String crawlId) {
        return redis.send(Request.cmd(Command.XLEN).arg(FrontierKeys.pages(crawlId))).map(r -> r == null ? 0L : r.toLong());
    }

    public Future<FrontierCounts> counts(String crawlId) {
        return redis.batch(List.of(
                Request.cmd(Command.HGETALL).arg(FrontierKeys.conf(crawlId)),
                Request.cmd(Command.HGETALL).arg(FrontierKeys.stats(crawlId)),
                Request.cmd(Command.ZCARD).arg(FrontierKeys.inflight(crawlId))))
                .map(rs -> FrontierCounts.of(toMap(rs.get(0)), toMap(rs.get(1)), rs.get(2).toLong()));
    }

    /**
     * Takes the host's sitemaps for this crawl: true for the first caller only, who must then finish
     * the side load {@code "sitemaps:" + host} with {@link #enqueue(String, int, List, long, String)}.
     * Until then (or until the deadline passes) the crawl does not count as finished.
     */
    public Future<Boolean> claimSitemaps(String crawlId, String host, long now, long deadline) {
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId),
                List.of("claim", Long.toString(now), host, Long.toString(deadline))).map(r -> r.toInteger() == 1);
    }

    /**
     * Deletes every key of the crawl: the frontier script scans the node holding the crawl's hash tag and unlinks
     * what it finds, a thousand keys a call, so that on a cluster the keys are sought where they live.
     */
    public Future<Void> delete(String crawlId) {
        return deactivate(crawlId).compose(v -> purge(crawlId, "0"));
    }

    private Future<Void> purge(String crawlId, String cursor) {
        return SCRIPT.run(redis, FrontierKeys.prefix(crawlId), List.of("purge", cursor)).compose(r -> {
            String next = r.toString();
            return "0".equals(next) ? Future.succeededFuture() : purge(crawlId, next);
        });
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
