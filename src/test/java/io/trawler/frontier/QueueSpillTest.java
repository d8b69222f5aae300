package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.order.FrontierRules;
import io.trawler.order.Rescoring;
import io.trawler.testsupport.RedisKeys;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A host queue beyond its head ({@code trawler.frontier.queue-head}) waits in a compact list (frontier.lua's spill):
 * what is stored, and that the order, the counts, the operators' view and drops are those of one queue. The contract
 * suite runs whole with a head of two ({@link RedisSpillContractTest}); these are the spill's own checks.
 */
class QueueSpillTest extends FrontierFixture {

    static final String H = "a.test";

    private void start(int head, FrontierRules rules) {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 10_000, 1, false, rules, 0), "{}",
                new Frontier.Limits(3, 10_000, head)));
    }

    private List<String> leaseAll(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Lease> l = await(frontier.lease(crawl, 0, 1, 60_000, 10 + i));
            if (l.isEmpty()) {
                break;
            }
            out.add(l.get(0).url());
            await(frontier.complete(new Completion(l.get(0), 10 + i, 0, false, Completion.Tally.FETCHED, fetched(l.get(0), 10 + i),
                    List.of()), 10 + i));
        }
        return out;
    }

    private List<String> spill() {
        Response r = await(redis.send(Request.cmd(Command.LRANGE).arg(FrontierKeys.prefix(crawl) + "p0:b:" + H).arg(0).arg(-1)));
        List<String> out = new ArrayList<>();
        r.forEach(e -> out.add(e.toString()));
        return out;
    }

    private static List<String> urls(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add((i % 3 == 0 ? "https://" : "http://") + H + "/page-" + i + "?q=" + i);
        }
        return out;
    }

    @Test
    void breadthFirstOrderIsExactThroughTheSpillAndItsEntriesAreHostRelative() {
        start(4, FrontierRules.PLAIN);
        List<String> urls = urls(30);
        List<Discovery> links = urls.stream().map(u -> Discovery.fifo(u, 2)).toList();
        assertEquals(30, await(frontier.enqueue(crawl, links, 1)));
        List<String> spilled = spill();
        assertEquals(26, spilled.size(), "four in the head, the rest spilled");
        // "score depth hops attempts" and the URL without its scheme and host
        assertTrue(spilled.get(0).matches("5 2 0 0 -/page-4\\?q=4"), spilled.get(0));
        assertTrue(spilled.get(2).matches("7 2 0 0 \\+/page-6\\?q=6"), spilled.get(2));
        assertEquals(30, await(frontier.counts(crawl)).queued());
        assertEquals(urls, leaseAll(40), "leased in discovery order");
        assertEquals(List.of(), spill());
        assertEquals(FrontierState.FINISHED, await(frontier.counts(crawl)).state());
    }

    @Test
    void linksFoundWhileTheHostDrainsQueueBehindTheSpill() {
        start(4, FrontierRules.PLAIN);
        List<String> first = urls(10);
        await(frontier.enqueue(crawl, first.stream().map(u -> Discovery.fifo(u, 1)).toList(), 1));
        List<String> got = new ArrayList<>();
        // each fetched page yields a new link while older ones still wait in the spill
        for (int i = 0; i < 20; i++) {
            List<Lease> l = await(frontier.lease(crawl, 0, 1, 60_000, 10 + i));
            if (l.isEmpty()) {
                break;
            }
            got.add(l.get(0).url());
            List<Discovery> found = i < 5 ? List.of(Discovery.fifo("http://" + H + "/found-" + i, 2)) : List.of();
            await(frontier.complete(new Completion(l.get(0), 10 + i, 0, false, Completion.Tally.FETCHED, fetched(l.get(0), 10 + i),
                    found), 10 + i));
        }
        List<String> expected = new ArrayList<>(first);
        for (int i = 0; i < 5; i++) {
            expected.add("http://" + H + "/found-" + i);
        }
        assertEquals(expected, got);
    }

    @Test
    void lifoOrderIsExactThroughTheSpill() {
        start(3, FrontierRules.PLAIN);
        List<String> urls = urls(12);
        await(frontier.enqueue(crawl, urls.stream().map(u -> new Discovery(0, FrontierEntry.of(u, 1), Discovery.LIFO)).toList(), 1));
        assertEquals(9, spill().size());
        assertEquals(urls.reversed(), leaseAll(20));
    }

    @Test
    void scoredUrlsBetterThanTheHeadsWorstGoToTheHeadAndTheWorstMovesToTheSpillsFront() {
        start(3, FrontierRules.PLAIN);
        List<Discovery> links = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            links.add(new Discovery(0, FrontierEntry.of("http://" + H + "/p" + i, 1), Integer.toString(10 + i)));
        }
        await(frontier.enqueue(crawl, links, 1));
        await(frontier.enqueue(crawl, List.of(new Discovery(0, FrontierEntry.of("http://" + H + "/best", 1), "1"),
                new Discovery(0, FrontierEntry.of("http://" + H + "/worst", 1), "99")), 2));
        assertEquals(List.of("12 1 0 0 -/p2", "13 1 0 0 -/p3", "14 1 0 0 -/p4", "15 1 0 0 -/p5", "99 1 0 0 -/worst"), spill());
        assertEquals(List.of("/best", "/p0", "/p1", "/p2", "/p3", "/p4", "/p5", "/worst"),
                leaseAll(10).stream().map(u -> u.substring(("http://" + H).length())).toList());
    }

    @Test
    void theOperatorsViewCountsAndListsTheSpillInLeaseOrder() {
        start(4, FrontierRules.PLAIN);
        List<String> urls = urls(10);
        await(frontier.enqueue(crawl, urls.stream().map(u -> Discovery.fifo(u, 3)).toList(), 1));
        HostDetail d = await(frontier.host(crawl, 1, H, 2, 5));
        assertEquals(10, d.queued());
        assertEquals(10, d.lanes().get(0).queued());
        assertEquals(urls.subList(2, 7), d.lanes().get(0).next().stream().map(HostDetail.QueuedUrl::url).toList());
        assertEquals(3, d.lanes().get(0).next().get(4).depth());
        assertEquals(7.0, d.lanes().get(0).next().get(4).priority(), "the spilled URL's score as queued");
        assertEquals(urls.subList(8, 10), await(frontier.host(crawl, 1, H, 8, 5)).lanes().get(0).next().stream()
                .map(HostDetail.QueuedUrl::url).toList());
        QueuedHosts all = await(frontier.queuedHosts(crawl, 1, 0, 10));
        assertEquals(10, all.hosts().get(0).queued());
        assertEquals(10, await(frontier.busiestHosts(crawl, 1, 10, 10)).get(0).queued());
    }

    @Test
    void aPatternDropReachesTheSpillAndTheRestIsStillLeasedInOrder() {
        start(4, FrontierRules.PLAIN);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            urls.add("http://" + H + "/" + (i % 7 == 0 ? "trap" : "page") + "/" + i);
        }
        await(frontier.enqueue(crawl, urls.stream().map(u -> Discovery.fifo(u, 1)).toList(), 1));
        long traps = urls.stream().filter(u -> u.contains("/trap/")).count();
        assertEquals(traps, await(frontier.drop(crawl, 1, H, u -> u.contains("/trap/"))));
        List<String> rest = urls.stream().filter(u -> !u.contains("/trap/")).toList();
        assertEquals(rest.size(), await(frontier.counts(crawl)).queued());
        assertEquals(rest.size(), await(frontier.host(crawl, 1, H, 0)).queued());
        assertEquals(rest.subList(0, 50), leaseAll(50));
    }

    @Test
    void droppingAHostTakesItsSpillAndDeletingTheCrawlLeavesNoKey() {
        start(4, FrontierRules.PLAIN);
        List<String> urls = urls(50);
        await(frontier.enqueue(crawl, urls.stream().map(u -> Discovery.fifo(u, 1)).toList(), 1));
        await(frontier.enqueue(crawl, List.of(Discovery.fifo("http://b.test/1", 1)), 1));
        assertEquals(50, await(frontier.drop(crawl, 1, H, null)));
        assertEquals(1, await(frontier.counts(crawl)).queued());
        assertEquals(List.of(), spill());
        await(frontier.enqueue(crawl, urls(20).stream().map(u -> Discovery.fifo(u + "&again", 1)).toList(), 1));
        assertTrue(spill().size() > 0);
        await(frontier.delete(crawl));
        assertEquals(List.of(), RedisKeys.matching(redis, FrontierKeys.pattern(crawl)));
    }

    @Test
    void strategiesThatRescoreQueuedUrlsKeepEveryUrlInTheSortedSet() {
        start(2, new FrontierRules(1, 0, FrontierRules.HostOrder.READY, Rescoring.BACKLINKS));
        await(frontier.enqueue(crawl, urls(10).stream().map(u -> Discovery.fifo(u, 1)).toList(), 1));
        assertEquals(List.of(), spill());
        assertEquals(10, await(frontier.host(crawl, 1, H, 20)).lanes().get(0).next().size());
    }

    @Test
    void spilledEntriesDecodeInJavaAsTheScriptWritesThem() {
        SpilledUrl u = SpilledUrl.decode("4294967301 2 1:3 0 +/a b?c", "x.test");
        assertNotNull(u);
        assertEquals("https://x.test/a b?c", u.url());
        assertEquals(2, u.depth());
        assertEquals(4294967301.0, u.score());
        assertEquals("http://x.test:8080/", SpilledUrl.decode("-1.5 0 0 0 -:8080/", "x.test").url());
        assertEquals("ftp://y/z", SpilledUrl.decode("1 0 0 0 =ftp://y/z", "x.test").url());
        assertNull(SpilledUrl.decode("1 0 0 0 ", "x.test"));
        assertNull(SpilledUrl.decode("x 0 0 0 +/", "x.test"));
        assertNull(SpilledUrl.decode("1 0 0 0 */", "x.test"));
    }
}
