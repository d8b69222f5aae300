package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.order.FrontierRules;
import io.trawler.order.Rescoring;
import io.trawler.parse.UrlNormalizer;
import io.trawler.testsupport.RedisKeys;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The frontier's Lua operations against a real Redis. */
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
    void admitsEachUrlOnceAcrossBatchesAndWithinABatch() throws Exception {
        start(10, 0, 1000);
        assertEquals(2, offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/1"));
        assertEquals(1, offer(1, "http://a.test/2", "http://a.test/3"));
        assertEquals(3, await(frontier.counts(crawl)).queued());
    }

    @Test
    void seenSetIsExactForThousandsOfUrls() throws Exception {
        start(10, 0, 100_000);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            urls.add("http://h" + (i % 7) + ".test/page/" + i);
        }
        int admitted = 0;
        for (int i = 0; i < urls.size(); i += 1000) {
            admitted += offer(1, urls.subList(i, i + 1000).toArray(String[]::new));
        }
        assertEquals(20_000, admitted);
        int again = 0;
        for (int i = 0; i < urls.size(); i += 1000) {
            again += offer(1, urls.subList(i, i + 1000).toArray(String[]::new));
        }
        assertEquals(0, again, "every URL was already seen");
    }

    @Test
    void leasesFifoPerHostAndFinishesWhenEverythingIsAcknowledged() throws Exception {
        start(10, 0, 1000);
        offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3");
        List<Lease> leases = await(frontier.lease(crawl, 0, 10, 60_000, 2));
        assertEquals(List.of("http://a.test/1", "http://a.test/2", "http://a.test/3"), leases.stream().map(Lease::url).toList());
        assertEquals(3, await(frontier.counts(crawl)).inFlight());
        ack(leases.get(0), 3, List.of());
        ack(leases.get(1), 3, List.of(Discovery.fifo("http://a.test/4", 2)));
        CompletionResult last = ack(leases.get(2), 3, List.of());
        assertEquals(FrontierState.RUNNING, last.state());
        Lease fourth = await(frontier.lease(crawl, 0, 10, 60_000, 4)).get(0);
        assertEquals(2, fourth.entry().depth());
        assertEquals(FrontierState.FINISHED, ack(fourth, 5, List.of()).state());
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(4, c.fetched());
        assertEquals(0, c.queued());
        assertEquals(0, c.inFlight());
    }

    @Test
    void expiredLeasesReturnToTheirQueueAndLateAcksAreStale() throws Exception {
        start(10, 0, 1000);
        offer(1, "http://a.test/1", "http://a.test/2");
        List<Lease> dead = await(frontier.lease(crawl, 0, 10, 1000, 10));
        assertEquals(2, dead.size());
        assertTrue(await(frontier.lease(crawl, 0, 10, 1000, 500)).isEmpty(), "nothing to lease while leased");
        List<Lease> again = await(frontier.lease(crawl, 0, 10, 1000, 1011));
        assertEquals(Set.of("http://a.test/1", "http://a.test/2"), new HashSet<>(again.stream().map(Lease::url).toList()));
        assertTrue(ack(dead.get(0), 1100, List.of()).stale(), "the dead worker's lease was re-issued");
        assertFalse(ack(again.get(0), 1100, List.of()).stale());
        assertEquals(FrontierState.FINISHED, ack(again.get(1), 1100, List.of()).state());
        assertEquals(2, await(frontier.counts(crawl)).fetched());
        assertEquals(2, await(frontier.counts(crawl)).reclaimed());
    }

    @Test
    void oneUrlPerHostInFlightAndDelayBetweenFetches() throws Exception {
        start(1, 100, 1000);
        offer(1, "http://a.test/1", "http://a.test/2", "http://b.test/1");
        List<Lease> first = await(frontier.lease(crawl, 0, 10, 60_000, 1000));
        assertEquals(Set.of("a.test", "b.test"), hosts(first));
        assertTrue(await(frontier.lease(crawl, 0, 10, 60_000, 5000)).isEmpty(), "a.test is busy");
        Lease a1 = first.stream().filter(l -> l.url().contains("a.test")).findFirst().orElseThrow();
        await(frontier.complete(new Completion(a1, 1200 + 100, 100, false, Completion.Tally.FETCHED, null, List.of()), 1200));
        assertTrue(await(frontier.lease(crawl, 0, 10, 60_000, 1250)).isEmpty(), "delay not over");
        assertEquals(List.of("http://a.test/2"), await(frontier.lease(crawl, 0, 10, 60_000, 1300)).stream().map(Lease::url).toList());
    }

    @Test
    void retryPutsTheUrlBackWithOneMoreAttemptAfterTheBackOff() throws Exception {
        start(1, 0, 1000);
        offer(1, "http://a.test/1");
        Lease l = await(frontier.lease(crawl, 0, 10, 60_000, 1)).get(0);
        await(frontier.complete(new Completion(l, 5000, 0, true, Completion.Tally.NONE, null, List.of()), 2));
        assertTrue(await(frontier.lease(crawl, 0, 10, 60_000, 4999)).isEmpty());
        Lease again = await(frontier.lease(crawl, 0, 10, 60_000, 5000)).get(0);
        assertEquals(1, again.entry().attempts());
    }

    @Test
    void aBackOffHoldsTheWholeHostEvenWithFreeSlots() throws Exception {
        start(8, 0, 1000);
        offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3");
        Lease first = await(frontier.lease(crawl, 0, 1, 60_000, 1)).get(0);
        // 503 with Retry-After: the host may be fetched again at 10_000 only
        await(frontier.complete(new Completion(first, 10_000, 0, true, Completion.Tally.NONE, null, List.of()), 2));
        assertTrue(await(frontier.lease(crawl, 0, 10, 60_000, 9_999)).isEmpty(), "host backed off");
        assertEquals(3, await(frontier.lease(crawl, 0, 10, 60_000, 10_000)).size());
    }

    @Test
    void lifoAndStaticScoresOrderTheQueue() throws Exception {
        start(10, 0, 1000);
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://a.test/1", 1), Discovery.LIFO),
                new Discovery(0, FrontierEntry.of("http://a.test/2", 1), Discovery.LIFO)), 1));
        assertEquals(List.of("http://a.test/2", "http://a.test/1"), await(frontier.lease(crawl, 0, 10, 60_000, 2)).stream().map(Lease::url).toList());
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://b.test/low", 1), "s:5"),
                new Discovery(0, FrontierEntry.of("http://b.test/high-1", 1), "s:1"),
                new Discovery(0, FrontierEntry.of("http://b.test/high-2", 1), "s:1")), 3));
        assertEquals(List.of("http://b.test/high-1", "http://b.test/high-2", "http://b.test/low"),
                await(frontier.lease(crawl, 0, 10, 60_000, 4)).stream().map(Lease::url).toList(), "priority, then discovery order");
    }

    @Test
    void randomPicksAlternateWithTopPicks() throws Exception {
        await(frontier.create(crawl, new CrawlFrontierSettings(1000, 0, 1000, 1, false, new FrontierRules(1, 1, FrontierRules.HostOrder.READY, Rescoring.NONE), 0), "{}"));
        List<Discovery> links = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            links.add(new Discovery(0, FrontierEntry.of("http://a.test/" + i, 1), "s:" + (i < 100 ? 0 : 9)));
        }
        await(frontier.enqueue(crawl, links, 1));
        List<Lease> got = await(frontier.lease(crawl, 0, 100, 60_000, 2));
        assertEquals(100, got.size());
        long fromTheBottom = got.stream().filter(l -> Integer.parseInt(l.url().substring(14)) >= 100).count();
        // 50 top picks all come from the 100 best; the 50 random picks come from anywhere (about half from the bottom)
        assertTrue(fromTheBottom >= 10 && fromTheBottom <= 45, "random picks from the whole queue: " + fromTheBottom);
        assertEquals("http://a.test/0", got.get(0).url(), "the first pick is a top pick");
    }

    @Test
    void largestSiteFirst() throws Exception {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 1000, 1, false, new FrontierRules(1, 0, FrontierRules.HostOrder.LARGEST, Rescoring.NONE), 0), "{}"));
        offer(1, "http://small.test/1", "http://big.test/1", "http://big.test/2", "http://big.test/3", "http://mid.test/1",
                "http://mid.test/2");
        assertEquals(List.of("http://big.test/1", "http://mid.test/1", "http://small.test/1"),
                await(frontier.lease(crawl, 0, 3, 60_000, 2)).stream().map(Lease::url).toList(), "hosts by pending URLs");
    }

    @Test
    void pageLimitCapsAdmissions() throws Exception {
        start(10, 0, 3);
        assertEquals(3, offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3", "http://a.test/4"));
        assertEquals(0, offer(1, "http://a.test/5"));
    }

    @Test
    void aSideLoadKeepsTheCrawlOpenUntilItEnds() throws Exception {
        start(10, 0, 1000);
        offer(1, "http://a.test/1");
        Lease l = await(frontier.lease(crawl, 0, 10, 60_000, 1)).get(0);
        assertTrue(await(frontier.claimSitemaps(crawl, "a.test", 1, 100_000)));
        assertFalse(await(frontier.claimSitemaps(crawl, "a.test", 1, 100_000)), "claimed once per crawl");
        assertEquals(FrontierState.RUNNING, ack(l, 2, List.of()).state());
        await(frontier.enqueue(crawl, List.of(Discovery.fifo("http://a.test/from-sitemap", 1)), 3, "sitemaps:a.test"));
        Lease s = await(frontier.lease(crawl, 0, 10, 60_000, 4)).get(0);
        assertEquals("http://a.test/from-sitemap", s.url());
        assertEquals(FrontierState.FINISHED, ack(s, 5, List.of()).state());
    }

    @Test
    void pausedCrawlsLeaseNothingAndPageRecordsReachTheStream() throws Exception {
        start(10, 0, 1000);
        offer(1, "http://a.test/1", "http://a.test/2");
        await(frontier.setState(crawl, FrontierState.PAUSED));
        assertTrue(await(frontier.lease(crawl, 0, 10, 60_000, 1)).isEmpty());
        await(frontier.setState(crawl, FrontierState.RUNNING));
        Lease l = await(frontier.lease(crawl, 0, 1, 60_000, 1)).get(0);
        ack(l, 2, List.of());
        long len = await(redis.send(Request.cmd(Command.XLEN).arg(FrontierKeys.pages(crawl)))).toLong();
        assertEquals(1, len);
    }

    /**
     * What the stream holds reads back as the typed record the worker wrote, every field of it, and the record the
     * script writes itself (an abandoned URL's) reads too.
     */
    @Test
    void everyPageRecordInTheStreamParses() throws Exception {
        await(frontier.create(crawl, new CrawlFrontierSettings(10, 0, 1000, 1), "{}", new Frontier.Limits(1, 10_000)));
        offer(1, "http://a.test/full", "http://b.test/hangs");
        List<Lease> leased = await(frontier.lease(crawl, 0, 10, 1000, 10));
        Lease full = leased.stream().filter(l -> l.url().endsWith("full")).findFirst().orElseThrow();
        PageRecord written = PageRecord.builder(full.url(), 200, "truncated", 10, full.partition(), full.entry().depth())
                .contentType("text/html; charset=utf-8").bytes(48_213).fetchMs(35).truncated("length").etag("\"v1\"")
                .lastModified(1_700_000_000_000L).stored("sha1:2OQ6X2ZPQJ5HPMA2BBBKWC5EHM4PEE7N", "t-1.warc.gz", 1234)
                .error("warc: disk full").redirect("http://a.test/elsewhere").textFp(0xfedcba9876543210L).mainText("main\ntext")
                .relevance(0.25, false).links(List.of("http://a.test/x", "http://c.test/y"), new LinkDecisions(1, 1, 0, 0, true), 2)
                .noindex(true).build();
        await(frontier.complete(new Completion(full, 20, 0, false, Completion.Tally.FETCHED, written, List.of()), 20));
        assertEquals(1, await(frontier.reclaim(crawl, 5_000, 100)), "the other lease expired after its one attempt");

        Map<String, PageRecord> read = new java.util.HashMap<>();
        for (PageRecordSource.Entry e : await(frontier.read(crawl, null, 10)).entries()) {
            read.put(e.record().url(), e.record());
        }
        assertEquals(written, read.get(full.url()), "every field as the worker wrote it");
        PageRecord abandoned = read.get("http://b.test/hangs");
        assertEquals("abandoned", abandoned.outcome());
        assertTrue(abandoned.error().contains("lease expired"), abandoned.error());
        assertEquals(0, abandoned.status());
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

    private void startScoped(PolitenessScope scope, int maxPerHost, long delayMs, List<String> laneNodes) throws Exception {
        CrawlFrontierSettings s = new CrawlFrontierSettings(maxPerHost, delayMs, 1000, Math.max(1, laneNodes.size()))
                .withPolitenessScope(scope).withLaneNodes(laneNodes);
        await(frontier.create(crawl, s, "{}"));
    }

    private static Leaser worker(String name, String node, String... addresses) {
        return new Leaser(name, node, List.of(addresses), 1000);
    }

    private List<Lease> leaseAs(Leaser who, int lane, long now) {
        return await(frontier.lease(crawl, lane, 10, 60_000, now, who));
    }

    @Test
    void scopeSiteIsOnePoliteClientWhicheverNodeAsks() throws Exception {
        startScoped(PolitenessScope.SITE, 1, 100, List.of());
        offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3");
        assertEquals(1, leaseAs(worker("w1", "n1"), 0, 10).size());
        assertTrue(leaseAs(worker("w2", "n2"), 0, 20).isEmpty(), "the host is busy and its delay not over, for every node");
        assertTrue(leaseAs(worker("w2", "n2"), 0, 110).isEmpty(), "one in flight at most, for the whole site");
    }

    @Test
    void scopeNodeGivesEachNodeItsOwnDelayCapAndBackOff() throws Exception {
        startScoped(PolitenessScope.NODE, 1, 100, List.of());
        offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3", "http://a.test/4", "http://a.test/5");
        Lease n1 = leaseAs(worker("w1", "n1"), 0, 10).get(0);
        assertEquals(1, leaseAs(worker("w2", "n2"), 0, 20).size(), "another node is another polite client");
        assertTrue(leaseAs(worker("w3", "n2"), 0, 30).isEmpty(), "a worker of the same node shares its node's politeness");
        assertTrue(leaseAs(worker("w1", "n1"), 0, 40).isEmpty(), "n1 still has its one URL in flight");
        // n1 is told to back off until 5,000; n2 is not
        await(frontier.complete(new Completion(n1, 5_000, 100, true, Completion.Tally.NONE, null, List.of()), 50));
        assertTrue(leaseAs(worker("w1", "n1"), 0, 200).isEmpty(), "n1 backed off");
        assertEquals(2, await(redis.send(Request.cmd(Command.HLEN).arg(FrontierKeys.prefix(crawl) + "hnext"))).toInteger());
        // a node with source addresses is a client per address, chosen per host as HttpFetcher chooses it
        Leaser multi = worker("w4", "n3", "127.0.0.2", "127.0.0.3");
        assertEquals(1, leaseAs(multi, 0, 300).size());
        String chosen = List.of("127.0.0.2", "127.0.0.3").get(Math.floorMod("a.test".hashCode(), 2));
        assertEquals(1, await(redis.send(Request.cmd(Command.HGET).arg(FrontierKeys.prefix(crawl) + "hbusy").arg(chosen + "|a.test"))).toInteger());
    }

    @Test
    void aLaneGivenToANodeIsLeasedOnlyByItsWorkers() throws Exception {
        startScoped(PolitenessScope.SITE, 10, 0, List.of("n1", ""));
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://a.test/0", 0), "fifo"),
                new Discovery(1, FrontierEntry.of("http://a.test/1", 0), "fifo")), 1));
        assertTrue(leaseAs(worker("w2", "n2"), 0, 2).isEmpty(), "lane 0 is n1's");
        assertEquals(1, leaseAs(worker("w2", "n2"), 1, 2).size(), "lane 1 is any node's");
        assertEquals(List.of("n1", ""), await(frontier.laneNodes(crawl, 2)));
        await(frontier.assignLanes(crawl, Map.of(0, "n2")));
        assertEquals(1, leaseAs(worker("w2", "n2"), 0, 3).size(), "moved to n2");
    }

    @Test
    void theLeasesOfASilentWorkerComeBackWithinItsTimeoutNotAtTheirDeadline() throws Exception {
        startScoped(PolitenessScope.SITE, 4, 0, List.of());
        offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3", "http://a.test/4");
        assertEquals(4, leaseAs(worker("dead", "n1"), 0, 10).size());
        Leaser alive = worker("alive", "n2");
        assertTrue(leaseAs(alive, 0, 500).isEmpty(), "the host's four slots are held");
        await(frontier.renew("alive", List.of(crawl), 900));
        // 1,000 ms of silence later (the lease deadline is 60 s away) the dead worker's URLs are leased again
        List<Lease> again = leaseAs(alive, 0, 1_011);
        assertEquals(4, again.size());
        assertTrue(again.stream().allMatch(l -> l.entry().attempts() == 1), "a lost lease counts as an attempt");
        assertEquals(4, await(frontier.counts(crawl)).reclaimed());
        // a worker that drains hands its leases back at once
        await(frontier.renew("alive", List.of(crawl), 0));
        assertEquals(4, leaseAs(worker("next", "n3"), 0, 1_012).size());
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

    private static Set<String> hosts(List<Lease> leases) {
        Set<String> s = new HashSet<>();
        leases.forEach(l -> s.add(UrlNormalizer.hostOf(l.url())));
        return s;
    }

}
