package io.trawler.bench;

import io.trawler.config.Ids;
import io.trawler.frontier.Completion;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierKeys;
import io.trawler.frontier.Lease;
import io.trawler.frontier.RedisFrontier;
import io.trawler.frontier.UrlFingerprint;
import io.trawler.redis.Await;
import io.trawler.testsupport.TestRedis;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Redis memory of the frontier at one million (or {@code bench.urls}) queued URLs, for each host-queue head size
 * ({@code trawler.frontier.queue-head}; 0 keeps every URL in the sorted sets, as before the spill), in one run: the seen
 * set (exact dedup) and the host queues (sorted sets and spills) by MEMORY USAGE over the crawl's keys, Redis's
 * {@code used_memory} growth, the admission rate (the real enqueue script, batches of 1,000, 50 hosts, URLs of ~52
 * characters), and the lease + completion rate of {@code bench.leases} URLs (leases of 100, completions pipelined).
 *
 * <pre>
 * ./mvnw test -Pbenchmark -Dtest=FrontierMemoryBenchmark                          # 1,000,000 URLs, heads 0 and 1000
 * ./mvnw test -Pbenchmark -Dtest=FrontierMemoryBenchmark -Dbench.urls=10000000    # ten million
 * TRAWLER_REDIS_URL=redis://127.0.0.1:6379/6 ./mvnw test -Pbenchmark -Dtest=FrontierMemoryBenchmark   # a real Redis 7
 * </pre>
 */
@Tag("benchmark")
class FrontierMemoryBenchmark {

    static final int URLS = Integer.getInteger("bench.urls", 1_000_000);
    static final int LEASES = Integer.getInteger("bench.leases", 100_000);
    static final String HEADS = System.getProperty("bench.heads", "0,1000");
    static final int HOSTS = 50;
    static final int BATCH = 1000;

    @Test
    void bytesPerSeenAndQueuedUrl() throws Exception {
        String url = TestRedis.url();
        Vertx vertx = Vertx.vertx();
        Redis redis = Redis.createClient(vertx, new io.vertx.redis.client.RedisOptions().setConnectionString(url)
                .setMaxPoolWaiting(1000).setMaxPoolSize(8));
        try {
            System.out.printf("%n=== Frontier memory at %,d queued URLs (%d hosts), Redis at %s ===%n", URLS, HOSTS, url);
            System.out.printf("%-6s | %-12s | %-10s | %-14s | %-10s | %-14s | %-12s | %s%n", "head", "seen B/URL", "queues B",
                    "B/queued URL", "used_memory", "B/URL (all)", "admitted/s", "leased+completed/s");
            for (String h : HEADS.split(",")) {
                run(redis, url, Integer.parseInt(h.trim()));
            }
        } finally {
            redis.close();
            vertx.close();
        }
    }

    private void run(Redis redis, String url, int head) throws Exception {
        RedisFrontier frontier = new RedisFrontier(redis);
        String crawl = Ids.newId();
        CrawlFrontierSettings settings = new CrawlFrontierSettings(1000, 0, URLS, 1);
        try {
            long before = usedMemory(redis);
            await(frontier.create(crawl, settings, "{}", new Frontier.Limits(3, 0, head)));
            long t0 = System.nanoTime();
            long admitted = 0;
            List<Discovery> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < URLS; i++) {
                batch.add(Discovery.fifo("http://host" + (i % HOSTS) + ".bench.test/section" + (i % 97) + "/article-" + i + ".html", 3));
                if (batch.size() == BATCH) {
                    admitted += await(frontier.enqueue(crawl, batch, 1));
                    batch = new ArrayList<>(BATCH);
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long used = usedMemory(redis) - before;
            String prefix = FrontierKeys.prefix(crawl);
            long seen = RedisInfo.keyBytes(url, prefix + "s:*");
            long queues = RedisInfo.keyBytes(url, prefix + "p0:*");
            double leaseRate = leaseAndComplete(frontier, crawl);
            System.out.printf("%-6d | %-12.2f | %,-10d | %-14.1f | %,-11d | %-14.1f | %,-12.0f | %,.0f%n", head, seen / (double) admitted,
                    queues, queues / (double) admitted, used, used / (double) admitted, admitted / seconds, leaseRate);
            System.out.printf("         (%d seen buckets)%n", 1 << UrlFingerprint.bucketBitsFor(settings.maxPages()));
        } finally {
            await(frontier.delete(crawl));
        }
    }

    /** Leases {@link #LEASES} URLs in leases of 100 and completes each (no links, no record): URLs per second. */
    private static double leaseAndComplete(RedisFrontier frontier, String crawl) {
        long t0 = System.nanoTime();
        int done = 0;
        long now = 2;
        while (done < LEASES) {
            List<Lease> leases = await(frontier.lease(crawl, 0, 100, 600_000, now));
            if (leases.isEmpty()) {
                break;
            }
            List<Future<?>> completions = new ArrayList<>(leases.size());
            for (Lease l : leases) {
                completions.add(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, null, List.of()), now));
            }
            await(Future.all(completions));
            done += leases.size();
            now++;
        }
        return done / ((System.nanoTime() - t0) / 1e9);
    }

    /** Redis's used_memory once nothing deleted earlier is still being freed in the background. */
    private static long usedMemory(Redis redis) throws InterruptedException {
        while (memoryInfo(redis, "lazyfree_pending_objects:") > 0) {
            Thread.sleep(50);
        }
        return memoryInfo(redis, "used_memory:");
    }

    private static long memoryInfo(Redis redis, String field) {
        String info = await(redis.send(Request.cmd(Command.INFO).arg("memory"))).toString();
        for (String line : info.split("\r\n")) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.substring(field.length()).trim());
            }
        }
        return 0;
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }
}
