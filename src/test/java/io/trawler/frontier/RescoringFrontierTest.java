package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trawler.order.FocusSettings;
import io.trawler.order.FrontierRules;
import io.trawler.order.Rescoring;
import io.trawler.order.Scores;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the Redis backend keeps for the strategies that re-score queued URLs and for focused crawling, inside Redis: the
 * weights and the index of queued URLs, and the relevant and irrelevant pages counted. How they order the crawl is the
 * contract's ({@link FrontierContract}), which every backend passes.
 */
class RescoringFrontierTest extends FrontierFixture {

    static final String A = "http://a.test/";
    long now = 1;

    private void start(FrontierRules rules) {
        await(frontier.create(crawl, new CrawlFrontierSettings(100, 0, 1000, 1, false, rules, 0), "{}"));
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

    private void fetched(Lease l, Completion.Relevance focus, String... linkPaths) {
        List<Discovery> d = new ArrayList<>();
        for (String p : linkPaths) {
            d.add(new Discovery(0, FrontierEntry.of(A + p, l.entry().depth() + 1), Scores.weight(0)));
        }
        await(frontier.complete(new Completion(l, now, 0, false, Completion.Tally.FETCHED, fetched(l, now), d, focus), ++now));
    }

    private Map<String, String> stats() {
        return RedisFrontier.toMap(await(redis.send(Request.cmd(Command.HGETALL).arg(FrontierKeys.stats(crawl)))));
    }

    private double weight(String path) {
        var r = await(redis.send(Request.cmd(Command.HGET).arg(FrontierKeys.prefix(crawl) + "w").arg(A + path)));
        return r == null ? 0 : r.toDouble();
    }

    private long indexed() {
        return await(redis.send(Request.cmd(Command.HLEN).arg(FrontierKeys.prefix(crawl) + "qm"))).toLong();
    }

    @Test
    void pageRankKeepsTemporaryWeightsAndIndexesOnlyQueuedUrls() {
        start(FrontierRules.rescoring(Rescoring.PAGERANK));
        seed(Scores.weight(1.0), "a");
        fetched(lease(1).get(0), null, "b", "c");
        assertEquals(0.5, weight("b"), 1e-12, "temporary score: the seed's rank over its 2 links");
        assertEquals(0, weight("a"), 1e-12, "a fetched page's weight is handed on");
        assertEquals(2, indexed());
        lease(10);
        assertEquals(0, indexed(), "leased URLs keep no index entry");
    }

    @Test
    void focusedCrawlsCountRelevantAndIrrelevantPages() {
        start(FrontierRules.focused(Rescoring.FOCUS_LINKS, new FocusSettings(2, 1.5, 0.5)));
        seed(Scores.FIFO, "s/x1", "o/y1", "home");
        List<Lease> all = lease(10);
        fetched(all.get(0), new Completion.Relevance(0.5, true));
        fetched(all.get(1), new Completion.Relevance(0.01, false));
        fetched(all.get(2), new Completion.Relevance(0.8, true), "s/3");
        assertEquals("2", stats().get("relevant"));
        assertEquals("1", stats().get("irrelevant"));
    }

    @Test
    void learningFocusCountsThePagesTheWorkerMeasured() {
        start(FrontierRules.rescoring(Rescoring.FOCUS_LEARN));
        seed(Scores.ranked(-1), "", "other");
        List<Lease> two = lease(2);
        fetched(two.get(0), new Completion.Relevance(0.01, false));
        fetched(two.get(1), new Completion.Relevance(0.3, true));
        assertEquals("1", stats().get("relevant"));
        assertEquals("1", stats().get("irrelevant"));
    }
}
