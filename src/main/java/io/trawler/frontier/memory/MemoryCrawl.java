package io.trawler.frontier.memory;

import io.trawler.frontier.Completion;
import io.trawler.frontier.CompletionResult;
import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.FrontierState;
import io.trawler.frontier.HostDetail;
import io.trawler.frontier.Lease;
import io.trawler.frontier.Leaser;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.PageRecordSource;
import io.trawler.frontier.PolitenessScope;
import io.trawler.frontier.QueuedHosts;
import io.trawler.frontier.UrlFingerprint;
import io.trawler.order.FrontierRules.HostOrder;
import io.trawler.order.Rescoring;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * One crawl's frontier in memory, with the rules of the Redis backend's script ({@code frontier/frontier.lua}), one
 * operation at a time (every public method holds the crawl's lock, as a script call is atomic): host queues per lane,
 * each lane's ready set of hosts, the seen set, politeness per polite client, leases in flight and their owners, the
 * counters, the page-record stream and side loads. Queue entries and lease members have the Redis backend's forms
 * ({@link FrontierEntry#member()}, {@link Lease#parse}).
 */
final class MemoryCrawl {

    /** With politeness scope node, a host not yet polite for one client is looked at again at the latest this soon (ms). */
    private static final long NODE_RESCAN = 100;
    /** A backlink moves a queued URL ahead of every URL with one backlink less (scores are minus the count, then order). */
    private static final double BACKLINK = 4294967296.0;
    /** A revisit priority level: 2^45, so that priorities and discovery order share one score exactly. */
    private static final double REVISIT_LEVEL = 35184372088832.0;

    final CrawlFrontierSettings settings;
    final String specJson;
    private final Frontier.Limits limits;
    private final boolean nodeScope;
    private final boolean indexed;
    private final Rescoring rescoring;
    private final SplittableRandom random = new SplittableRandom();

    private FrontierState state = FrontierState.RUNNING;
    private long finishedAt;
    private final String[] laneNodes;

    /** lane → host → queued members ("depth hops attempts url") by score. */
    private final List<Map<String, ScoredSet>> queues = new ArrayList<>();
    /** lane → host → earliest time it may be leased from (hosts with work). */
    private final List<ScoredSet> ready = new ArrayList<>();
    /** The fingerprints admitted: one set, or one per lane (independent lanes). */
    private final List<Set<Long>> seen = new ArrayList<>();
    /** Fingerprints of the pages fetched (distinct pages). */
    private final Set<Long> fetchedPages = new HashSet<>();
    /** Lease member → deadline; and each lease's worker. */
    private final ScoredSet inflight = new ScoredSet();
    private final Map<String, String> leaseWorker = new HashMap<>();
    /** Worker → when it last leased or heart-beat. */
    private final ScoredSet owners = new ScoredSet();
    /** Politeness key (host, or "client|host" with scope node) → URLs in flight / next allowed fetch start. */
    private final Map<String, Integer> busy = new HashMap<>();
    private final Map<String, Long> next = new HashMap<>();
    /** Host → delay between fetch starts. */
    private final Map<String, Long> delay = new HashMap<>();
    private final PageStream pages = new PageStream();
    private final Set<String> sitemaps = new HashSet<>();
    private final ScoredSet loads = new ScoredSet();
    /** Re-scoring strategies: URL → where it is queued; URL → weight (OPIC cash, PageRank). */
    private final Map<String, Queued> index = new HashMap<>();
    private final Map<String, Double> weights = new HashMap<>();
    /** Focused crawling: the queues of relevant and irrelevant pages, and the irrelevant pages' fingerprints. */
    private final FocusQueues focus;

    final Counters counters;

    private record Queued(int lane, String member) {
    }

    MemoryCrawl(CrawlFrontierSettings s, String specJson, Frontier.Limits limits) {
        this.settings = s;
        this.specJson = specJson;
        this.limits = limits;
        this.nodeScope = s.politenessScope() == PolitenessScope.NODE;
        this.rescoring = s.rules().rescoring();
        this.indexed = rescoring.rescoresQueued();
        int lanes = Math.max(1, s.partitions());
        this.laneNodes = new String[lanes];
        for (int lane = 0; lane < lanes; lane++) {
            queues.add(new HashMap<>());
            ready.add(new ScoredSet());
            laneNodes[lane] = lane < s.laneNodes().size() ? s.laneNodes().get(lane) : "";
        }
        for (int i = 0; i < (s.laneSeen() ? lanes : 1); i++) {
            seen.add(new HashSet<>());
        }
        this.counters = new Counters(lanes);
        this.focus = rescoring == Rescoring.FOCUS_CONTENT || rescoring == Rescoring.FOCUS_LINKS
                ? new FocusQueues(s.rules().focus(), rescoring == Rescoring.FOCUS_LINKS) : null;
    }

    int lanes() {
        return laneNodes.length;
    }

    // ---- state and control

    synchronized FrontierState state() {
        return state;
    }

    synchronized long finishedAt() {
        return finishedAt;
    }

    synchronized void setState(FrontierState s) {
        state = s;
    }

    synchronized void assign(Map<Integer, String> nodes) {
        nodes.forEach((lane, node) -> {
            if (lane >= 0 && lane < laneNodes.length) {
                laneNodes[lane] = node;
            }
        });
    }

    synchronized List<String> laneNodes(int partitions) {
        List<String> out = new ArrayList<>(partitions);
        for (int lane = 0; lane < partitions; lane++) {
            out.add(lane < laneNodes.length ? laneNodes[lane] : "");
        }
        return out;
    }

    synchronized String[] laneNodes() {
        return laneNodes.clone();
    }

    // ---- counts

    synchronized FrontierCounts counts() {
        return new FrontierCounts(state, Math.max(0, counters.queued), inflight.size(), counters.admitted, counters.fetched,
                counters.unique, counters.errors, counters.robotsDenied, counters.reclaimed, counters.linksDropped, finishedAt,
                counters.fetchedByLane.clone(), counters.queuedByLane.clone(), laneNodes.clone());
    }

    synchronized long remainingAdmissions() {
        return settings.maxPages() <= 0 ? Long.MAX_VALUE : Math.max(0, settings.maxPages() - counters.admitted);
    }

    // ---- admission

    /** Offers URLs, ending the side load {@code load} in the same step; the URLs admitted. */
    synchronized int enqueue(List<Discovery> links, long now, String load) {
        int admitted = admit(links, null);
        if (!load.isEmpty()) {
            loads.remove(load);
        }
        checkFinished(now);
        return admitted;
    }

    /** Takes a host's sitemaps as a side load until the deadline; true for the first caller only. */
    synchronized boolean claimSitemaps(String host, long deadline) {
        if (!sitemaps.add(host)) {
            return false;
        }
        loads.put("sitemaps:" + host, deadline);
        return true;
    }

    /**
     * How a fetched page's links are scored (strategies that re-score): the score of a new URL, and what a link to a
     * URL seen before does to it.
     */
    private interface LinkContext {
        double score(String url);

        default void known(String url) {
        }
    }

    private int admit(List<Discovery> links, LinkContext ctx) {
        if (state.refusesLinks()) {
            return 0;
        }
        long maxPages = Math.max(0, settings.maxPages());
        int admitted = 0;
        for (Discovery d : links) {
            String url = d.entry().url();
            int lane = Math.floorMod(d.partition(), lanes());
            if (maxPages > 0 && counters.admitted >= maxPages) {
                if (ctx != null) {
                    ctx.known(url);
                }
            } else if (seen.get(settings.laneSeen() ? lane : 0).add(UrlFingerprint.of(url))) {
                String host = hostOf(url);
                double s;
                if (ctx != null) {
                    s = ctx.score(url);
                } else {
                    s = scoreOf(d.score());
                    if ((rescoring == Rescoring.OPIC || rescoring == Rescoring.PAGERANK) && s < 0) {
                        weights.put(url, -s);
                    }
                }
                String member = d.entry().member();
                queueFor(lane, host).put(member, s);
                indexQueued(url, lane, member);
                counters.queuedByLane[lane]++;
                counters.admitted++;
                counters.queued++;
                admitted++;
                markReady(lane, host);
            } else if (ctx != null) {
                ctx.known(url);
            }
        }
        return admitted;
    }

    /** fifo / lifo: discovery order; s:priority: priority first, discovery order among equals; else a number. */
    private double scoreOf(String score) {
        if (Discovery.FIFO.equals(score)) {
            return ++counters.seq;
        }
        if (Discovery.LIFO.equals(score)) {
            return -(++counters.seq);
        }
        if (score.startsWith("s:")) {
            return Double.parseDouble(score.substring(2)) * 4294967296.0 + ++counters.seq;
        }
        return Double.parseDouble(score);
    }

    // ---- queues and ready sets

    private ScoredSet queue(int lane, String host) {
        return queues.get(lane).get(host);
    }

    private ScoredSet queueFor(int lane, String host) {
        return queues.get(lane).computeIfAbsent(host, h -> new ScoredSet());
    }

    /** Forgets an emptied queue (as Redis deletes an empty sorted set). */
    private void prune(int lane, String host) {
        ScoredSet q = queue(lane, host);
        if (q != null && q.isEmpty()) {
            queues.get(lane).remove(host);
        }
    }

    private boolean hasQueue(int lane, String host) {
        ScoredSet q = queue(lane, host);
        return q != null && !q.isEmpty();
    }

    private void indexQueued(String url, int lane, String member) {
        if (indexed) {
            index.put(url, new Queued(lane, member));
        }
    }

    private void unindex(String member) {
        if (indexed) {
            index.remove(FrontierEntry.parse(member).url());
        }
    }

    /**
     * Puts a host with queued work into a lane's ready set, unless it is busy to capacity; a host already there is never
     * made ready earlier than its next allowed time (a back-off applies at once).
     */
    private void markReady(int lane, String host) {
        ScoredSet r = ready.get(lane);
        long nxt = nodeScope ? 0 : next.getOrDefault(host, 0L);
        Double current = r.score(host);
        if (current != null) {
            if (current < nxt) {
                r.put(host, nxt);
            }
            return;
        }
        if (!hasQueue(lane, host)) {
            return;
        }
        if (!nodeScope && busy.getOrDefault(host, 0) >= Math.max(1, settings.maxPerHost())) {
            return;
        }
        r.put(host, nxt);
    }

    private void markReadyAll(String host) {
        for (int lane = 0; lane < lanes(); lane++) {
            markReady(lane, host);
        }
    }

    // ---- politeness

    /** The politeness key of a host for a client ({@code ""}: the site's politeness, one per host). */
    private String politenessKey(String client, String host) {
        return client.isEmpty() || "-".equals(client) || !nodeScope ? host : client + "|" + host;
    }

    /** The client a worker fetches a host from: one of its source addresses, chosen as HttpFetcher does, or its node. */
    private static String clientFor(String node, List<String> addresses, String host) {
        return addresses.isEmpty() ? node : addresses.get(Math.floorMod(host.hashCode(), addresses.size()));
    }

    private void releaseHost(String key) {
        int left = busy.getOrDefault(key, 0) - 1;
        if (left <= 0) {
            busy.remove(key);
        } else {
            busy.put(key, left);
        }
    }

    // ---- leasing

    /** Leases up to {@code max} URLs of a lane whose hosts politeness allows now (see {@link Frontier#lease}). */
    synchronized List<Lease> lease(String crawlId, int lane, int max, long leaseMs, long now, Leaser leaser) {
        if (reclaim(now, 200, leaser.timeoutMs()) > 0) {
            checkFinished(now);   // the last URLs may have been abandoned just now
        }
        if (!leaser.worker().isEmpty()) {
            owners.put(leaser.worker(), now);
        }
        if (state != FrontierState.RUNNING || lane < 0 || lane >= lanes()) {
            return List.of();
        }
        String laneNode = laneNodes[lane];
        if (!laneNode.isEmpty() && !leaser.node().isEmpty() && !laneNode.equals(leaser.node())) {
            return List.of();
        }
        if (limits.maxUnread() > 0 && pages.size() >= limits.maxUnread()) {
            counters.backPressure++;
            return List.of();   // back-pressure: the manager is behind with the page records
        }
        int cap = Math.max(1, settings.maxPerHost());
        if (settings.budget() > 0) {
            max = (int) Math.min(max, settings.budget() - counters.leaseSeq);
            if (max <= 0) {
                return List.of();
            }
        }
        ScoredSet readyHosts = ready.get(lane);
        List<String> hosts = hostsToServe(lane, readyHosts, max, now);
        int pickTop = settings.rules().pickTop();
        int pickRandom = settings.rules().pickRandom();
        List<Lease> out = new ArrayList<>();
        for (String host : hosts) {
            if (out.size() >= max) {
                break;
            }
            String client = nodeScope ? clientFor(leaser.node(), leaser.addresses(), host) : "-";
            String key = politenessKey(client, host);
            int inFlight = busy.getOrDefault(key, 0);
            long hostDelay = delay.getOrDefault(host, settings.delayMs());
            long hostNext = next.getOrDefault(key, 0L);
            boolean polite = hostNext <= now && (!nodeScope || inFlight < cap);
            if (!polite) {
                readyHosts.put(host, nodeScope ? Math.min(Math.max(hostNext, now + 1), now + NODE_RESCAN) : hostNext);
                continue;
            }
            ScoredSet q = queue(lane, host);
            while (q != null && inFlight < cap && out.size() < max) {
                boolean randomPick = pickRandom > 0 && (counters.pickSeq++) % (pickTop + pickRandom) >= pickTop;
                ScoredSet.Item e = randomPick ? q.popRandom(random) : q.popFirst();
                if (e == null) {
                    break;
                }
                unindex(e.member());
                long id = ++counters.leaseSeq;
                String member = id + " " + lane + " " + format(e.score()) + " " + leaser.worker() + "|" + client + " " + e.member();
                inflight.put(member, now + leaseMs);
                leaseWorker.put(member, leaser.worker());
                inFlight++;
                out.add(Lease.parse(crawlId, member));
                if (hostDelay > 0) {
                    break;
                }
            }
            prune(lane, host);
            busy.put(key, inFlight);
            if (!hasQueue(lane, host) || (inFlight >= cap && !nodeScope)) {
                readyHosts.remove(host);
            } else if (nodeScope && (inFlight >= cap || hostDelay > 0)) {
                readyHosts.put(host, now + 1);   // another client may lease it at once; this one finds it not yet polite
            } else if (hostDelay > 0) {
                readyHosts.put(host, now + hostDelay);
            }
            if (hostDelay > 0) {
                next.put(key, now + hostDelay);
            }
        }
        counters.queued -= out.size();
        counters.queuedByLane[lane] -= out.size();
        return out;
    }

    /** The ready hosts a lease looks at, in the order it serves them (the strategy's host order). */
    private List<String> hostsToServe(int lane, ScoredSet readyHosts, int max, long now) {
        HostOrder order = settings.rules().hostOrder();
        if (order == HostOrder.READY) {
            // with scope node some ready hosts may not be polite for this client yet: look a little further
            return readyHosts.upTo(now, nodeScope ? max + 32 : max).stream().map(ScoredSet.Item::member).toList();
        }
        List<String> hosts = new ArrayList<>(readyHosts.upTo(now, 256).stream().map(ScoredSet.Item::member).toList());
        if (order == HostOrder.LARGEST) {
            // largest site first: of the hosts ready now (at most 256 looked at), those with the most queued URLs
            hosts.sort((a, b) -> {
                int c = Integer.compare(queueSize(lane, b), queueSize(lane, a));
                return c != 0 ? c : a.compareTo(b);
            });
        } else {
            // scored strategies: the host holding the best URL first
            Map<String, ScoredSet.Item> best = new HashMap<>();
            for (String h : hosts) {
                ScoredSet q = queue(lane, h);
                ScoredSet.Item top = q == null ? null : q.first();
                best.put(h, top == null ? new ScoredSet.Item("", Double.POSITIVE_INFINITY) : top);
            }
            hosts.sort((a, b) -> {
                int c = Double.compare(best.get(a).score(), best.get(b).score());
                c = c != 0 ? c : best.get(a).member().compareTo(best.get(b).member());
                return c != 0 ? c : a.compareTo(b);
            });
        }
        return hosts;
    }

    private int queueSize(int lane, String host) {
        ScoredSet q = queue(lane, host);
        return q == null ? 0 : q.size();
    }

    /** A score as Redis writes it in a lease member: integers without a fraction. */
    static String format(double score) {
        if (score == Math.rint(score) && Math.abs(score) < 1e15) {
            return Long.toString((long) score);
        }
        return Double.toString(score);
    }

    // ---- reclaiming

    /**
     * Returns expired leases, and those of workers silent for longer than {@code timeoutMs}, to their queues; the crawl
     * may be done after it (its last URLs abandoned).
     */
    synchronized int reclaimAndCheck(long now, int limit, long timeoutMs) {
        int n = reclaim(now, limit, timeoutMs);
        checkFinished(now);
        return n;
    }

    private int reclaim(long now, int limit, long timeoutMs) {
        int n = reclaimDead(now, timeoutMs);
        List<String> expired = inflight.upTo(now, limit).stream().map(ScoredSet.Item::member).toList();
        return n + requeue(expired, now);
    }

    private int reclaimDead(long now, long timeoutMs) {
        if (timeoutMs <= 0) {
            return 0;
        }
        List<ScoredSet.Item> dead = owners.upTo(now - timeoutMs, 16);
        if (dead.isEmpty()) {
            return 0;
        }
        Set<String> gone = new HashSet<>();
        for (ScoredSet.Item w : dead) {
            gone.add(w.member());
            owners.remove(w.member());
        }
        List<String> theirs = new ArrayList<>();
        for (ScoredSet.Item lm : inflight.items()) {
            if (gone.contains(leaseWorker.get(lm.member()))) {
                theirs.add(lm.member());
            }
        }
        counters.reclaimedDead += theirs.size();
        return requeue(theirs, now);
    }

    /**
     * Puts leases back in their queues: an expired lease counts as an attempt, and a URL whose leases expired
     * maxAttempts times gets a final page record (outcome abandoned) instead of another lease.
     */
    private int requeue(List<String> expired, long now) {
        for (String lm : expired) {
            Lease l = Lease.parse("", lm);
            FrontierEntry e = l.entry();
            String host = hostOf(e.url());
            int tries = e.attempts() + 1;
            inflight.remove(lm);
            leaseWorker.remove(lm);
            releaseHost(politenessKey(l.client(), host));
            if (tries >= limits.maxAttempts()) {
                pages.append(PageRecord.builder(e.url(), 0, "abandoned", now, l.partition(), e.depth())
                        .error("its lease expired " + tries + " times: the URL hung or killed the workers that took it").build());
                counters.errors++;
                counters.abandoned++;
            } else {
                FrontierEntry again = new FrontierEntry(e.depth(), e.hops(), tries, e.url(), e.tunnel());
                queueFor(l.partition(), host).put(again.member(), Double.parseDouble(l.score()));
                indexQueued(e.url(), l.partition(), again.member());
                counters.queuedByLane[l.partition()]++;
                counters.queued++;
            }
            markReadyAll(host);
        }
        counters.reclaimed += expired.size();
        return expired.size();
    }

    synchronized void renew(String worker, long now) {
        owners.update(worker, now);
    }

    synchronized long liveLeases(long now) {
        return inflight.countAbove(now);
    }

    synchronized int inFlight() {
        return inflight.size();
    }

    // ---- completion

    synchronized CompletionResult complete(Completion c, long now) {
        String lm = c.lease().member();
        if (!inflight.remove(lm)) {
            counters.stale++;
            return new CompletionResult(true, 0, checkFinished(now), !state.refusesLinks());
        }
        leaseWorker.remove(lm);
        Lease l = Lease.parse("", lm);
        FrontierEntry e = l.entry();
        String url = e.url();
        String host = hostOf(url);
        String key = politenessKey(l.client(), host);
        releaseHost(key);
        if (c.hostNextAt() > next.getOrDefault(key, 0L)) {
            next.put(key, c.hostNextAt());
        }
        if (c.hostDelay() >= 0) {
            delay.put(host, c.hostDelay());
        }
        if (c.retry()) {
            FrontierEntry again = new FrontierEntry(e.depth(), e.hops(), e.attempts() + 1, url, e.tunnel());
            queueFor(l.partition(), host).put(again.member(), Double.parseDouble(l.score()));
            indexQueued(url, l.partition(), again.member());
            counters.queued++;
            counters.queuedByLane[l.partition()]++;
            counters.retries++;
        } else {
            switch (c.tally()) {
                case FETCHED -> {
                    counters.fetched++;
                    counters.fetchedByLane[l.partition()]++;
                    if (fetchedPages.add(UrlFingerprint.of(url))) {
                        counters.unique++;
                    }
                }
                case ERRORS -> counters.errors++;
                case ROBOTS_DENIED -> counters.robotsDenied++;
                case NONE -> {
                }
            }
        }
        if (c.record() != null) {
            pages.append(c.record());
            counters.linksDropped += c.record().linksDropped();
        }
        LinkContext ctx = !c.retry() && c.tally() == Completion.Tally.FETCHED ? pageContext(url, c) : null;
        int admitted = admit(c.links(), ctx);
        markReadyAll(host);
        FrontierState after = checkFinished(now);
        return new CompletionResult(false, admitted, after, !after.refusesLinks());
    }

    /** The scoring of a fetched page's links, per strategy (null when the strategy needs none). */
    private LinkContext pageContext(String url, Completion c) {
        int links = c.links().size();
        switch (rescoring) {
            case BACKLINKS -> {
                return new LinkContext() {
                    @Override
                    public double score(String u) {
                        return -BACKLINK + ++counters.seq;
                    }

                    @Override
                    public void known(String u) {
                        withQueued(u, (q, m) -> q.add(m, -BACKLINK));
                    }
                };
            }
            case OPIC, PAGERANK -> {
                double w = weights.getOrDefault(url, 0.0);
                weights.remove(url);
                if (links == 0) {
                    if (rescoring == Rescoring.OPIC && w > 0) {
                        counters.cashSink += w;
                    }
                    return null;
                }
                double share = w / links;
                return new LinkContext() {
                    @Override
                    public double score(String u) {
                        return -weights.merge(u, share, Double::sum);
                    }

                    @Override
                    public void known(String u) {
                        withQueued(u, (q, m) -> q.update(m, -weights.merge(u, share, Double::sum)));
                    }
                };
            }
            case FOCUS_LEARN -> {
                if (c.focus() != null) {
                    // the worker scored the links (link context, tunnelling, its link model); the crawl counts the page
                    counters.countRelevance(c.focus().relevant());
                }
                return null;
            }
            case FOCUS_CONTENT, FOCUS_LINKS -> {
                if (c.focus() == null) {
                    return null;
                }
                counters.countRelevance(c.focus().relevant());
                ToDoubleFunction<String> score = focus.fetched(url, c.focus(), c.links());
                return score::applyAsDouble;
            }
            default -> {
                return null;
            }
        }
    }

    private interface QueuedAction {
        void apply(ScoredSet queue, String member);
    }

    /** Runs {@code action} on a URL's queue and member when it is queued (re-scoring strategies keep the index). */
    private void withQueued(String url, QueuedAction action) {
        Queued at = index.get(url);
        if (at != null) {
            ScoredSet q = queue(at.lane(), hostOf(url));
            if (q != null && q.contains(at.member())) {
                action.apply(q, at.member());
            }
        }
    }

    // ---- re-scoring and revisits

    synchronized int rescore(Map<String, Double> newWeights) {
        int moved = 0;
        for (Map.Entry<String, Double> w : newWeights.entrySet()) {
            Queued at = index.get(w.getKey());
            if (at == null) {
                continue;
            }
            if (rescoring == Rescoring.PAGERANK || rescoring == Rescoring.OPIC) {
                weights.put(w.getKey(), w.getValue());
            }
            ScoredSet q = queue(at.lane(), hostOf(w.getKey()));
            if (q != null) {
                q.update(at.member(), -w.getValue());
            }
            moved++;
        }
        return moved;
    }

    /**
     * Queues known URLs again: scheduled revisits (priority −1) ahead of newly found URLs, recrawl requests (0 … 10,
     * higher first) ahead of both, discovery order within a priority; a URL queued already only ever moves up.
     */
    synchronized int revisit(int priority, Map<String, Integer> urls) {
        if (!state.active()) {
            return 0;
        }
        double base = -(priority + 2) * REVISIT_LEVEL;
        int added = 0;
        for (Map.Entry<String, Integer> u : urls.entrySet()) {
            String url = u.getKey();
            int lane = Math.floorMod(u.getValue(), lanes());
            double s = base + ++counters.seq;
            Queued at = indexed ? index.get(url) : null;
            String host = hostOf(url);
            if (at != null) {
                ScoredSet q = queue(at.lane(), host);
                if (q != null) {
                    q.putLower(at.member(), s);
                }
            } else {
                String member = FrontierEntry.of(url, 0).member();
                if (queueFor(lane, host).putLower(member, s)) {
                    indexQueued(url, lane, member);
                    counters.queuedByLane[lane]++;
                    counters.queued++;
                    counters.revisits++;
                    added++;
                }
                markReady(lane, host);
            }
        }
        return added;
    }

    // ---- the end of a crawl

    /** Nothing queued (or the budget spent), nothing in flight, no side load: the crawl is done. */
    private boolean drained(long now) {
        for (ScoredSet.Item load : loads.upTo(now, Integer.MAX_VALUE)) {
            loads.remove(load.member());
        }
        boolean spent = settings.budget() > 0 && counters.leaseSeq >= settings.budget();
        if (!spent && settings.continuous()) {
            return false;
        }
        return (spent || counters.queued <= 0) && inflight.isEmpty() && loads.isEmpty();
    }

    private FrontierState checkFinished(long now) {
        if (state.active() && drained(now)) {
            state = FrontierState.FINISHED;
            finishedAt = now;
        }
        return state;
    }

    // ---- the page records

    synchronized PageRecordSource.Batch read(String cursor, int max) {
        return pages.read(cursor, max);
    }

    synchronized void release(String cursor) {
        pages.release(cursor);
    }

    synchronized long unread() {
        return pages.size();
    }

    // ---- inspection

    /** A lane's first {@code n} ready hosts, earliest first: host, lane, queued URLs, ready at, next URL. */
    synchronized List<QueuedHosts.Entry> readyHosts(int lane, int n) {
        if (lane < 0 || lane >= lanes()) {
            return List.of();
        }
        List<QueuedHosts.Entry> out = new ArrayList<>();
        for (ScoredSet.Item h : ready.get(lane).range(0, n)) {
            ScoredSet q = queue(lane, h.member());
            ScoredSet.Item head = q == null ? null : q.first();
            out.add(new QueuedHosts.Entry(h.member(), lane, q == null ? 0 : q.size(), (long) h.score(),
                    head == null ? null : FrontierEntry.parse(head.member()).url()));
        }
        return out;
    }

    synchronized long readyCount(int lane) {
        return lane < 0 || lane >= lanes() ? 0 : ready.get(lane).size();
    }

    /** One host's queue in a lane: its size, the queued URLs from the {@code offset}-th, and when the lane may lease it. */
    synchronized HostDetail.Lane hostLane(int lane, String host, int offset, int nextUrls) {
        if (lane < 0 || lane >= lanes()) {
            return new HostDetail.Lane(lane, 0, null, List.of());
        }
        ScoredSet q = queue(lane, host);
        List<HostDetail.QueuedUrl> urls = new ArrayList<>();
        if (q != null && nextUrls > 0) {
            for (ScoredSet.Item m : q.range(offset, nextUrls)) {
                FrontierEntry e = FrontierEntry.parse(m.member());
                urls.add(new HostDetail.QueuedUrl(e.url(), e.depth(), m.score()));
            }
        }
        Double readyAt = ready.get(lane).score(host);
        return new HostDetail.Lane(lane, q == null ? 0 : q.size(), readyAt == null ? null : readyAt.longValue(), urls);
    }

    /** The host's polite clients: its own entry ({@code ""}, scope site) and each "client|host" (scope node). */
    synchronized List<HostDetail.Client> clients(String host) {
        Set<String> keys = new TreeSet<>();
        String suffix = "|" + host;
        for (String k : busy.keySet()) {
            if (k.equals(host) || nodeScope && k.endsWith(suffix)) {
                keys.add(k);
            }
        }
        for (String k : next.keySet()) {
            if (k.equals(host) || nodeScope && k.endsWith(suffix)) {
                keys.add(k);
            }
        }
        List<HostDetail.Client> out = new ArrayList<>();
        for (String k : keys) {
            String client = k.equals(host) ? "" : k.substring(0, k.length() - suffix.length());
            out.add(new HostDetail.Client(client, busy.getOrDefault(k, 0), next.get(k)));
        }
        return out;
    }

    synchronized Long delayOf(String host) {
        return delay.get(host);
    }

    /** Hosts with a queue in the lane. */
    synchronized List<String> queuedHostsOf(int lane) {
        return lane < 0 || lane >= lanes() ? List.of() : new ArrayList<>(queues.get(lane).keySet());
    }

    /**
     * Takes the host's queued URLs in a lane out of the crawl: all of them ({@code pattern} null) or those whose URL
     * the pattern accepts. They stay seen. Returns how many.
     */
    synchronized long drop(int lane, String host, Predicate<String> pattern, long now) {
        ScoredSet q = lane < 0 || lane >= lanes() ? null : queue(lane, host);
        if (q == null) {
            return 0;
        }
        long n = 0;
        for (ScoredSet.Item m : q.items()) {
            String url = FrontierEntry.parse(m.member()).url();
            if (pattern == null || pattern.test(url)) {
                q.remove(m.member());
                unindex(m.member());
                n++;
            }
        }
        if (n > 0) {
            counters.queued -= n;
            counters.queuedByLane[lane] -= n;
            counters.dropped += n;
            prune(lane, host);
            if (!hasQueue(lane, host)) {
                ready.get(lane).remove(host);
            }
            checkFinished(now);
        }
        return n;
    }

    // ---- helpers

    /** The authority of a URL (host and port), as the Redis backend's script keys queues by it. */
    static String hostOf(String url) {
        int scheme = url.indexOf("://");
        int from = scheme < 0 ? 0 : scheme + 3;
        int end = from;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(from, end);
    }
}
