package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.order.BacklinkCount;
import io.trawler.order.FocusSettings;
import io.trawler.order.FrontierRules;
import io.trawler.order.OpicCash;
import io.trawler.order.Rescoring;
import io.trawler.order.Scores;
import io.trawler.order.UrlPrefixAnalyser;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The strategies that re-score queued URLs (backlinks, OPIC, partial PageRank) and focused crawling, in the
 * frontier's Lua against a real Redis, checked against the plain-Java rules.
 */
class RescoringFrontierTest extends FrontierFixture {

    static final String A = "http://a.test/";
    long now = 1;

    private void start(Rescoring r, long budget) {
        start(FrontierRules.rescoring(r), budget);
    }

    private void start(FrontierRules rules, long budget) {
        await(frontier.create(crawl, new CrawlFrontierSettings(100, 0, 1000, 1, false, rules, budget), "{}"));
    }


    private void seed(String score, String... paths) {
        List<Discovery> d = new ArrayList<>();
        for (String p : paths) {
            d.add(new Discovery(0, FrontierEntry.of(A + p, 0), score));
        }
        await(frontier.enqueue(crawl, d, now));
    }

    private List<Lease> lease(int max) {
        return await(frontier.lease(crawl, 0, max, 60_000, ++now));
    }

    private Lease leaseOne() {
        return lease(1).get(0);
    }

    private CompletionResult fetched(Lease l, Completion.Relevance focus, String... linkPaths) {
        List<Discovery> d = new ArrayList<>();
        for (String p : linkPaths) {
            d.add(new Discovery(0, FrontierEntry.of(A + p, l.entry().depth() + 1), Scores.weight(0)));
        }
        return await(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, fetched(l, now), d, focus), ++now));
    }

    private static String path(Lease l) {
        return l.url().substring(A.length());
    }

    /**
     * focused-learn: the worker's scores order the queue, a tunnelled entry keeps its distance through a lease, a
     * retry and a re-score, the re-score moves it, and the crawl counts relevant and irrelevant pages.
     */
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
        assertEquals("tags/x/", path(first));
        assertEquals(1, first.entry().tunnel(), "the tunnel distance comes back with the lease");
        await(frontier.complete(new Completion(first, now + 1, 0, true, Completion.Tally.NONE, null, List.of()), ++now));
        Lease retried = lease(2).stream().filter(l -> path(l).equals("tags/x/")).findFirst().orElseThrow();
        assertEquals(1, retried.entry().tunnel(), "and survives a retry");
        assertEquals(1, retried.entry().attempts());
        await(frontier.complete(new Completion(retried, now, 0, false, Completion.Tally.FETCHED, fetched(retried, now), List.of(),
                new Completion.Relevance(0.3, true)), ++now));
        Map<String, String> stats = RedisFrontier.toMap(await(redis.send(Request.cmd(Command.HGETALL).arg(FrontierKeys.stats(crawl)))));
        assertEquals("1", stats.get("relevant"));
        assertEquals("1", stats.get("irrelevant"));
    }

    @Test
    void backlinksMoveAQueuedUrlUpByOneForEachFetchedInLinker() {
        start(Rescoring.BACKLINKS, 0);
        seed(Scores.ranked(0), "a", "z");
        BacklinkCount expected = new BacklinkCount();
        List<Lease> seeds = lease(2);
        fetched(seeds.get(0), null, "b", "c");
        expected.fetched("a", List.of("b", "c"));
        fetched(seeds.get(1), null, "c", "d", "a");
        expected.fetched("z", List.of("c", "d", "a"));
        assertEquals(2, expected.count("c"));
        List<String> order = lease(10).stream().map(RescoringFrontierTest::path).toList();
        assertEquals(List.of("c", "b", "d"), order, "most backlinks first, then discovery order");
    }

    @Test
    void opicSplitsCashOverLinksAndScoresByCash() {
        start(Rescoring.OPIC, 0);
        seed(Scores.weight(1.0), "a");
        OpicCash expected = new OpicCash("a");
        fetched(leaseOne(), null, "b", "c", "d");
        expected.fetched("a", List.of("b", "c", "d"));
        Lease b = leaseOne();
        assertEquals("b", path(b), "equal cash: b, c, d in member order");
        fetched(b, null, "c");
        expected.fetched("b", List.of("c"));
        assertEquals(2.0 / 3, expected.cash("c"), 1e-12);
        assertEquals(expected.cash("c"), weight("c"), 1e-12);
        List<Lease> rest = lease(10);
        assertEquals(List.of("c", "d"), rest.stream().map(RescoringFrontierTest::path).toList());
        assertEquals(-2.0 / 3, Double.parseDouble(rest.get(0).score()), 1e-12, "score is minus the cash");
        assertEquals(-1.0 / 3, Double.parseDouble(rest.get(1).score()), 1e-12);
    }

    @Test
    void pageRankRecomputesReScoreQueuedUrlsInBatches() {
        start(Rescoring.PAGERANK, 0);
        seed(Scores.weight(1.0), "a");
        fetched(leaseOne(), null, "b", "c");
        assertEquals(0.5, weight("b"), 1e-12, "temporary score: the seed's rank over its 2 links");
        assertEquals(2, await(frontier.rescore(crawl, Map.of(A + "b", 0.1, A + "c", 0.9, A + "x", 5.0))), "x is not queued");
        List<Lease> l = lease(10);
        assertEquals(List.of("c", "b"), l.stream().map(RescoringFrontierTest::path).toList());
        assertEquals(0, weightCount() - 0, "leased URLs keep no index entry");
    }

    @Test
    void focusedTAndLScoresWithTheThreeQueues() {
        start(FrontierRules.focused(Rescoring.FOCUS_LINKS, new FocusSettings(2, 1.5, 0.5)), 0);
        seed(Scores.FIFO, "s/x1", "s/x2", "o/y1", "o/y2", "home");
        List<Lease> all = lease(10);
        assertEquals(5, all.size());
        UrlPrefixAnalyser rel = new UrlPrefixAnalyser(2);
        UrlPrefixAnalyser irr = new UrlPrefixAnalyser(2);
        for (Lease l : all.subList(0, 4)) {
            boolean relevant = path(l).startsWith("s/");
            fetched(l, new Completion.Relevance(relevant ? 0.5 : 0.01, relevant));
            (relevant ? rel : irr).add(l.url());
        }
        // home is relevant (0.8) with 4 links, one to a known irrelevant page: N_p = 3
        fetched(all.get(4), new Completion.Relevance(0.8, true), "s/3", "o/3", "n/1", "o/y1");
        List<Lease> next = lease(10);
        assertEquals(List.of("s/3", "n/1", "o/3"), next.stream().map(RescoringFrontierTest::path).toList());
        double base = 0.8 / 3;
        FocusSettings f = new FocusSettings(2, 1.5, 0.5);
        for (Lease l : next) {
            assertEquals(-base * UrlPrefixAnalyser.multiplier(l.url(), rel, irr, f), Double.parseDouble(l.score()), 1e-12, l.url());
        }
        Map<String, String> stats = RedisFrontier.toMap(await(redis.send(Request.cmd(Command.HGETALL).arg(FrontierKeys.stats(crawl)))));
        assertEquals("3", stats.get("relevant"));
        assertEquals("2", stats.get("irrelevant"));
    }

    @Test
    void focusedTDividesByEveryLink() {
        start(Rescoring.FOCUS_CONTENT, 0);
        seed(Scores.ranked(-1), "home");
        fetched(leaseOne(), new Completion.Relevance(0.6, true), "p/1", "p/2", "q/1");
        for (Lease l : lease(10)) {
            assertEquals(-0.2, Double.parseDouble(l.score()), 1e-12);
        }
    }

    @Test
    void aSpentBudgetFinishesTheCrawl() {
        start(Rescoring.NONE, 2);
        seed(Scores.FIFO, "1", "2", "3");
        List<Lease> l = lease(10);
        assertEquals(2, l.size(), "the budget caps leases");
        assertTrue(lease(10).isEmpty());
        fetched(l.get(0), null);
        assertEquals(FrontierState.FINISHED, fetched(l.get(1), null).state());
    }

    private double weight(String path) {
        var r = await(redis.send(Request.cmd(Command.HGET).arg(FrontierKeys.prefix(crawl) + "w").arg(A + path)));
        return r == null ? 0 : r.toDouble();
    }

    private long weightCount() {
        return await(redis.send(Request.cmd(Command.HLEN).arg(FrontierKeys.prefix(crawl) + "qm"))).toLong();
    }

}
