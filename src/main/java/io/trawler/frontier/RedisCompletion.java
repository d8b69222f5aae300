package io.trawler.frontier;

import io.trawler.parse.UrlNormalizer;
import io.vertx.core.Future;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A completion in Redis: links for other lanes handed to their shards first, then the lease's own shard in one script call. */
final class RedisCompletion extends RedisShards {

    private final RedisCrawlEnd end;

    RedisCompletion(Redis redis, Map<String, Layout> layouts, RedisCrawlEnd end) {
        super(redis, layouts);
        this.end = end;
    }

    /**
     * Completes a lease in its lane's shard. In a sharded crawl the links for other lanes are first handed to their
     * shards (one call per shard), and so is the page's fingerprint when another shard keeps it (independent lanes);
     * if any of that fails, the completion is not sent and the lease comes back: the replay finds its links seen.
     */
    public Future<CompletionResult> complete(Completion c, long now) {
        String crawlId = c.lease().crawlId();
        return layout(crawlId).compose(l -> {
            int own = l.shardOf(c.lease().partition());
            long page = UrlFingerprint.of(c.lease().url());
            int bucket = UrlFingerprint.bucket(page, l.bucketBits());
            long remainder = UrlFingerprint.remainder(page, l.bucketBits());
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
                byShard.forEach((shard, links) -> handovers.add(enqueueIn(crawlId, l, shard, links, now, "")));
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
            args.add(RedisFrontierCounts.counterOf(c.tally()));
            args.add(pageShard == own ? Integer.toHexString(bucket) : "");
            args.add(Long.toString(remainder));
            args.add(c.focus() == null ? "" : Double.toString(c.focus().similarity()));
            args.add(c.focus() == null ? "" : c.focus().relevant() ? "1" : "0");
            args.add(Integer.toString(record.size()));
            record.forEach((k, v) -> {
                args.add(k);
                args.add(v);
            });
            addLinks(args, mine, l.bucketBits());
            return Future.all(Future.all(notices), Future.all(handovers)).compose(v -> SCRIPT.run(redis, l.shard(own).prefix(), args)).compose(r -> {
                int handedOver = 0;
                boolean taken = !FrontierState.parse(r.get(2).toString()).refusesLinks();
                for (Future<Response> h : handovers) {
                    handedOver += h.result().get(0).toInteger();
                    taken &= !FrontierState.parse(h.result().get(1).toString()).refusesLinks();
                }
                CompletionResult result = new CompletionResult("stale".equals(r.get(0).toString()), r.get(1).toInteger() + handedOver,
                        FrontierState.parse(r.get(2).toString()), taken);
                if (result.state() != FrontierState.DRAINED) {
                    return Future.succeededFuture(result);
                }
                return end.settle(crawlId).map(state -> new CompletionResult(result.stale(), result.admitted(), FrontierState.parse(state),
                        result.linksTaken()));
            });
        });
    }
}
