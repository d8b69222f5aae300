package io.trawler.bench;

import io.trawler.config.Ids;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierKeys;
import io.trawler.frontier.RedisFrontier;
import io.trawler.frontier.UrlFingerprint;
import io.trawler.redis.Await;
import io.trawler.testsupport.TestRedis;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Redis memory of the frontier at one million URLs: the seen set (exact dedup) and the host queues,
 * measured with MEMORY USAGE over the crawl's keys after admitting 1,000,000 distinct URLs of 50 hosts
 * through the real enqueue script (batches of 1,000), plus the admission rate.
 *
 * <pre>
 * ./mvnw test -Pbenchmark -Dtest=FrontierMemoryBenchmark      # embedded redis-server; TRAWLER_REDIS_URL for another
 * </pre>
 */
@Tag("benchmark")
class FrontierMemoryBenchmark {

    static final int URLS = Integer.getInteger("bench.urls", 1_000_000);
    static final int HOSTS = 50;
    static final int BATCH = 1000;

    @Test
    void bytesPerSeenAndQueuedUrlAtOneMillion() throws Exception {
        String url = TestRedis.url();
        Vertx vertx = Vertx.vertx();
        Redis redis = Redis.createClient(vertx, url);
        RedisFrontier frontier = new RedisFrontier(redis);
        String crawl = Ids.newId();
        CrawlFrontierSettings settings = new CrawlFrontierSettings(1, 0, URLS, 1);
        try {
            await(frontier.create(crawl, settings, "{}"));
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
            String prefix = FrontierKeys.prefix(crawl);
            long seen = RedisInfo.keyBytes(url, prefix + "s:*");
            long queues = RedisInfo.keyBytes(url, prefix + "p0:*");
            System.out.printf("%n=== Frontier memory at %,d URLs (%d hosts, %d seen buckets), Redis at %s ===%n", admitted, HOSTS,
                    1 << UrlFingerprint.bucketBitsFor(settings.maxPages()), url);
            System.out.printf("seen set : %,d bytes = %.2f bytes per seen URL%n", seen, seen / (double) admitted);
            System.out.printf("queues   : %,d bytes = %.1f bytes per queued URL (URLs of ~55 characters)%n", queues,
                    queues / (double) admitted);
            System.out.printf("admission: %.0f URLs/s (batches of %d, one script call each)%n", admitted / seconds, BATCH);
        } finally {
            await(frontier.delete(crawl));
            redis.close();
            vertx.close();
        }
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }
}
