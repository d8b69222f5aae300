package io.trawler.frontier;

import io.trawler.redis.ScoredMembers;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The frontier in Redis as operators look into it: the busiest and all waiting hosts, one host's queues and politeness, dropping queued URLs. */
final class RedisFrontierInspection extends RedisShards {

    RedisFrontierInspection(Redis redis, Map<String, Layout> layouts) {
        super(redis, layouts);
    }

    /**
     * The hosts with the most queued URLs among the first {@code scan} ready hosts of each of the crawl's lanes
     * (a bounded look, whatever the crawl's size), largest queue first, at most {@code limit}.
     */
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
            int per = withNext ? 3 : 2;
            List<Request> reads = new ArrayList<>(ready.size() * per);
            for (ScoredMembers.Scored h : ready) {
                reads.add(Request.cmd(Command.ZCARD).arg(shard.queue(lane, h.member())));
                reads.add(Request.cmd(Command.LLEN).arg(shard.spill(lane, h.member())));
                if (withNext) {
                    reads.add(Request.cmd(Command.ZRANGE).arg(shard.queue(lane, h.member())).arg(0).arg(0));
                }
            }
            return redis.batch(reads).map(rs -> {
                List<QueuedHosts.Entry> out = new ArrayList<>(ready.size());
                for (int i = 0; i < ready.size(); i++) {
                    ScoredMembers.Scored h = ready.get(i);
                    long size = count(rs.get(per * i)) + count(rs.get(per * i + 1));
                    Response head = withNext ? rs.get(per * i + 2) : null;
                    String url = head != null && head.size() > 0 ? urlOf(head.get(0).toString()) : null;
                    out.add(new QueuedHosts.Entry(h.member(), lane, size, (long) h.score(), url));
                }
                return out;
            });
        });
    }

    private static long count(Response r) {
        return r == null ? 0 : r.toLong();
    }

    /** The URL of a queue member ("depth hops attempts url"), or null for a member of another form. */
    private static String urlOf(String member) {
        String[] parts = member.split(" ", 4);
        return parts.length == 4 ? parts[3] : null;
    }

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

    /**
     * One lane's queue of the host: its size (head and spill), when it may be leased from, and {@code nextUrls} of its
     * URLs from the {@code offset}-th in the order they are leased (the head's, then the spill's).
     */
    private Future<HostDetail.Lane> lane(FrontierKeys.Shard shard, int lane, String host, int offset, int nextUrls) {
        String queue = shard.queue(lane, host);
        String spill = shard.spill(lane, host);
        return redis.batch(List.of(Request.cmd(Command.ZCARD).arg(queue), Request.cmd(Command.LLEN).arg(spill),
                Request.cmd(Command.ZRANGE).arg(queue).arg(offset).arg(offset + Math.max(0, nextUrls - 1)).arg("WITHSCORES"),
                Request.cmd(Command.ZSCORE).arg(shard.ready(lane)).arg(host))).compose(r -> {
                    long headSize = count(r.get(0));
                    long spilled = count(r.get(1));
                    List<HostDetail.QueuedUrl> next = new ArrayList<>();
                    if (nextUrls > 0) {
                        for (ScoredMembers.Scored m : ScoredMembers.of(r.get(2))) {
                            // member: "depth hops attempts url"
                            String[] parts = m.member().split(" ", 4);
                            if (parts.length == 4) {
                                next.add(new HostDetail.QueuedUrl(parts[3], Integer.parseInt(parts[0]), m.score()));
                            }
                        }
                    }
                    Long readyAt = r.get(3) == null ? null : Long.valueOf(r.get(3).toDouble().longValue());
                    long from = Math.max(0, offset - headSize);
                    int more = nextUrls - next.size();
                    if (more <= 0 || spilled <= from) {
                        return Future.succeededFuture(new HostDetail.Lane(lane, headSize + spilled, readyAt, next));
                    }
                    return redis.send(Request.cmd(Command.LRANGE).arg(spill).arg(from).arg(from + more - 1)).map(entries -> {
                        for (int i = 0; entries != null && i < entries.size(); i++) {
                            SpilledUrl u = SpilledUrl.decode(entries.get(i).toString(), host);
                            if (u != null) {
                                next.add(new HostDetail.QueuedUrl(u.url(), u.depth(), u.score()));
                            }
                        }
                        return new HostDetail.Lane(lane, headSize + spilled, readyAt, next);
                    });
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
        // the spill first: URLs it tops the head up with meanwhile are then met in the head
        return dropSpilled(shard, lane, host, pattern, dropped).compose(v -> dropHead(shard, lane, host, pattern, dropped));
    }

    /**
     * The spilled URLs of the host's queue that the pattern accepts, in chunks from its front: each script call drops
     * what the last chunk matched and reads the next one after that chunk's last entry (found again where leases or new
     * URLs moved it), so that no entry after it is skipped.
     */
    private Future<Void> dropSpilled(FrontierKeys.Shard shard, int lane, String host, java.util.function.Predicate<String> pattern,
            java.util.concurrent.atomic.AtomicLong dropped) {
        int chunk = 1000;
        // the last chunk read: where it started and its entries (none before the first call)
        java.util.concurrent.atomic.AtomicLong at = new java.util.concurrent.atomic.AtomicLong(-1);
        java.util.concurrent.atomic.AtomicReference<List<String>> read = new java.util.concurrent.atomic.AtomicReference<>(List.of());
        return repeat(() -> {
            List<String> entries = read.get();
            List<String> args = new ArrayList<>(List.of("dropspilled", Long.toString(System.currentTimeMillis()), Integer.toString(lane), host,
                    Integer.toString(chunk), Long.toString(entries.isEmpty() ? -1 : at.get() + entries.size() - 1),
                    entries.isEmpty() ? "" : entries.get(entries.size() - 1)));
            for (int i = 0; i < entries.size(); i++) {
                SpilledUrl u = SpilledUrl.decode(entries.get(i), host);
                if (u != null && pattern.test(u.url())) {
                    args.add(Long.toString(at.get() + i));
                    args.add(entries.get(i));
                }
            }
            return SCRIPT.run(redis, shard.prefix(), args).map(r -> {
                dropped.addAndGet(r.get(0).toLong());
                at.set(r.get(2).toLong());
                List<String> next = new ArrayList<>(r.size() - 3);
                for (int i = 3; i < r.size(); i++) {
                    next.add(r.get(i).toString());
                }
                read.set(next);
                // on while a chunk comes back (the call that dropped the last chunk's matches read nothing more)
                return !next.isEmpty();
            });
        });
    }

    /** The head's URLs of the host's queue that the pattern accepts (ZSCAN). */
    private Future<Void> dropHead(FrontierKeys.Shard shard, int lane, String host, java.util.function.Predicate<String> pattern,
            java.util.concurrent.atomic.AtomicLong dropped) {
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
}
