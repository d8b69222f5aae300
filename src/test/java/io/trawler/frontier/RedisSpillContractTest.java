package io.trawler.frontier;

import io.vertx.core.Future;

/**
 * The frontier's contract, met by the Redis backend with every host queue's head at two URLs: nearly every URL of the
 * suite passes through a spill (frontier.lua, {@code P p<n>:b:<host>}) and must be leased, counted, listed, dropped and
 * purged as if it had stayed in the sorted set.
 */
class RedisSpillContractTest extends RedisFrontierContractTest {

    @Override
    Frontier newFrontier() {
        return new RedisFrontier(redis) {
            @Override
            public Future<Void> create(String crawlId, CrawlFrontierSettings s, String specJson, Limits limits) {
                return super.create(crawlId, s, specJson, new Limits(limits.maxAttempts(), limits.maxUnread(), 2));
            }
        };
    }
}
