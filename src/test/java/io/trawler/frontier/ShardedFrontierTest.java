package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.order.FrontierRules;
import io.trawler.order.Rescoring;
import io.trawler.testsupport.RedisKeys;
import io.trawler.testsupport.TestRedis;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A sharded crawl's frontier (one shard per lane: partitioned, politeness scope node) against a real Redis, standalone
 * or a cluster (TRAWLER_REDIS_HOSTS): where its keys live, links handed between lanes, the finish check across shards,
 * distinct pages of independent lanes, a node's politeness over several lanes, page records from every shard.
 */
class ShardedFrontierTest extends FrontierFixture {

    private CrawlFrontierSettings settings(int lanes, boolean laneSeen, long delayMs, long maxPages) {
        return new CrawlFrontierSettings(1, delayMs, maxPages, lanes, laneSeen, FrontierRules.PLAIN, 0, false, PolitenessScope.NODE,
                List.of());
    }

    private void start(int lanes, boolean laneSeen, long delayMs, long maxPages) {
        CrawlFrontierSettings s = settings(lanes, laneSeen, delayMs, maxPages);
        assertEquals(lanes, s.shards());
        await(frontier.create(crawl, s, "{}"));
    }


    private static Discovery at(int lane, String url) {
        return new Discovery(lane, FrontierEntry.of(url, 1), Discovery.FIFO);
    }

    private int offer(Discovery... links) {
        return await(frontier.enqueue(crawl, List.of(links), 1));
    }

    private Lease take(int lane, long now) {
        List<Lease> leases = await(frontier.lease(crawl, lane, 1, 60_000, now));
        assertEquals(1, leases.size(), "lane " + lane + " has a URL to lease");
        return leases.get(0);
    }

    private CompletionResult done(Lease l, long now, Discovery... links) {
        return await(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, fetched(l, now), List.of(links)), now));
    }

    @Test
    void whetherACrawlIsSharded() {
        assertEquals(3, settings(3, false, 0, 0).shards());
        assertEquals(1, settings(1, false, 0, 0).shards(), "one lane");
        assertEquals(1, settings(3, false, 0, 0).withPolitenessScope(PolitenessScope.SITE).shards(), "one polite client per host across lanes");
        assertEquals(1, new CrawlFrontierSettings(1, 0, 0, 3, false, FrontierRules.rescoring(Rescoring.OPIC), 0, false,
                PolitenessScope.NODE, List.of()).shards(), "scores that move between lanes");
        assertEquals(1, settings(3, false, 0, 2).shards(), "fewer pages than lanes");
    }

    @Test
    void eachLaneLivesInAShardOfItsOwnInItsOwnThirdOfTheSlotRing() {
        start(3, false, 0, 1000);
        assertEquals(3, offer(at(0, "http://a.test/0"), at(1, "http://a.test/1"), at(2, "http://a.test/2")));
        List<String> keys = RedisKeys.matching(redis, FrontierKeys.allShardsPattern(crawl));
        Set<String> tags = new TreeSet<>();
        keys.forEach(k -> tags.add(k.substring(k.indexOf('{'), k.indexOf('}') + 1)));
        assertEquals(3, tags.size(), keys.toString());
        Set<Integer> ranges = new TreeSet<>();
        for (String tag : tags) {
            ranges.add(HashSlots.slotOfKey(tag) * 3 / HashSlots.SLOTS);
        }
        assertEquals(3, ranges.size(), "each shard in its own third of the slot ring: " + tags);
        if (TestRedis.cluster()) {
            assertTrue(RedisKeys.mastersHolding(redis, FrontierKeys.allShardsPattern(crawl)) >= 2, "on several masters");
        }
        await(frontier.delete(crawl));
        assertEquals(List.of(), RedisKeys.matching(redis, FrontierKeys.allShardsPattern(crawl)), "delete reaches every shard");
        assertFalse(await(frontier.activeCrawls()).contains(crawl));
    }

    @Test
    void linksOfOtherLanesAreHandedToTheirShardsAndAdmittedOnce() {
        start(3, false, 0, 1000);
        offer(at(0, "http://a.test/"));
        CompletionResult r = done(take(0, 2), 3, at(1, "http://a.test/x"), at(2, "http://a.test/y"), at(0, "http://a.test/z"));
        assertEquals(3, r.admitted(), "the lane's own link and the two handed over");
        assertEquals("http://a.test/x", take(1, 4).url());
        assertEquals("http://a.test/y", take(2, 4).url());
        Lease z = take(0, 4);
        assertEquals(0, done(z, 5, at(1, "http://a.test/x"), at(2, "http://a.test/y")).admitted(), "seen in their lanes' shards");
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(4, c.admitted());
        assertEquals(2, c.inFlight());
        assertEquals(List.of(2L, 0L, 0L), List.of(c.fetchedByLane()[0], c.fetchedByLane()[1], c.fetchedByLane()[2]));
    }

    /**
     * The page limit is the crawl's, not a lane's: a lane that runs dry gives back what it did not use and a lane with more
     * to fetch gets it, URLs it found beyond its share admitted then (not lost); the crawl admits exactly its limit and
     * finishes once the held URLs that no allowance is left for are let go.
     */
    @Test
    void aShardedCrawlFetchesItsWholeLimitWhenSomeLanesRunDry() {
        start(3, false, 0, 30);   // 10 URLs a lane to start with
        offer(at(0, "http://a.test/0"), at(1, "http://a.test/1"), at(2, "http://a.test/2"));
        long now = 10;
        // lane 0 finds 40 URLs of its own; lanes 1 and 2 find nothing more
        Discovery[] many = new Discovery[40];
        for (int i = 0; i < many.length; i++) {
            many[i] = at(0, "http://a.test/p" + i);
        }
        assertEquals(9, done(take(0, now), now, many).admitted(), "lane 0 admits its share (10, its seed included)");
        done(take(1, now), now);
        done(take(2, now), now);
        // lanes 1 and 2 ran dry: their unused allowance moves to lane 0, which admits the URLs it held at once (the
        // contract, FrontierContract.thePageLimitIsTheCrawlsAcrossLanes, runs such a crawl to its end on every backend)
        await(frontier.balanceLimits(crawl, ++now));
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(30, c.admitted(), "the crawl's limit, across lanes");
        assertEquals(27, c.queuedByLane()[0], "lane 0 took what lanes 1 and 2 did not use");
        assertEquals(0, await(frontier.remainingAdmissions(crawl)));
    }

    @Test
    void theCrawlFinishesOnlyWhenEveryLaneIsDrainedAtOnce() {
        start(2, false, 0, 1000);
        offer(at(0, "http://a.test/a"), at(1, "http://a.test/b"));
        Lease a = take(0, 2);
        Lease b = take(1, 2);
        assertEquals(FrontierState.RUNNING, done(a, 3).state(), "lane 1 still has a page in flight");
        assertEquals(FrontierState.RUNNING, done(b, 4, at(0, "http://a.test/c")).state(), "lane 1 handed lane 0 a link");
        assertEquals(FrontierState.RUNNING, await(frontier.settle(crawl)));
        assertEquals(FrontierState.FINISHED, done(take(0, 5), 6).state());
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(FrontierState.FINISHED, c.state());
        assertEquals(3, c.fetched());
        assertEquals(3, c.unique());
        assertTrue(c.finishedAt() > 0);
        offer(at(1, "http://a.test/late"));
        assertTrue(await(frontier.lease(crawl, 1, 1, 60_000, 7)).isEmpty(), "every shard finished, not only the home shard");
    }

    @Test
    void independentLanesCountAPageBothFetchedOnceAmongDistinctPages() {
        start(2, true, 0, 1000);
        assertEquals(2, offer(at(0, "http://a.test/shared"), at(1, "http://a.test/shared")), "each lane its own seen set");
        offer(at(1, "http://a.test/only"));
        done(take(0, 2), 3);
        done(take(1, 2), 3);
        done(take(1, 4), 5);
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(3, c.fetched());
        assertEquals(2, c.unique(), "the shared page counts once, whichever shard keeps its fingerprint");
        assertEquals(FrontierState.FINISHED, c.state());
    }

    @Test
    void aNodeServingTwoLanesWaitsTwiceTheDelayInEachOfThem() {
        start(2, false, 100, 1000);
        offer(at(0, "http://a.test/1"), at(0, "http://a.test/2"), at(1, "http://a.test/3"), at(1, "http://a.test/4"));
        Leaser node = new Leaser("w1", "n1", List.of(), 1000);
        done(await(frontier.lease(crawl, 0, 5, 60_000, 10, node, 2)).get(0), 20);
        done(await(frontier.lease(crawl, 1, 5, 60_000, 10, node, 2)).get(0), 20);
        assertTrue(await(frontier.lease(crawl, 0, 5, 60_000, 150, node, 2)).isEmpty(), "two lanes: 200 ms between fetches in each");
        assertEquals(1, await(frontier.lease(crawl, 0, 5, 60_000, 211, node, 2)).size());
        assertEquals(1, await(frontier.lease(crawl, 1, 5, 60_000, 211, node, 2)).size());
    }

    @Test
    void aBackOffInOneLaneHoldsTheClientInTheNodesOtherLanes() {
        start(2, false, 0, 1000);
        offer(at(0, "http://a.test/1"), at(1, "http://a.test/2"), at(1, "http://a.test/3"));
        Leaser node = new Leaser("w1", "n1", List.of("127.0.0.2"), 1000);
        Lease first = await(frontier.lease(crawl, 0, 5, 60_000, 10, node, 2)).get(0);
        done(await(frontier.lease(crawl, 1, 5, 60_000, 10, node, 2)).get(0), 20);
        // lane 0 is told 429, Retry-After 5 s
        await(frontier.complete(new Completion(first, 5_000, 0, true, Completion.Tally.NONE, null, List.of()), 30));
        assertTrue(await(frontier.lease(crawl, 1, 5, 60_000, 100, node, 2)).isEmpty(), "the client backs off in lane 1 too");
        assertEquals(1, await(frontier.lease(crawl, 1, 5, 60_000, 5_001, node, 2)).size());
        Leaser other = new Leaser("w2", "n2", List.of("127.0.0.3"), 1000);
        assertEquals(1, await(frontier.lease(crawl, 0, 5, 60_000, 100, other, 1)).size(), "another node's client is not held");
    }

    @Test
    void aShardThatTurnsBusyWhileTheCrawlIsFinishedReopensTheOthers() {
        start(2, false, 0, 1000);
        RedisFrontier.Layout layout = await(frontier.layout(crawl));
        // the probes saw both shards drained with ops 0; then a URL came into the home shard
        offer(at(0, "http://a.test/late"));
        assertEquals("RUNNING", await(frontier.finishAll(crawl, layout, 5, List.of(0L, 0L))));
        String shard1 = FrontierKeys.shardPrefix(crawl, 1, 2) + "conf";
        assertEquals("RUNNING", await(redis.send(io.vertx.redis.client.Request.cmd(io.vertx.redis.client.Command.HGET).arg(shard1).arg("state")))
                .toString(), "shard 1 was finished first and is reopened");
        assertEquals(FrontierState.FINISHED, done(take(0, 6), 7).state(), "and the crawl ends when the late URL is done");
    }

    @Test
    void pageRecordsOfEveryShardAreReadFromOneCursorAndReleased() {
        start(3, false, 0, 1000);
        offer(at(0, "http://a.test/0"), at(1, "http://a.test/1"), at(2, "http://a.test/2"));
        for (int lane = 0; lane < 3; lane++) {
            done(take(lane, 2), 3);
        }
        PageRecordSource.Batch first = await(frontier.read(crawl, null, 100));
        assertEquals(3, first.entries().size());
        Set<String> urls = new TreeSet<>();
        List<String> ids = new ArrayList<>();
        first.entries().forEach(e -> {
            urls.add(e.fields().get("url"));
            ids.add(e.id());
        });
        assertEquals(Set.of("http://a.test/0", "http://a.test/1", "http://a.test/2"), urls);
        assertEquals(3, ids.stream().distinct().count());
        assertTrue(ids.stream().anyMatch(id -> id.startsWith("2/")), ids.toString());
        assertEquals(3, first.cursor().split(",").length);
        assertTrue(await(frontier.read(crawl, first.cursor(), 100)).entries().isEmpty());
        await(frontier.release(crawl, first.cursor()));
        assertEquals(0L, await(frontier.unread(crawl)));
    }

    @Test
    void thePageLimitIsSharedOutAmongTheLanes() {
        start(2, false, 0, 5);
        assertEquals(2, offer(at(1, "http://a.test/1"), at(1, "http://a.test/2"), at(1, "http://a.test/3")), "lane 1 may admit 2 of 5");
        assertEquals(3L, await(frontier.remainingAdmissions(crawl)));
    }

}
