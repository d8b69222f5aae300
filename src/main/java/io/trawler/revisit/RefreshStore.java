package io.trawler.revisit;

import io.trawler.frontier.UrlFingerprint;
import io.trawler.redis.Await;
import io.trawler.redis.LuaScript;
import io.trawler.refresh.PageHistory;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.jboss.logging.Logger;

/**
 * A site's revisit state in Redis, under the hash tag {@code {r:SITE}} (script {@code revisit/refresh.lua}): each
 * page's packed {@link PageHistory} with its URL, and the time it is next due, spread over 2^bits buckets by URL
 * fingerprint so that each bucket is a small hash and a small sorted set in Redis's compact listpack encoding; an
 * index of the buckets by their earliest due time finds due pages without scanning. Workers read histories for
 * conditional requests; the manager writes them as it ingests pages and takes due pages for the crawls.
 *
 * <p>Buckets hold about 100 pages of the site's page limit. The compact encoding needs
 * {@code hash-max-listpack-value} ≥ 1024 and {@code hash-max-listpack-entries} / {@code zset-max-listpack-entries} ≥
 * 512: the store raises them with CONFIG SET once, where the server allows it, and otherwise works with about
 * twice the memory.
 */
@ApplicationScoped
public class RefreshStore implements PageHistories {

    private static final Logger LOG = Logger.getLogger(RefreshStore.class);
    private static final LuaScript SCRIPT = new LuaScript("revisit/refresh.lua");
    private static final Map<String, Integer> LISTPACK = Map.of("hash-max-listpack-value", 1024, "hash-max-listpack-entries", 512,
            "zset-max-listpack-entries", 512);

    private final Redis redis;
    private final Map<String, Integer> bits = new ConcurrentHashMap<>();
    /** Sites found without any history, until when that answer is trusted (their histories start with their first crawl). */
    private final Map<String, Long> noHistoryUntil = new ConcurrentHashMap<>();
    private static final long NO_HISTORY_TTL_MS = 2000;
    private volatile boolean tuned;

    public RefreshStore(Redis redis) {
        this.redis = redis;
    }

    static String prefix(String siteId) {
        return "t:{r:" + siteId + "}:";
    }

    /** Bucket bits for a site of at most {@code maxPages}: about 100 pages a bucket, 2^4 … 2^16 buckets. */
    static int bitsFor(long maxPages) {
        long buckets = Math.max(1, maxPages / 100);
        return Math.max(4, Math.min(16, 64 - Long.numberOfLeadingZeros(buckets - 1)));
    }

    private static String bucketOf(long fp, int bits) {
        return Integer.toHexString((int) (fp >>> (64 - bits)));
    }

    private static Buffer fpBytes(long fp) {
        return Buffer.buffer(ByteBuffer.allocate(8).putLong(fp).array());
    }

    /** The site's bucket bits, or -1 while it has no revisit state (known bits are cached: they never change). */
    private Future<Integer> bitsAsync(String siteId) {
        Integer known = bits.get(siteId);
        if (known != null) {
            return Future.succeededFuture(known);
        }
        Long noneUntil = noHistoryUntil.get(siteId);
        if (noneUntil != null && System.currentTimeMillis() < noneUntil) {
            return Future.succeededFuture(-1);   // a site not crawled yet: its first crawl's fetches ask Redis nothing
        }
        return redis.send(Request.cmd(Command.HGET).arg(prefix(siteId) + "meta").arg("bits")).map(r -> {
            if (r == null) {
                noHistoryUntil.put(siteId, System.currentTimeMillis() + NO_HISTORY_TTL_MS);
                return -1;
            }
            bits.put(siteId, r.toInteger());
            return r.toInteger();
        });
    }

    private int bits(String siteId) {
        return Await.result(bitsAsync(siteId));
    }

    private int bits(String siteId, long maxPages) {
        int b = bits(siteId);
        if (b >= 0) {
            return b;
        }
        tune();
        Await.result(redis.send(Request.cmd(Command.HSETNX).arg(prefix(siteId) + "meta").arg("bits").arg(bitsFor(maxPages))));
        bits.remove(siteId);
        noHistoryUntil.remove(siteId);
        return bits(siteId);
    }

    /**
     * Checks once that the server keeps small hashes compact (the embedded server is configured so; an external one
     * needs the settings in its redis.conf, see docs/deployment.md) and says so when it does not. It only reads: the
     * configuration of a shared server, or of each master of a cluster, is its operator's, never changed at run time.
     */
    private void tune() {
        if (tuned) {
            return;
        }
        tuned = true;
        try {
            for (Map.Entry<String, Integer> e : LISTPACK.entrySet()) {
                String name = e.getKey();
                Long current = configValue(name);
                if (current == null) {
                    name = name.replace("listpack", "ziplist");   // Redis 6 and older
                    current = configValue(name);
                }
                if (current != null && current < e.getValue()) {
                    LOG.warnf("Redis %s is %d (%d recommended): revisit state takes about twice the memory", name, current, e.getValue());
                }
            }
        } catch (RuntimeException e) {
            LOG.debugf("Could not read Redis listpack limits (%s)", e.getMessage());
        }
    }

    private Long configValue(String name) {
        Response r = Await.result(redis.send(Request.cmd(Command.CONFIG).arg("GET").arg(name)));
        if (r == null || r.size() == 0) {
            return null;
        }
        Response v;
        try {
            java.util.Set<String> keys = r.getKeys();   // RESP3: a map
            v = keys.isEmpty() ? null : r.get(keys.iterator().next());
        } catch (RuntimeException notAMap) {
            v = r.size() >= 2 ? r.get(1) : null;       // RESP2: [name, value]
        }
        return v == null ? null : Long.parseLong(v.toString());
    }

    @Override
    public Future<PageHistory> history(String siteId, String url) {
        return bitsAsync(siteId).compose(b -> b < 0 ? Future.succeededFuture(new PageHistory())
                : redis.send(historyRequest(siteId, b, url)).map(RefreshStore::historyOf));
    }

    @Override
    public Future<List<PageHistory>> historiesOf(String siteId, List<String> urls) {
        return bitsAsync(siteId).compose(b -> {
            if (b < 0 || urls.isEmpty()) {
                return Future.succeededFuture(urls.stream().map(u -> new PageHistory()).toList());
            }
            List<Request> batch = new ArrayList<>(urls.size());
            urls.forEach(url -> batch.add(historyRequest(siteId, b, url)));
            return redis.batch(batch).map(rs -> rs.stream().map(RefreshStore::historyOf).toList());
        });
    }

    /** Histories of the given URLs, in order (one pipelined round trip). */
    public List<PageHistory> histories(String siteId, List<String> urls) {
        List<PageHistory> out = new ArrayList<>(urls.size());
        int b = bits(siteId);
        if (b < 0 || urls.isEmpty()) {
            urls.forEach(u -> out.add(new PageHistory()));
            return out;
        }
        List<Request> batch = new ArrayList<>(urls.size());
        urls.forEach(url -> batch.add(historyRequest(siteId, b, url)));
        Await.result(redis.batch(batch)).forEach(r -> out.add(historyOf(r)));
        return out;
    }

    private static Request historyRequest(String siteId, int bits, String url) {
        long fp = UrlFingerprint.of(url);
        return Request.cmd(Command.HGET).arg(prefix(siteId) + "h:" + bucketOf(fp, bits)).arg(fpBytes(fp));
    }

    private static PageHistory historyOf(Response value) {
        return value == null ? new PageHistory() : PageHistory.decode(recordOf(value.toBytes()));
    }

    /**
     * Stores histories and due times (a due time below 0 takes the page off the schedule; a page without one
     * keeps its schedule). {@code maxPages} sizes the buckets of a site's first write.
     */
    public void save(String siteId, long maxPages, Map<String, PageHistory> histories, Map<String, Long> dueAt) {
        if (histories.isEmpty()) {
            return;
        }
        int b = bits(siteId, maxPages);
        Map<String, List<Object>> byBucket = new LinkedHashMap<>();
        for (Map.Entry<String, PageHistory> e : histories.entrySet()) {
            long fp = UrlFingerprint.of(e.getKey());
            List<Object> args = byBucket.computeIfAbsent(bucketOf(fp, b), k -> new ArrayList<>(List.of("put", k)));
            args.add(fpBytes(fp));
            args.add(Buffer.buffer(value(e.getKey(), e.getValue())));
            Long due = dueAt.get(e.getKey());
            args.add(due == null ? "" : due < 0 ? "-1" : Long.toString(due));
        }
        Await.result(SCRIPT.runBatch(redis, prefix(siteId), new ArrayList<>(byBucket.values())));
    }

    /** Schedules at {@code due} every page with a history and no due time; returns how many. */
    public long scheduleUnscheduled(String siteId, long due) {
        int b = bits(siteId);
        long scheduled = 0;
        for (int from = 0; b >= 0 && from < (1 << b); from += 512) {
            List<List<Object>> calls = new ArrayList<>();
            for (int i = from; i < Math.min(1 << b, from + 512); i++) {
                calls.add(List.of("unscheduled", Integer.toHexString(i), due));
            }
            for (Response r : Await.result(SCRIPT.runBatch(redis, prefix(siteId), calls))) {
                scheduled += r.toLong();
            }
        }
        return scheduled;
    }

    static byte[] value(String url, PageHistory h) {
        byte[] u = url.getBytes(StandardCharsets.UTF_8);
        byte[] rec = h.encode();
        int len = Math.min(u.length, 65535);
        ByteBuffer out = ByteBuffer.allocate(2 + len + rec.length);
        out.putShort((short) len).put(u, 0, len).put(rec);
        return out.array();
    }

    static String urlOf(byte[] value) {
        int len = ((value[0] & 0xFF) << 8) | (value[1] & 0xFF);
        return new String(value, 2, len, StandardCharsets.UTF_8);
    }

    static byte[] recordOf(byte[] value) {
        int len = ((value[0] & 0xFF) << 8) | (value[1] & 0xFF);
        return java.util.Arrays.copyOfRange(value, 2 + len, value.length);
    }

    /**
     * Takes up to {@code max} pages due by {@code now}, earliest buckets first, and moves each to {@code now + holdMs}:
     * a page handed to a crawl comes back if its fetch is never recorded (a dead worker, a stopped crawl).
     */
    public List<String> takeDue(String siteId, long now, int max, long holdMs) {
        if (bits(siteId) < 0) {
            return List.of();
        }
        Response r = Await.result(SCRIPT.runMixed(redis, prefix(siteId), List.of("take", now, max, holdMs)));
        List<String> urls = new ArrayList<>(r.size());
        r.forEach(v -> urls.add(v.toString()));
        return urls;
    }

    /** Pages with a history, how many of them are due by {@code now}, and the earliest due time (or -1). */
    public Counts counts(String siteId, long now) {
        if (bits(siteId) < 0) {
            return new Counts(0, 0, -1);
        }
        Response r = Await.result(SCRIPT.runMixed(redis, prefix(siteId), List.of("counts", now)));
        return new Counts(Long.parseLong(r.get(2).toString()), r.get(0).toLong(), (long) Double.parseDouble(r.get(1).toString()));
    }

    public record Counts(long pages, long due, long nextDueAt) {
    }

    /** Pages due in each of {@code n} windows of {@code stepMs} from now (the first window also holds the overdue). */
    public long[] dueHistogram(String siteId, long now, long stepMs, int n) {
        long[] bins = new long[n];
        if (bits(siteId) < 0) {
            return bins;
        }
        Response r = Await.result(SCRIPT.runMixed(redis, prefix(siteId), List.of("duehist", now, stepMs, n)));
        for (int i = 0; i < n && r != null && i < r.size(); i++) {
            bins[i] = r.get(i).toLong();
        }
        return bins;
    }

    /** One search-usage signal reduced to what the store keeps: the page, the view weight it adds, the query. */
    public record Signal(String url, double weight, String query) {
    }

    /** Adds signals of one site (pages' view weights and latest queries). */
    public void addSignals(String siteId, List<Signal> signals) {
        for (int i = 0; i < signals.size(); i += 500) {
            List<Object> args = new ArrayList<>();
            args.add("signal");
            for (Signal s : signals.subList(i, Math.min(signals.size(), i + 500))) {
                args.add(s.url());
                args.add(Double.toString(s.weight()));
                args.add(s.query() == null ? "" : s.query().replace('\n', ' '));
            }
            Await.result(SCRIPT.runMixed(redis, prefix(siteId), args));
        }
    }

    /** Records the impact of a page's latest change, keeping its last {@code keep}. */
    public void addImpact(String siteId, String url, int keep, double impact) {
        Await.result(SCRIPT.runMixed(redis, prefix(siteId), List.of("impact", url, Math.max(1, keep), Double.toString(impact))));
    }

    /** What the user-experience policy knows of pages: view weight, queries, mean measured impact (NaN: none). */
    public record Usage(double weight, List<String> queries, double impact) {
        public static final Usage NONE = new Usage(0, List.of(), Double.NaN);
    }

    /** The site's mean view weight (over pages with signals) and mean measured impact (NaN when none). */
    public record UsageMeans(double weight, double impact) {
    }

    /** Usage of the given URLs, in order. */
    public List<Usage> usage(String siteId, List<String> urls) {
        List<Usage> out = new ArrayList<>(urls.size());
        if (urls.isEmpty()) {
            return out;
        }
        Request v = Request.cmd(Command.HMGET).arg(prefix(siteId) + "v");
        Request q = Request.cmd(Command.HMGET).arg(prefix(siteId) + "q");
        Request im = Request.cmd(Command.HMGET).arg(prefix(siteId) + "im");
        urls.forEach(u -> {
            v.arg(u);
            q.arg(u);
            im.arg(u);
        });
        List<Response> r = Await.result(redis.batch(List.of(v, q, im)));
        for (int i = 0; i < urls.size(); i++) {
            Response w = r.get(0).get(i);
            if (w == null) {
                out.add(Usage.NONE);
                continue;
            }
            Response qs = r.get(1).get(i);
            Response ims = r.get(2).get(i);
            double impact = Double.NaN;
            if (ims != null) {
                String[] parts = ims.toString().trim().split(" ");
                double sum = 0;
                for (String p : parts) {
                    sum += Double.parseDouble(p);
                }
                impact = sum / parts.length;
            }
            out.add(new Usage(Double.parseDouble(w.toString()), qs == null ? List.of() : List.of(qs.toString().split("\n")), impact));
        }
        return out;
    }

    public UsageMeans usageMeans(String siteId) {
        Response r = Await.result(redis.send(Request.cmd(Command.HMGET).arg(prefix(siteId) + "meta").arg("views").arg("viewed")
                .arg("impactSum").arg("impactCount")));
        double views = r.get(0) == null ? 0 : Double.parseDouble(r.get(0).toString());
        double viewed = r.get(1) == null ? 0 : Double.parseDouble(r.get(1).toString());
        double impactSum = r.get(2) == null ? 0 : Double.parseDouble(r.get(2).toString());
        double impactCount = r.get(3) == null ? 0 : Double.parseDouble(r.get(3).toString());
        return new UsageMeans(viewed == 0 ? 0 : views / viewed, impactCount == 0 ? Double.NaN : impactSum / impactCount);
    }

    /** Every page's URL and history, a few buckets per round trip. */
    public void forEach(String siteId, BiConsumer<String, PageHistory> consumer) {
        int b = bits(siteId);
        if (b < 0) {
            return;
        }
        int buckets = 1 << b;
        for (int from = 0; from < buckets; from += 64) {
            List<Request> batch = new ArrayList<>(64);
            for (int i = from; i < Math.min(buckets, from + 64); i++) {
                batch.add(Request.cmd(Command.HVALS).arg(prefix(siteId) + "h:" + Integer.toHexString(i)));
            }
            for (Response values : Await.result(redis.batch(batch))) {
                for (Response v : values) {
                    byte[] bytes = v.toBytes();
                    consumer.accept(urlOf(bytes), PageHistory.decode(recordOf(bytes)));
                }
            }
        }
    }

    /** The keys of a site's revisit state (for memory measurements). */
    public List<String> keys(String siteId) {
        int b = bits(siteId);
        List<String> keys = new ArrayList<>();
        keys.add(prefix(siteId) + "meta");
        keys.add(prefix(siteId) + "di");
        keys.add(prefix(siteId) + "v");
        keys.add(prefix(siteId) + "q");
        keys.add(prefix(siteId) + "im");
        for (int i = 0; b >= 0 && i < (1 << b); i++) {
            keys.add(prefix(siteId) + "h:" + Integer.toHexString(i));
            keys.add(prefix(siteId) + "d:" + Integer.toHexString(i));
        }
        return keys;
    }

    /** Forgets a site's histories and schedule. */
    public void delete(String siteId) {
        List<String> keys = keys(siteId);
        for (int i = 0; i < keys.size(); i += 500) {
            Request del = Request.cmd(Command.UNLINK);
            keys.subList(i, Math.min(keys.size(), i + 500)).forEach(del::arg);
            Await.result(redis.send(del));
        }
        bits.remove(siteId);
    }
}
