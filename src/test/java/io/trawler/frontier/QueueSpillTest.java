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

    /** The test's clock (ms): each lease a moment after the last completion. */
    private long now = 10;

    private List<String> leaseAll(int n) {
        return leaseAll(n, i -> List.of());
    }

    /** Leases and completes up to {@code n} URLs one at a time, the i-th page yielding {@code found.apply(i)}. */
    private List<String> leaseAll(int n, java.util.function.IntFunction<List<Discovery>> found) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t = now++;
            List<Lease> l = await(frontier.lease(crawl, 0, 1, 60_000, t));
            if (l.isEmpty()) {
                break;
            }
            out.add(l.get(0).url());
            await(frontier.complete(new Completion(l.get(0), t, 0, false, Completion.Tally.FETCHED, fetched(l.get(0), t), found.apply(i)), t));
        }
        return out;
    }

    /** A crawl with a head of 4 and n URLs of the host queued, every k-th under /trap/, the others under /page/. */
    private List<String> withTraps(int n, int k) {
        start(4, FrontierRules.PLAIN);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            urls.add("http://" + H + "/" + (i % k == 0 ? "trap" : "page") + "/" + i);
        }
        await(frontier.enqueue(crawl, urls.stream().map(u -> Discovery.fifo(u, 1)).toList(), 1));
        return urls;
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
        // each of the first five fetched pages yields a new link while older ones still wait in the spill
        List<String> got = leaseAll(20, i -> i < 5 ? List.of(Discovery.fifo("http://" + H + "/found-" + i, 2)) : List.of());
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
    void revisitsGoAheadOfSpilledUrlsInTheOrderTheyCame() {
        start(3, FrontierRules.PLAIN);
        List<String> urls = urls(10);
        await(frontier.enqueue(crawl, urls.stream().map(u -> Discovery.fifo(u, 1)).toList(), 1));
        List<String> revisits = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String u = "http://" + H + "/revisit-" + i;
            revisits.add(u);
            assertEquals(1, await(frontier.revisit(crawl, -1, java.util.Map.of(u, 0), 2)));
        }
        List<String> expected = new ArrayList<>(revisits);
        expected.addAll(urls);
        assertEquals(expected, leaseAll(20), "revisits first, each priority's URLs in the order they came");
        assertEquals(0, await(frontier.counts(crawl)).queued());
    }

    @Test
    void aRevisitOfASpilledSeedKeepsTheCountsTrueAndTheCrawlEnds() {
        start(2, FrontierRules.PLAIN);
        List<String> urls = urls(6);
        // seeds: depth 0, member "0 0 0 url", the member a revisit queues
        await(frontier.enqueue(crawl, urls.stream().map(u -> Discovery.fifo(u, 0)).toList(), 1));
        assertEquals(4, spill().size());
        await(frontier.revisit(crawl, -1, java.util.Map.of(urls.get(5), 0), 2));
        List<String> got = leaseAll(20);
        assertEquals(urls.get(5), got.get(0), "the revisit first");
        // the spilled seed is leased again later (as a queued link of any depth would be: its member is not the
        // revisit's), and counted as one more URL, never as one less: the crawl ends
        assertTrue(got.size() <= 7 && got.containsAll(urls), got.toString());
        assertEquals(0, await(frontier.counts(crawl)).queued());
        assertEquals(FrontierState.FINISHED, await(frontier.counts(crawl)).state());
    }

    @Test
    void aPatternDropFindsItsPlaceAgainWhenLeasesMovedTheSpill() {
        withTraps(40, 2);
        String prefix = FrontierKeys.prefix(crawl);
        List<String> read = spill();   // what an operator's drop read, before leases moved the spill
        assertEquals(36, read.size());
        assertEquals(6, leaseAll(6).size());   // each lease below half a head tops it up from the spill's front
        List<String> args = new ArrayList<>(List.of("dropspilled", "3", "0", H, "5", Integer.toString(read.size() - 1),
                read.get(read.size() - 1)));
        for (int i = 0; i < read.size(); i++) {
            if (read.get(i).contains("/trap/")) {
                args.add(Integer.toString(i));
                args.add(read.get(i));
            }
        }
        Response r = await(RedisShards.SCRIPT.run(redis, prefix, args));
        List<String> left = spill();
        assertTrue(left.stream().noneMatch(e -> e.contains("/trap/")), left.toString());
        assertEquals(left.size(), r.get(2).toLong(), "the next read starts after the anchor, where it is now: " + r + " " + left);
        assertEquals(3, r.size(), "nothing after the anchor to read");
        long queued = await(frontier.counts(crawl)).queued();
        List<String> rest = leaseAll(100);
        assertEquals(queued, rest.size());
        // the traps still in the head when the drop ran are leased; none of those it read in the spill is
        assertTrue(rest.stream().filter(u -> u.contains("/trap/")).count() <= 3, rest.toString());
    }

    @Test
    void aRandomPickFromTheSpillKeepsItsExactScore() {
        await(frontier.create(crawl, new CrawlFrontierSettings(1, 0, 10_000, 1, false,
                new FrontierRules(1, 1, FrontierRules.HostOrder.READY, Rescoring.NONE), 0), "{}", new Frontier.Limits(3, 10_000, 2)));
        List<Discovery> links = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            links.add(new Discovery(0, FrontierEntry.of("http://" + H + "/r" + i, 1), Long.toString(-105553116266497L - i)));
        }
        await(frontier.enqueue(crawl, links, 1));
        assertEquals(18, spill().size());
        java.util.Set<Long> scores = new java.util.HashSet<>();
        for (int i = 0; i < 20; i++) {
            List<Lease> l = await(frontier.lease(crawl, 0, 1, 60_000, 10 + i));
            assertEquals(1, l.size());
            // the lease member carries the score exactly (an expired lease goes back with it): 15 digits, no rounding
            long score = Long.parseLong(l.get(0).score());
            assertEquals(-105553116266497L - Integer.parseInt(l.get(0).url().substring(("http://" + H + "/r").length())), score);
            scores.add(score);
            await(frontier.complete(new Completion(l.get(0), 10 + i, 0, false, Completion.Tally.FETCHED, fetched(l.get(0), 10 + i),
                    List.of()), 10 + i));
        }
        assertEquals(20, scores.size());
    }

    @Test
    void aRequeuedUrlScoringAboveTheSpillKeepsTheHeadBoundedAndItsPlaceInTheOrder() {
        start(3, FrontierRules.PLAIN);
        List<String> urls = urls(23);
        await(frontier.enqueue(crawl, urls.subList(0, 3).stream().map(u -> new Discovery(0, FrontierEntry.of(u, 1), Discovery.LIFO)).toList(), 1));
        Lease c = await(frontier.lease(crawl, 0, 1, 5, 2)).get(0);   // the newest, its lease 5 ms long
        assertEquals(urls.get(2), c.url());
        await(frontier.enqueue(crawl, urls.subList(3, 13).stream().map(u -> new Discovery(0, FrontierEntry.of(u, 1), Discovery.LIFO)).toList(), 3));
        assertEquals(1, await(frontier.reclaim(crawl, 100, 10)));   // back in the head, scoring above the spill's front
        await(frontier.enqueue(crawl, urls.subList(13, 23).stream().map(u -> new Discovery(0, FrontierEntry.of(u, 1), Discovery.LIFO)).toList(), 101));
        long head = await(redis.send(Request.cmd(Command.ZCARD).arg(FrontierKeys.prefix(crawl) + "p0:q:" + H))).toLong();
        assertTrue(head <= 4, "the head stays bounded: " + head);
        now = 200;
        assertEquals(urls.reversed(), leaseAll(30), "newest first, the requeued URL in its place");
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
        List<String> urls = withTraps(3_000, 7);
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
