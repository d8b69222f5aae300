package io.trawler.frontier;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The page records in each shard's Redis stream, read in order from the manager's cursor and trimmed once stored. */
final class RedisPageStream extends RedisShards {

    RedisPageStream(Redis redis, Map<String, Layout> layouts) {
        super(redis, layouts);
    }

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

    /** Page records in the crawl's streams not yet ingested (the streams are trimmed behind the ingester). */
    public Future<Long> unread(String crawlId) {
        return eachShard(crawlId, shard -> redis.send(Request.cmd(Command.XLEN).arg(shard.pages()))
                .map(r -> r == null ? 0L : r.toLong()));
    }
}
