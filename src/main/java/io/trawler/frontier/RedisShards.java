package io.trawler.frontier;

import io.trawler.redis.LuaScript;
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

/**
 * What the parts of the Redis frontier share: the client, the script, and each crawl's key layout (its shards), read
 * once and kept; the parts split {@link RedisFrontier} by concern.
 */
abstract class RedisShards {

    static final LuaScript SCRIPT = new LuaScript("frontier/frontier.lua");
    final Redis redis;
    /** Each crawl's layout (fixed when it starts), so that a call finds its shards without a round trip. */
    final Map<String, Layout> layouts;

    /** For the CDI client proxy of the frontier bean only. */
    RedisShards() {
        this(null, Map.of());
    }

    RedisShards(Redis redis, Map<String, Layout> layouts) {
        this.redis = redis;
        this.layouts = layouts;
    }

    /**
     * How a crawl's keys are laid out: the keys of each shard (one: all in the home shard; else shard n holds lane n),
     * and whether each lane has a seen set of its own.
     */
    record Layout(List<FrontierKeys.Shard> keys, boolean laneSeen, int bucketBits) {

        /** The bucket bits of a crawl that did not record any (its seen set's layout, {@link UrlFingerprint}). */
        static final int DEFAULT_BUCKET_BITS = 12;

        static Layout of(String crawlId, int shards, boolean laneSeen, int bucketBits) {
            List<FrontierKeys.Shard> keys = new ArrayList<>(shards);
            for (int shard = 0; shard < shards; shard++) {
                keys.add(FrontierKeys.shard(crawlId, shard, shards));
            }
            return new Layout(List.copyOf(keys), laneSeen, bucketBits);
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

    static Map<String, String> fields(Response r) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i + 1 < r.size(); i += 2) {
            m.put(r.get(i).toString(), r.get(i + 1) == null ? null : r.get(i + 1).toString());
        }
        return m;
    }

    /** The crawl's layout: as this process created or first read it (it never changes), else from its home shard. */
    Future<Layout> layout(String crawlId) {
        Layout known = layouts.get(crawlId);
        if (known != null) {
            return Future.succeededFuture(known);
        }
        return redis.send(Request.cmd(Command.HMGET).arg(FrontierKeys.conf(crawlId)).arg("shards").arg("laneSeen").arg("state").arg("bucketBits")).map(r -> {
            if (r == null || r.get(2) == null) {
                return Layout.of(crawlId, 1, false, Layout.DEFAULT_BUCKET_BITS);   // no such crawl (yet, or any more): nothing to remember
            }
            Layout l = Layout.of(crawlId, r.get(0) == null ? 1 : Math.max(1, r.get(0).toInteger()), r.get(1) != null && "1".equals(r.get(1).toString()),
                    r.get(3) == null ? Layout.DEFAULT_BUCKET_BITS : r.get(3).toInteger());
            layouts.put(crawlId, l);
            return l;
        });
    }

    /** Runs a call on every shard of the crawl (in parallel) and sums what they answer. */
    Future<Long> eachShard(String crawlId, java.util.function.Function<FrontierKeys.Shard, Future<Long>> call) {
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

    static int sum(io.vertx.core.CompositeFuture all, int n) {
        int total = 0;
        for (int i = 0; i < n; i++) {
            total += all.<Response>resultAt(i).toInteger();
        }
        return total;
    }

    static Map<Integer, List<Discovery>> byShard(Layout l, List<Discovery> links) {
        Map<Integer, List<Discovery>> byShard = new TreeMap<>();
        for (Discovery d : links) {
            byShard.computeIfAbsent(l.shardOf(d.partition()), k -> new ArrayList<>()).add(d);
        }
        return byShard;
    }

    static void addLinks(List<String> args, List<Discovery> links, int bucketBits) {
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

    Future<String> state(String crawlId) {
        return redis.send(Request.cmd(Command.HGET).arg(FrontierKeys.conf(crawlId)).arg("state"))
                .map(r -> r == null ? "UNKNOWN" : r.toString());
    }

    /** A shard's part of a crawl-wide limit (0: none): the first {@code total % shards} shards get one more. */
    static long share(long total, int shard, int shards) {
        if (total <= 0 || shards <= 1) {
            return total;
        }
        return total / shards + (shard < total % shards ? 1 : 0);
    }

    Future<Response> enqueueIn(String crawlId, Layout l, int shard, List<Discovery> links, long now, String load) {
        List<String> args = new ArrayList<>(3 + links.size() * 5);
        args.add("enqueue");
        args.add(Long.toString(now));
        args.add(load);
        addLinks(args, links, l.bucketBits());
        return SCRIPT.run(redis, l.shard(shard).prefix(), args);
    }
}
