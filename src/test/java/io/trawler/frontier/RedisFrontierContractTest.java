package io.trawler.frontier;

import io.trawler.testsupport.TestRedis;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The frontier's contract, met by the Redis backend: on the test Redis (standalone: embedded or TRAWLER_REDIS_URL), or
 * on a Redis Cluster with TRAWLER_REDIS_HOSTS (CI runs it on both).
 */
class RedisFrontierContractTest extends FrontierContract {

    static Vertx vertx;
    static Redis redis;

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

    @Override
    Frontier newFrontier() {
        return new RedisFrontier(redis);
    }
}
