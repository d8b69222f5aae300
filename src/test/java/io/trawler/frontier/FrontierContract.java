package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.config.Ids;
import io.trawler.order.FocusSettings;
import io.trawler.order.FrontierRules;
import io.trawler.order.OpicCash;
import io.trawler.order.Rescoring;
import io.trawler.order.Scores;
import io.trawler.order.UrlPrefixAnalyser;
import io.trawler.parse.UrlNormalizer;
import io.trawler.redis.Await;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Frontier} backend must do, asked through the port alone: admission and the seen set, leases and
 * their expiry, politeness per site or per node, scores, picks and host orders, re-scoring and focused crawling, page
 * limits and budgets, side loads, revisits, dropping, inspection, the page-record stream and the end of a crawl. Each
 * backend runs it by naming itself ({@link #newFrontier()}): the in-memory one, Redis standalone, and a Redis Cluster
 * (TRAWLER_REDIS_HOSTS). Backend-specific checks (key layouts, hash tags, shards) live in the backends' own tests.
 */
abstract class FrontierContract {

    static final String A = "http://a.test/";

    Frontier frontier;
    String crawl;

    /** A frontier of the backend under test. */
    abstract Frontier newFrontier();

    @BeforeEach
    void newCrawl() {
        frontier = newFrontier();
        crawl = Ids.newId();
    }

    @AfterEach
    void deleteCrawl() {
        await(frontier.delete(crawl));
    }

    static <T> T await(Future<T> f) {
        return Await.result(f);
    }

    // ---- helpers

    private void start(int maxPerHost, long delayMs, long maxPages) {
        await(frontier.create(crawl, new CrawlFrontierSettings(maxPerHost, delayMs, maxPages, 1), "{}"));
    }

    private void start(FrontierRules rules, long budget) {
        await(frontier.create(crawl, new CrawlFrontierSettings(100, 0, 1000, 1, false, rules, budget), "{}"));
    }

    private int offer(long now, String... urls) {
        List<Discovery> links = new ArrayList<>();
        for (String u : urls) {
            links.add(Discovery.fifo(u, 1));
        }
        return await(frontier.enqueue(crawl, links, now));
    }

    private static Discovery at(int lane, String url) {
        return new Discovery(lane, FrontierEntry.of(url, 1), Discovery.FIFO);
    }

    static PageRecord fetched(Lease l, long now) {
        return PageRecord.builder(l.url(), 200, "fetched", now, l.partition(), l.entry().depth()).build();
    }

    private CompletionResult ack(Lease l, long now, List<Discovery> links) {
        return await(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, fetched(l, now), links), now));
    }

    private CompletionResult ack(Lease l, long now, Discovery... links) {
        return ack(l, now, List.of(links));
    }

    private List<Lease> lease(int lane, int max, long now) {
        return await(frontier.lease(crawl, lane, max, 60_000, now));
    }

    private Lease take(int lane, long now) {
        List<Lease> leases = lease(lane, 1, now);
        assertEquals(1, leases.size(), "lane " + lane + " has a URL to lease");
        return leases.get(0);
    }

    private static List<String> urls(List<Lease> leases) {
        return leases.stream().map(Lease::url).toList();
    }

    private static List<String> paths(List<Lease> leases) {
        return leases.stream().map(l -> l.url().substring(A.length())).toList();
    }

    private static Set<String> hosts(List<Lease> leases) {
        Set<String> s = new HashSet<>();
        leases.forEach(l -> s.add(UrlNormalizer.hostOf(l.url())));
        return s;
    }

    // ---- admission

    @Test
    void admitsEachUrlOnceAcrossBatchesAndWithinABatch() {
        start(10, 0, 1000);
        assertEquals(2, offer(1, A + "1", A + "2", A + "1"));
        assertEquals(1, offer(1, A + "2", A + "3"));
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(3, c.queued());
        assertEquals(3, c.admitted());
        assertEquals(FrontierState.RUNNING, c.state());
    }

    @Test
    void theSeenSetIsExactForThousandsOfUrls() {
        start(10, 0, 100_000);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            urls.add("http://h" + (i % 7) + ".test/page/" + i);
        }
        int admitted = 0;
        int again = 0;
        for (int i = 0; i < urls.size(); i += 1000) {
            admitted += offer(1, urls.subList(i, i + 1000).toArray(String[]::new));
        }
        for (int i = 0; i < urls.size(); i += 1000) {
            again += offer(1, urls.subList(i, i + 1000).toArray(String[]::new));
        }
        assertEquals(20_000, admitted);
        assertEquals(0, again, "every URL was already seen");
    }

    @Test
    void thePageLimitCapsAdmissions() {
        start(10, 0, 3);
        assertEquals(3, offer(1, A + "1", A + "2", A + "3", A + "4"));
        assertEquals(0, offer(1, A + "5"));
        assertEquals(0L, await(frontier.remainingAdmissions(crawl)));
    }

    @Test
    void aCrawlWithoutAPageLimitMayAlwaysAdmitMore() {
        start(10, 0, 0);
        offer(1, A + "1");
        assertEquals(Long.MAX_VALUE, await(frontier.remainingAdmissions(crawl)));
    }

    // ---- leasing and completing

    @Test
    void leasesFifoPerHostAndFinishesWhenEverythingIsAcknowledged() {
        start(10, 0, 1000);
        offer(1, A + "1", A + "2", A + "3");
        List<Lease> leases = lease(0, 10, 2);
        assertEquals(List.of(A + "1", A + "2", A + "3"), urls(leases));
        assertEquals(3, await(frontier.counts(crawl)).inFlight());
        assertEquals(3L, await(frontier.liveLeases(crawl, 2)));
        ack(leases.get(0), 3);
        ack(leases.get(1), 3, Discovery.fifo(A + "4", 2));
        assertEquals(FrontierState.RUNNING, ack(leases.get(2), 3).state());
        Lease fourth = lease(0, 10, 4).get(0);
        assertEquals(2, fourth.entry().depth());
        CompletionResult last = ack(fourth, 5);
        assertEquals(FrontierState.FINISHED, last.state());
        assertFalse(last.stale());
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(FrontierState.FINISHED, c.state());
        assertEquals(4, c.fetched());
        assertEquals(4, c.unique());
        assertEquals(0, c.queued());
        assertEquals(0, c.inFlight());
        assertEquals(5, c.finishedAt());
        assertEquals(0, offer(6, A + "late"), "a finished crawl admits nothing");
    }

    @Test
    void completionsCountWhatHappened() {
        start(10, 0, 1000);
        offer(1, A + "ok", A + "down", A + "denied", A + "retry");
        Map<String, Lease> byUrl = new HashMap<>();
        lease(0, 10, 2).forEach(l -> byUrl.put(l.url(), l));
        ack(byUrl.get(A + "ok"), 3);
        await(frontier.complete(new Completion(byUrl.get(A + "down"), 3, 0, false, Completion.Tally.ERRORS, null, List.of()), 3));
        await(frontier.complete(new Completion(byUrl.get(A + "denied"), 3, 0, false, Completion.Tally.ROBOTS_DENIED, null, List.of()), 3));
        await(frontier.complete(new Completion(byUrl.get(A + "retry"), 3, 0, true, Completion.Tally.NONE, null, List.of()), 3));
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(List.of(1L, 1L, 1L, 1L), List.of(c.fetched(), c.errors(), c.robotsDenied(), c.queued()));
        assertEquals(1, c.fetchedByLane()[0]);
        assertEquals(1, c.queuedByLane()[0]);
    }

    @Test
    void expiredLeasesReturnToTheirQueueAndLateAcksAreStale() {
        start(10, 0, 1000);
        offer(1, A + "1", A + "2");
        List<Lease> dead = await(frontier.lease(crawl, 0, 10, 1000, 10));
        assertEquals(2, dead.size());
        assertTrue(await(frontier.lease(crawl, 0, 10, 1000, 500)).isEmpty(), "nothing to lease while leased");
        assertEquals(0L, await(frontier.liveLeases(crawl, 1010)), "both deadlines passed");
        List<Lease> again = await(frontier.lease(crawl, 0, 10, 1000, 1011));
        assertEquals(Set.of(A + "1", A + "2"), new HashSet<>(urls(again)));
        assertTrue(again.stream().allMatch(l -> l.entry().attempts() == 1), "an expired lease counts as an attempt");
        assertTrue(ack(dead.get(0), 1100).stale(), "the dead worker's lease was re-issued");
        assertFalse(ack(again.get(0), 1100).stale());
        assertEquals(FrontierState.FINISHED, ack(again.get(1), 1100).state());
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(2, c.fetched());
        assertEquals(2, c.reclaimed());
    }

    @Test
    void aUrlWhoseLeasesKeepExpiringIsAbandonedWithARecord() {
        await(frontier.create(crawl, new CrawlFrontierSettings(10, 0, 1000, 1), "{}", new Frontier.Limits(2, 10_000)));
        offer(1, A + "hangs");
        await(frontier.lease(crawl, 0, 1, 100, 10));
        assertEquals(1, (int) await(frontier.reclaim(crawl, 200, 100)));
        assertEquals(1, await(frontier.lease(crawl, 0, 1, 100, 300)).size(), "a second try");
        assertEquals(1, (int) await(frontier.reclaim(crawl, 500, 100)));
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(FrontierState.FINISHED, c.state(), "its last URL abandoned, the crawl is done");
        assertEquals(1, c.errors());
        assertEquals(0, c.queued());
        assertEquals(2, c.reclaimed());
        PageRecord abandoned = await(frontier.read(crawl, null, 10)).entries().get(0).record();
        assertEquals("abandoned", abandoned.outcome());
        assertEquals(A + "hangs", abandoned.url());
        assertTrue(abandoned.error().contains("expired 2 times"), abandoned.error());
    }

    @Test
    void aCompletionForADeletedCrawlIsStaleAndLateCallsRecreateNothing() {
        start(10, 0, 1000);
        offer(1, A + "1", A + "2");
        Leaser late = new Leaser("late", "n1", List.of(), 1000);
        Lease l = await(frontier.lease(crawl, 0, 1, 60_000, 2, late)).get(0);
        assertTrue(await(frontier.activeCrawls()).contains(crawl));
        await(frontier.delete(crawl));
        assertFalse(await(frontier.activeCrawls()).contains(crawl));
        assertTrue(await(frontier.lease(crawl, 0, 1, 60_000, 3, late)).isEmpty());
        assertTrue(ack(l, 4, Discovery.fifo(A + "3", 1)).stale());
        assertEquals(0, offer(5, A + "4"));
        assertFalse(await(frontier.claimSitemaps(crawl, "a.test", 6, 10_000)));
        await(frontier.renew("late", List.of(crawl), 7));
        assertEquals(FrontierState.UNKNOWN, await(frontier.counts(crawl)).state());
        assertNull(await(frontier.registration(crawl)));
    }

    // ---- politeness

    @Test
    void oneUrlPerHostInFlightAndADelayBetweenFetches() {
        start(1, 100, 1000);
        offer(1, "http://a.test/1", "http://a.test/2", "http://b.test/1");
        List<Lease> first = lease(0, 10, 1000);
        assertEquals(Set.of("a.test", "b.test"), hosts(first));
        assertTrue(lease(0, 10, 5000).isEmpty(), "a.test is busy");
        Lease a1 = first.stream().filter(l -> l.url().contains("a.test")).findFirst().orElseThrow();
        await(frontier.complete(new Completion(a1, 1200 + 100, 100, false, Completion.Tally.FETCHED, null, List.of()), 1200));
        assertTrue(lease(0, 10, 1250).isEmpty(), "delay not over");
        assertEquals(List.of("http://a.test/2"), urls(lease(0, 10, 1300)));
        HostDetail a = await(frontier.host(crawl, 1, "a.test", 10));
        assertEquals(100L, a.delayMs());
        assertEquals(1, a.inFlight());
    }

    @Test
    void aRetryPutsTheUrlBackWithOneMoreAttemptAfterTheBackOff() {
        start(1, 0, 1000);
        offer(1, A + "1");
        Lease l = lease(0, 10, 1).get(0);
        await(frontier.complete(new Completion(l, 5000, 0, true, Completion.Tally.NONE, null, List.of()), 2));
        assertTrue(lease(0, 10, 4999).isEmpty());
        Lease again = lease(0, 10, 5000).get(0);
        assertEquals(1, again.entry().attempts());
        assertEquals(l.score(), again.score(), "the same place in its queue");
    }

    @Test
    void aBackOffHoldsTheWholeHostEvenWithFreeSlots() {
        start(8, 0, 1000);
        offer(1, A + "1", A + "2", A + "3");
        Lease first = lease(0, 1, 1).get(0);
        // 503 with Retry-After: the host may be fetched again at 10_000 only
        await(frontier.complete(new Completion(first, 10_000, 0, true, Completion.Tally.NONE, null, List.of()), 2));
        assertTrue(lease(0, 10, 9_999).isEmpty(), "host backed off");
        assertEquals(3, lease(0, 10, 10_000).size());
    }

    private void startScoped(PolitenessScope scope, int maxPerHost, long delayMs, List<String> laneNodes) {
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
    void scopeSiteIsOnePoliteClientWhicheverNodeAsks() {
        startScoped(PolitenessScope.SITE, 1, 100, List.of());
        offer(1, A + "1", A + "2", A + "3");
        assertEquals(1, leaseAs(worker("w1", "n1"), 0, 10).size());
        assertTrue(leaseAs(worker("w2", "n2"), 0, 20).isEmpty(), "the host is busy and its delay not over, for every node");
        assertTrue(leaseAs(worker("w2", "n2"), 0, 110).isEmpty(), "one in flight at most, for the whole site");
        HostDetail a = await(frontier.host(crawl, 1, "a.test", 10));
        assertEquals(List.of(""), a.clients().stream().map(HostDetail.Client::client).toList(), "the site's own politeness");
    }

    @Test
    void scopeNodeGivesEachNodeItsOwnDelayCapAndBackOff() {
        startScoped(PolitenessScope.NODE, 1, 100, List.of());
        offer(1, A + "1", A + "2", A + "3", A + "4", A + "5");
        Lease n1 = leaseAs(worker("w1", "n1"), 0, 10).get(0);
        assertEquals(1, leaseAs(worker("w2", "n2"), 0, 20).size(), "another node is another polite client");
        assertTrue(leaseAs(worker("w3", "n2"), 0, 30).isEmpty(), "a worker of the same node shares its node's politeness");
        assertTrue(leaseAs(worker("w1", "n1"), 0, 40).isEmpty(), "n1 still has its one URL in flight");
        // n1 is told to back off until 5,000; n2 is not
        await(frontier.complete(new Completion(n1, 5_000, 100, true, Completion.Tally.NONE, null, List.of()), 50));
        assertTrue(leaseAs(worker("w1", "n1"), 0, 200).isEmpty(), "n1 backed off");
        Map<String, HostDetail.Client> clients = new HashMap<>();
        await(frontier.host(crawl, 1, "a.test", 10)).clients().forEach(c -> clients.put(c.client(), c));
        assertEquals(Set.of("n1", "n2"), clients.keySet());
        assertEquals(5_000L, clients.get("n1").nextFetchAt());
        assertEquals(1, clients.get("n2").inFlight());
        // a node with source addresses is a client per address, chosen per host as HttpFetcher chooses it
        assertEquals(1, leaseAs(worker("w4", "n3", "127.0.0.2", "127.0.0.3"), 0, 300).size());
        String chosen = List.of("127.0.0.2", "127.0.0.3").get(Math.floorMod("a.test".hashCode(), 2));
        assertTrue(await(frontier.host(crawl, 1, "a.test", 10)).clients().stream().anyMatch(c -> c.client().equals(chosen) && c.inFlight() == 1));
    }

    @Test
    void aLaneGivenToANodeIsLeasedOnlyByItsWorkers() {
        startScoped(PolitenessScope.SITE, 10, 0, List.of("n1", ""));
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of(A + "0", 0), "fifo"),
                new Discovery(1, FrontierEntry.of(A + "1", 0), "fifo")), 1));
        assertTrue(leaseAs(worker("w2", "n2"), 0, 2).isEmpty(), "lane 0 is n1's");
        assertEquals(1, leaseAs(worker("w2", "n2"), 1, 2).size(), "lane 1 is any node's");
        assertEquals(List.of("n1", ""), await(frontier.laneNodes(crawl, 2)));
        await(frontier.assignLanes(crawl, Map.of(0, "n2")));
        assertEquals(List.of("n2", ""), List.of(await(frontier.counts(crawl)).nodeByLane()));
        assertEquals(1, leaseAs(worker("w2", "n2"), 0, 3).size(), "moved to n2");
    }

    @Test
    void theLeasesOfASilentWorkerComeBackWithinItsTimeoutNotAtTheirDeadline() {
        startScoped(PolitenessScope.SITE, 4, 0, List.of());
        offer(1, A + "1", A + "2", A + "3", A + "4");
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

    // ---- order

    @Test
    void lifoAndStaticScoresOrderTheQueue() {
        start(10, 0, 1000);
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of(A + "1", 1), Discovery.LIFO),
                new Discovery(0, FrontierEntry.of(A + "2", 1), Discovery.LIFO)), 1));
        assertEquals(List.of(A + "2", A + "1"), urls(lease(0, 10, 2)));
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://b.test/low", 1), "s:5"),
                new Discovery(0, FrontierEntry.of("http://b.test/high-1", 1), "s:1"),
                new Discovery(0, FrontierEntry.of("http://b.test/high-2", 1), "s:1")), 3));
        assertEquals(List.of("http://b.test/high-1", "http://b.test/high-2", "http://b.test/low"), urls(lease(0, 10, 4)),
                "priority, then discovery order");
    }

    @Test
    void randomPicksAlternateWithTopPicks() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1000, 0, 1000, 1, false,
                new FrontierRules(1, 1, FrontierRules.HostOrder.READY, Rescoring.NONE), 0), "{}"));
        List<Discovery> links = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            links.add(new Discovery(0, FrontierEntry.of(A + i, 1), "s:" + (i < 100 ? 0 : 9)));
        }
        await(frontier.enqueue(crawl, links, 1));
        List<Lease> got = lease(0, 100, 2);
        assertEquals(100, got.size());
        long fromTheBottom = got.stream().filter(l -> Integer.parseInt(l.url().substring(A.length())) >= 100).count();
        // 50 top picks all come from the 100 best; the 50 random picks come from anywhere (about half from the bottom)
        assertTrue(fromTheBottom >= 10 && fromTheBottom <= 45, "random picks from the whole queue: " + fromTheBottom);
        assertEquals(A + "0", got.get(0).url(), "the first pick is a top pick");
    }

    @Test
    void largestSiteFirst() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 1000, 1, false,
                new FrontierRules(1, 0, FrontierRules.HostOrder.LARGEST, Rescoring.NONE), 0), "{}"));
        offer(1, "http://small.test/1", "http://big.test/1", "http://big.test/2", "http://big.test/3", "http://mid.test/1",
                "http://mid.test/2");
        assertEquals(List.of("http://big.test/1", "http://mid.test/1", "http://small.test/1"), urls(lease(0, 3, 2)),
                "hosts by pending URLs");
    }

    @Test
    void scoredStrategiesServeTheHostHoldingTheBestUrlFirst() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 1000, 1, false, FrontierRules.rescoring(Rescoring.NONE), 0), "{}"));
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://a.test/x", 1), Scores.weight(0.1)),
                new Discovery(0, FrontierEntry.of("http://b.test/x", 1), Scores.weight(0.9)),
                new Discovery(0, FrontierEntry.of("http://c.test/x", 1), Scores.weight(0.5))), 1));
        assertEquals(List.of("http://b.test/x", "http://c.test/x", "http://a.test/x"), urls(lease(0, 3, 2)));
    }

    // ---- re-scoring strategies and focused crawling (checked against the plain-Java rules)

    private long now = 1;

    private void seed(String score, String... paths) {
        List<Discovery> d = new ArrayList<>();
        for (String p : paths) {
            d.add(new Discovery(0, FrontierEntry.of(A + p, 0), score));
        }
        await(frontier.enqueue(crawl, d, now));
    }

    private List<Lease> leaseNext(int max) {
        return lease(0, max, ++now);
    }

    private Lease leaseOne() {
        return leaseNext(1).get(0);
    }

    private CompletionResult fetchedWith(Lease l, Completion.Relevance focus, String... linkPaths) {
        List<Discovery> d = new ArrayList<>();
        for (String p : linkPaths) {
            d.add(new Discovery(0, FrontierEntry.of(A + p, l.entry().depth() + 1), Scores.weight(0)));
        }
        return await(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, fetched(l, now), d, focus), ++now));
    }

    @Test
    void backlinksMoveAQueuedUrlUpByOneForEachFetchedInLinker() {
        start(FrontierRules.rescoring(Rescoring.BACKLINKS), 0);
        seed(Scores.ranked(0), "a", "z");
        List<Lease> seeds = leaseNext(2);
        fetchedWith(seeds.get(0), null, "b", "c");
        fetchedWith(seeds.get(1), null, "c", "d", "a");
        assertEquals(List.of("c", "b", "d"), paths(leaseNext(10)), "most backlinks first, then discovery order");
    }

    @Test
    void opicSplitsCashOverLinksAndScoresByCash() {
        start(FrontierRules.rescoring(Rescoring.OPIC), 0);
        seed(Scores.weight(1.0), "a");
        OpicCash expected = new OpicCash("a");
        fetchedWith(leaseOne(), null, "b", "c", "d");
        expected.fetched("a", List.of("b", "c", "d"));
        Lease b = leaseOne();
        assertEquals("b", paths(List.of(b)).get(0), "equal cash: b, c, d in member order");
        fetchedWith(b, null, "c");
        expected.fetched("b", List.of("c"));
        List<Lease> rest = leaseNext(10);
        assertEquals(List.of("c", "d"), paths(rest));
        assertEquals(-expected.cash("c"), Double.parseDouble(rest.get(0).score()), 1e-12, "score is minus the cash");
        assertEquals(-expected.cash("d"), Double.parseDouble(rest.get(1).score()), 1e-12);
    }

    @Test
    void pageRankReScoresQueuedUrlsInBatches() {
        start(FrontierRules.rescoring(Rescoring.PAGERANK), 0);
        seed(Scores.weight(1.0), "a");
        fetchedWith(leaseOne(), null, "b", "c");
        assertEquals(2, (int) await(frontier.rescore(crawl, Map.of(A + "b", 0.1, A + "c", 0.9, A + "x", 5.0))), "x is not queued");
        List<Lease> l = leaseNext(10);
        assertEquals(List.of("c", "b"), paths(l));
        assertEquals(-0.9, Double.parseDouble(l.get(0).score()), 1e-12);
        assertEquals(0, (int) await(frontier.rescore(crawl, Map.of(A + "c", 0.5))), "a leased URL is no longer queued");
    }

    @Test
    void pageRankGivesLinksTheirTemporaryScore() {
        start(FrontierRules.rescoring(Rescoring.PAGERANK), 0);
        seed(Scores.weight(1.0), "a");
        fetchedWith(leaseOne(), null, "b", "c");
        List<Lease> l = leaseNext(10);
        assertEquals(List.of("b", "c"), paths(l));
        assertEquals(-0.5, Double.parseDouble(l.get(0).score()), 1e-12, "the seed's rank over its 2 links");
    }

    @Test
    void learningFocusKeepsTunnelsAndReScoresQueuedLinks() {
        start(FrontierRules.rescoring(Rescoring.FOCUS_LEARN), 0);
        seed(Scores.ranked(-1), "");
        Lease home = leaseOne();
        List<Discovery> links = List.of(new Discovery(0, new FrontierEntry(1, 0, 0, A + "tags/x/", 1), Scores.weight(0.2)),
                new Discovery(0, new FrontierEntry(1, 0, 0, A + "post", 1), Scores.weight(0.5)));
        await(frontier.complete(new Completion(home, now, 0, false, Completion.Tally.FETCHED, fetched(home, now), links,
                new Completion.Relevance(0.01, false)), ++now));
        // the model learned that tag pages pay off: tags/x/ moves ahead of post
        assertEquals(1, (int) await(frontier.rescore(crawl, Map.of(A + "tags/x/", 0.9, A + "gone", 0.9))));
        Lease first = leaseOne();
        assertEquals(A + "tags/x/", first.url());
        assertEquals(1, first.entry().tunnel(), "the tunnel distance comes back with the lease");
        await(frontier.complete(new Completion(first, now + 1, 0, true, Completion.Tally.NONE, null, List.of()), ++now));
        Lease retried = leaseNext(2).stream().filter(l -> l.url().equals(A + "tags/x/")).findFirst().orElseThrow();
        assertEquals(1, retried.entry().tunnel(), "and survives a retry");
        assertEquals(1, retried.entry().attempts());
    }

    @Test
    void focusedTAndLScoresWithTheThreeQueues() {
        FocusSettings f = new FocusSettings(2, 1.5, 0.5);
        start(FrontierRules.focused(Rescoring.FOCUS_LINKS, f), 0);
        seed(Scores.FIFO, "s/x1", "s/x2", "o/y1", "o/y2", "home");
        List<Lease> all = leaseNext(10);
        assertEquals(5, all.size());
        UrlPrefixAnalyser rel = new UrlPrefixAnalyser(2);
        UrlPrefixAnalyser irr = new UrlPrefixAnalyser(2);
        for (Lease l : all.subList(0, 4)) {
            boolean relevant = l.url().startsWith(A + "s/");
            fetchedWith(l, new Completion.Relevance(relevant ? 0.5 : 0.01, relevant));
            (relevant ? rel : irr).add(l.url());
        }
        // home is relevant (0.8) with 4 links, one to a known irrelevant page: N_p = 3
        fetchedWith(all.get(4), new Completion.Relevance(0.8, true), "s/3", "o/3", "n/1", "o/y1");
        List<Lease> next = leaseNext(10);
        assertEquals(List.of("s/3", "n/1", "o/3"), paths(next));
        for (Lease l : next) {
            assertEquals(-0.8 / 3 * UrlPrefixAnalyser.multiplier(l.url(), rel, irr, f), Double.parseDouble(l.score()), 1e-12, l.url());
        }
    }

    @Test
    void focusedTDividesByEveryLink() {
        start(FrontierRules.focused(Rescoring.FOCUS_CONTENT, FocusSettings.DEFAULTS), 0);
        seed(Scores.ranked(-1), "home");
        fetchedWith(leaseOne(), new Completion.Relevance(0.6, true), "p/1", "p/2", "q/1");
        List<Lease> links = leaseNext(10);
        assertEquals(3, links.size());
        for (Lease l : links) {
            assertEquals(-0.2, Double.parseDouble(l.score()), 1e-12);
        }
    }

    @Test
    void aSpentBudgetFinishesTheCrawl() {
        start(FrontierRules.PLAIN, 2);
        seed(Scores.FIFO, "1", "2", "3");
        List<Lease> l = leaseNext(10);
        assertEquals(2, l.size(), "the budget caps leases");
        assertTrue(leaseNext(10).isEmpty());
        fetchedWith(l.get(0), null);
        assertEquals(FrontierState.FINISHED, fetchedWith(l.get(1), null).state());
    }

    // ---- the crawl's life

    @Test
    void aSideLoadKeepsTheCrawlOpenUntilItEnds() {
        start(10, 0, 1000);
        offer(1, A + "1");
        Lease l = lease(0, 10, 1).get(0);
        assertTrue(await(frontier.claimSitemaps(crawl, "a.test", 1, 100_000)));
        assertFalse(await(frontier.claimSitemaps(crawl, "a.test", 1, 100_000)), "claimed once per crawl");
        assertEquals(FrontierState.RUNNING, ack(l, 2).state());
        await(frontier.enqueue(crawl, List.of(Discovery.fifo(A + "from-sitemap", 1)), 3, "sitemaps:a.test"));
        Lease s = lease(0, 10, 4).get(0);
        assertEquals(A + "from-sitemap", s.url());
        assertEquals(FrontierState.FINISHED, ack(s, 5).state());
    }

    @Test
    void aSideLoadPastItsDeadlineNoLongerHoldsTheCrawl() {
        start(10, 0, 1000);
        offer(1, A + "1");
        Lease l = lease(0, 10, 1).get(0);
        assertTrue(await(frontier.claimSitemaps(crawl, "a.test", 1, 50)));
        assertEquals(FrontierState.FINISHED, ack(l, 60).state(), "the worker that took the sitemaps died; the deadline passed");
    }

    @Test
    void pausedCrawlsLeaseNothingAndStoppedOnesRefuseLinks() {
        start(10, 0, 1000);
        offer(1, A + "1", A + "2");
        await(frontier.setState(crawl, FrontierState.PAUSED));
        assertTrue(lease(0, 10, 1).isEmpty());
        assertEquals(FrontierState.PAUSED, await(frontier.counts(crawl)).state());
        await(frontier.setState(crawl, FrontierState.RUNNING));
        Lease l = lease(0, 1, 1).get(0);
        await(frontier.setState(crawl, FrontierState.STOPPED));
        CompletionResult r = ack(l, 2, Discovery.fifo(A + "3", 2));
        assertFalse(r.stale(), "a page in flight when the crawl stopped is still recorded");
        assertEquals(0, r.admitted());
        assertFalse(r.linksTaken());
        assertEquals(FrontierState.STOPPED, r.state());
        assertEquals(1L, await(frontier.unread(crawl)));
    }

    @Test
    void aContinuousCrawlStaysRunningWhenItRunsDryAndTakesRevisits() {
        await(frontier.create(crawl, new CrawlFrontierSettings(10, 0, 1000, 1, false, FrontierRules.PLAIN, 0, true), "{}"));
        offer(1, A + "1");
        assertEquals(FrontierState.RUNNING, ack(lease(0, 1, 2).get(0), 3).state());
        assertEquals(1, (int) await(frontier.revisit(crawl, -1, Map.of(A + "1", 0), 4)));
        assertEquals(List.of(A + "1"), urls(lease(0, 10, 5)));
    }

    @Test
    void revisitsGoAheadOfNewUrlsAndRecrawlRequestsAheadOfBoth() {
        start(10, 0, 1000);
        offer(1, A + "new-1", A + "new-2");
        Map<String, Integer> scheduled = new LinkedHashMap<>();
        scheduled.put(A + "old-1", 0);
        scheduled.put(A + "old-2", 0);
        assertEquals(2, (int) await(frontier.revisit(crawl, -1, scheduled, 2)));
        assertEquals(1, (int) await(frontier.revisit(crawl, 5, Map.of(A + "urgent", 0), 3)));
        assertEquals(0, (int) await(frontier.revisit(crawl, 5, Map.of(A + "urgent", 0), 3)), "queued already");
        assertEquals(List.of(A + "urgent", A + "old-1", A + "old-2", A + "new-1", A + "new-2"), urls(lease(0, 10, 4)));
        assertEquals(5, await(frontier.counts(crawl)).inFlight());
    }

    @Test
    void droppedUrlsLeaveTheQueueAndStaySeen() {
        start(10, 0, 1000);
        offer(1, "http://a.test/keep", "http://a.test/spam/1", "http://a.test/spam/2", "http://b.test/1", "http://b.test/2");
        assertEquals(2L, await(frontier.drop(crawl, 1, "a.test", u -> u.contains("/spam/"))));
        assertEquals(2L, await(frontier.drop(crawl, 1, "b.test", null)));
        assertEquals(0, offer(2, "http://b.test/1"), "a dropped URL stays seen");
        assertEquals(1, await(frontier.counts(crawl)).queued());
        assertEquals(List.of("http://a.test/keep"), urls(lease(0, 10, 3)));
        assertEquals(0L, await(frontier.drop(crawl, 1, null, u -> true)), "nothing left to drop");
    }

    @Test
    void droppingTheLastQueuedUrlsFinishesACrawlWithNothingInFlight() {
        start(10, 0, 1000);
        offer(1, "http://a.test/1", "http://b.test/1");
        ack(lease(0, 1, 2).get(0), 3);
        assertEquals(1L, await(frontier.drop(crawl, 1, null, u -> true)));
        assertEquals(FrontierState.FINISHED, await(frontier.counts(crawl)).state());
    }

    // ---- inspection

    @Test
    void operatorsSeeTheHostsAndTheirQueues() {
        start(2, 1000, 1000);
        offer(1, "http://a.test/1", "http://a.test/2", "http://a.test/3", "http://b.test/1", "http://c.test/1", "http://c.test/2");
        List<HostQueue> busiest = await(frontier.busiestHosts(crawl, 1, 100, 2));
        assertEquals(List.of("a.test", "c.test"), busiest.stream().map(HostQueue::host).toList());
        assertEquals(3, busiest.get(0).queued());
        QueuedHosts all = await(frontier.queuedHosts(crawl, 1, 0, 10));
        assertEquals(3, all.total());
        assertEquals(Set.of("a.test", "b.test", "c.test"), new HashSet<>(all.hosts().stream().map(QueuedHosts.Entry::host).toList()));
        QueuedHosts.Entry a = all.hosts().stream().filter(h -> h.host().equals("a.test")).findFirst().orElseThrow();
        assertEquals("http://a.test/1", a.nextUrl());
        assertEquals(1, await(frontier.queuedHosts(crawl, 1, 2, 10)).hosts().size(), "a page from the third host on");

        lease(0, 10, 5);   // one URL from each host; each now waits its delay
        HostDetail detail = await(frontier.host(crawl, 1, "a.test", 1, 5));
        assertEquals(2, detail.queued());
        assertEquals(1, detail.inFlight());
        assertEquals(List.of("http://a.test/3"), detail.lanes().get(0).next().stream().map(HostDetail.QueuedUrl::url).toList(),
                "the queue from its second URL on");
        assertEquals(1005L, detail.lanes().get(0).readyAt());
        assertEquals(1005L, detail.clients().get(0).nextFetchAt());
        assertEquals(2, await(frontier.queuedHosts(crawl, 1, 0, 10)).total(), "b.test has nothing more queued");
    }

    // ---- the page records

    /** What the stream holds reads back as the typed record the worker wrote, every field of it. */
    @Test
    void everyPageRecordReadsBackAsItWasWritten() {
        start(10, 0, 1000);
        offer(1, A + "full");
        Lease full = lease(0, 10, 10).get(0);
        PageRecord written = PageRecord.builder(full.url(), 200, "truncated", 10, full.partition(), full.entry().depth())
                .contentType("text/html; charset=utf-8").bytes(48_213).fetchMs(35).truncated("length").etag("\"v1\"")
                .lastModified(1_700_000_000_000L).stored("sha1:2OQ6X2ZPQJ5HPMA2BBBKWC5EHM4PEE7N", "t-1.warc.gz", 1234)
                .error("warc: disk full").redirect("http://a.test/elsewhere").textFp(0xfedcba9876543210L).mainText("main\ntext")
                .relevance(0.25, false).links(List.of("http://a.test/x", "http://c.test/y"), new LinkDecisions(1, 1, 0, 0, true), 2)
                .noindex(true).build();
        await(frontier.complete(new Completion(full, 20, 0, false, Completion.Tally.FETCHED, written, List.of()), 20));
        assertEquals(written, await(frontier.read(crawl, null, 10)).entries().get(0).record());
        assertEquals(2, await(frontier.counts(crawl)).linksDropped());
    }

    @Test
    void pageRecordsAreReadInOrderAfterACursorAndReleased() {
        start(10, 0, 1000);
        offer(1, A + "1", A + "2", A + "3");
        for (Lease l : lease(0, 10, 2)) {
            ack(l, 3);
        }
        PageRecordSource.Batch first = await(frontier.read(crawl, null, 2));
        assertEquals(2, first.entries().size());
        PageRecordSource.Batch again = await(frontier.read(crawl, null, 2));
        assertEquals(first.entries(), again.entries(), "a replay reads the same records under the same ids");
        PageRecordSource.Batch second = await(frontier.read(crawl, first.cursor(), 10));
        assertEquals(1, second.entries().size());
        Set<String> urls = new TreeSet<>();
        first.entries().forEach(e -> urls.add(e.record().url()));
        urls.add(second.entries().get(0).record().url());
        assertEquals(Set.of(A + "1", A + "2", A + "3"), urls);
        assertTrue(await(frontier.read(crawl, second.cursor(), 10)).entries().isEmpty());
        await(frontier.release(crawl, first.cursor()));
        assertEquals(1L, await(frontier.unread(crawl)));
        await(frontier.release(crawl, second.cursor()));
        assertEquals(0L, await(frontier.unread(crawl)));
    }

    @Test
    void workersLeaseNothingWhileTheManagerIsBehindWithTheRecords() {
        await(frontier.create(crawl, new CrawlFrontierSettings(10, 0, 1000, 1), "{}", new Frontier.Limits(3, 2)));
        offer(1, A + "1", A + "2", A + "3", A + "4");
        for (Lease l : lease(0, 2, 2)) {
            ack(l, 3);
        }
        assertTrue(lease(0, 10, 4).isEmpty(), "two records unread: back-pressure");
        await(frontier.release(crawl, await(frontier.read(crawl, null, 10)).cursor()));
        assertEquals(2, lease(0, 10, 5).size());
    }

    // ---- lanes

    @Test
    void eachLaneLeasesItsOwnLinksAndTheCrawlEndsWhenAllAreDone() {
        await(frontier.create(crawl, new CrawlFrontierSettings(10, 0, 1000, 3, false, FrontierRules.PLAIN, 0, false, PolitenessScope.NODE,
                List.of()), "{}"));
        await(frontier.enqueue(crawl, List.of(at(0, A)), 1));
        CompletionResult r = ack(take(0, 2), 3, at(1, A + "x"), at(2, A + "y"), at(0, A + "z"));
        assertEquals(3, r.admitted(), "the lane's own link and the two for other lanes");
        Lease x = take(1, 4);
        assertEquals(A + "x", x.url());
        Lease y = take(2, 4);
        assertEquals(A + "y", y.url());
        Lease z = take(0, 4);
        assertEquals(0, ack(z, 5, at(1, A + "x"), at(2, A + "y")).admitted(), "seen in their lanes");
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(4, c.admitted());
        assertEquals(2, c.inFlight());
        assertEquals(List.of(2L, 0L, 0L), List.of(c.fetchedByLane()[0], c.fetchedByLane()[1], c.fetchedByLane()[2]));
        assertEquals(FrontierState.RUNNING, ack(x, 6).state(), "lane 2 still has a page in flight");
        assertEquals(FrontierState.RUNNING, await(frontier.settle(crawl)));
        assertEquals(FrontierState.FINISHED, ack(y, 7).state());
        assertEquals(FrontierState.FINISHED, await(frontier.settle(crawl)));
        assertTrue(lease(1, 1, 8).isEmpty());
    }

    @Test
    void independentLanesEachAdmitAUrlAndCountItOnceAmongDistinctPages() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 1000, 2, true, FrontierRules.PLAIN, 0), "{}"));
        assertEquals(2, (int) await(frontier.enqueue(crawl, List.of(at(0, A + "shared"), at(1, A + "shared")), 1)), "each lane its own seen set");
        await(frontier.enqueue(crawl, List.of(at(1, A + "only")), 1));
        ack(take(0, 2), 3);
        ack(take(1, 4), 5);
        ack(take(1, 6), 7);
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(3, c.fetched());
        assertEquals(2, c.unique(), "the shared page counts once");
        assertEquals(FrontierState.FINISHED, c.state());
    }

    /** The page limit is the crawl's, not a lane's: a crawl whose other lanes run dry still admits and fetches all of it. */
    @Test
    void thePageLimitIsTheCrawlsAcrossLanes() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 30, 3, false, FrontierRules.PLAIN, 0, false, PolitenessScope.NODE,
                List.of()), "{}"));
        await(frontier.enqueue(crawl, List.of(at(0, A + "0"), at(1, A + "1"), at(2, A + "2")), 1));
        long t = 10;
        Discovery[] many = new Discovery[40];
        for (int i = 0; i < many.length; i++) {
            many[i] = at(0, A + "p" + i);
        }
        ack(take(0, t), t, many);
        ack(take(1, t), t);
        ack(take(2, t), t);
        Set<String> fetched = new TreeSet<>(List.of(A + "0", A + "1", A + "2"));
        for (int round = 0; round < 100; round++) {
            await(frontier.balanceLimits(crawl, ++t));
            List<Lease> leases = await(frontier.lease(crawl, 0, 50, 60_000, ++t));
            if (leases.isEmpty() && await(frontier.settle(crawl)) != FrontierState.RUNNING) {
                break;
            }
            for (Lease l : leases) {
                assertTrue(fetched.add(l.url()), "each URL leased once: " + l.url());
                ack(l, ++t);
            }
        }
        FrontierCounts c = await(frontier.counts(crawl));
        assertEquals(FrontierState.FINISHED, c.state());
        assertEquals(30, c.admitted(), "the crawl's limit, across lanes");
        assertEquals(30, c.fetched());
        assertEquals(30, fetched.size());
        assertEquals(28, c.fetchedByLane()[0], "lane 0 took what lanes 1 and 2 did not use");
        assertEquals(0L, await(frontier.remainingAdmissions(crawl)));
    }

    @Test
    void theCrawlsRegistrationIsWhatTheManagerGaveIt() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 10, 1), "{\"seeds\":[\"http://a.test/\"]}"));
        assertEquals("{\"seeds\":[\"http://a.test/\"]}", await(frontier.registration(crawl)).specJson());
        assertTrue(await(frontier.activeCrawls()).contains(crawl));
        await(frontier.deactivate(crawl));
        assertFalse(await(frontier.activeCrawls()).contains(crawl));
        assertEquals(FrontierState.RUNNING, await(frontier.counts(crawl)).state(), "deactivating only takes it out of the workers' list");
    }
}
