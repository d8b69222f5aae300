package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsupport.RedisKeys;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What only the Redis backend has to show (its behaviour is the contract's, {@link RedisFrontierContractTest}): where a
 * crawl's keys live, that deleting leaves none, that nothing late re-creates one, and lease members of earlier versions.
 */
class RedisFrontierTest extends FrontierFixture {

    private void start(int maxPerHost, long delayMs, long maxPages) throws Exception {
        await(frontier.create(crawl, new CrawlFrontierSettings(maxPerHost, delayMs, maxPages, 1), "{}"));
    }


    private int offer(long now, String... urls) throws Exception {
        List<Discovery> links = new ArrayList<>();
        for (String u : urls) {
            links.add(Discovery.fifo(u, 1));
        }
        return await(frontier.enqueue(crawl, links, now));
    }

    private CompletionResult ack(Lease l, long now, List<Discovery> links) throws Exception {
        return await(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, fetched(l, now), links), now));
    }

    @Test
    void everyKeyOfACrawlSharesOneHashTag() throws Exception {
        start(10, 0, 1000);
        offer(1, "http://a.test/1");
        ack(await(frontier.lease(crawl, 0, 1, 60_000, 1)).get(0), 2, List.of(Discovery.fifo("http://b.test/x", 1)));
        List<String> keys = RedisKeys.matching(redis, FrontierKeys.pattern(crawl));
        assertTrue(keys.size() >= 6, keys.toString());
        assertTrue(keys.stream().allMatch(k -> k.startsWith("t:{c:" + crawl + "}:")), keys.toString());
    }

    @Test
    void deleteLeavesNoKeyOfTheCrawlAndTakesItOutOfTheRegistry() throws Exception {
        start(10, 0, 10_000);
        String[] urls = new String[2_500];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = "http://h" + i + ".test/";   // a queue key per host: more keys than one purge call takes
        }
        offer(1, urls);
        assertTrue(RedisKeys.matching(redis, FrontierKeys.pattern(crawl)).size() > 2_500);
        assertTrue(await(frontier.activeCrawls()).contains(crawl));
        await(frontier.delete(crawl));
        assertEquals(List.of(), RedisKeys.matching(redis, FrontierKeys.pattern(crawl)));
        assertFalse(await(frontier.activeCrawls()).contains(crawl));
    }

    @Test
    void nothingALateWorkerDoesRecreatesAKeyOfADeletedCrawl() throws Exception {
        start(10, 0, 1000);
        offer(1, "http://a.test/1", "http://a.test/2");
        Leaser late = new Leaser("late", "n1", List.of(), 1000);
        Lease l = await(frontier.lease(crawl, 0, 1, 60_000, 2, late)).get(0);
        await(frontier.delete(crawl));
        assertTrue(await(frontier.lease(crawl, 0, 1, 60_000, 3, late)).isEmpty());
        assertTrue(ack(l, 4, List.of(Discovery.fifo("http://a.test/3", 1))).stale());
        assertEquals(0, offer(5, "http://a.test/4"));
        assertFalse(await(frontier.claimSitemaps(crawl, "a.test", 6, 10_000)));
        await(frontier.renew("late", List.of(crawl), 7));
        assertEquals(List.of(), RedisKeys.matching(redis, FrontierKeys.pattern(crawl)));
    }

    @Test
    void leasesOfEarlierVersionsStillParseAndComplete() throws Exception {
        Lease old = Lease.parse("c", "7 1 12.5 3 0 1 http://a.test/x");
        assertEquals("http://a.test/x", old.url());
        assertEquals(1, old.partition());
        Lease now = Lease.parse("c", "7 1 12.5 host-1|127.0.0.2 3 0 1 http://a.test/x|y");
        assertEquals("http://a.test/x|y", now.url());
        assertEquals(3, now.entry().depth());
        assertEquals("127.0.0.2", now.client());
        assertEquals("", old.client());
    }

}
