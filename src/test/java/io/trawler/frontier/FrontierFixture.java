package io.trawler.frontier;

import io.trawler.config.Ids;
import io.trawler.redis.Await;
import io.trawler.testsupport.TestRedis;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the frontier's tests share: a client of the test Redis (standalone, or a cluster with TRAWLER_REDIS_HOSTS), a
 * frontier on it and a fresh crawl id per test, whose keys are deleted after it.
 */
abstract class FrontierFixture {

    static Vertx vertx;
    static Redis redis;
    RedisFrontier frontier;
    String crawl;

    /** The record of a page fetched with a 200 (what the stream tests need of it). */
    static PageRecord fetched(Lease l, long now) {
        return PageRecord.builder(l.url(), 200, "fetched", now, l.partition(), l.entry().depth()).build();
    }

    @BeforeAll
    static void connect() {
        vertx = Vertx.vertx();
        redis = TestRedis.client(vertx);
    }

    @AfterAll
    static void close() {
        redis.close();
        vertx.close();
    }

    @BeforeEach
    void newCrawl() {
        frontier = new RedisFrontier(redis);
        crawl = Ids.newId();
    }

    @AfterEach
    void deleteCrawl() {
        await(frontier.delete(crawl));
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }
}
