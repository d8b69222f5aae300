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
import io.trawler.frontier.PageRecordSource;
import io.trawler.frontier.PolitenessScope;
import io.trawler.frontier.QueuedHosts;
import io.trawler.frontier.UrlFingerprint;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One crawl's frontier in memory, with the rules of the Redis backend's script ({@code frontier/frontier.lua}), one
 * operation at a time (every operation holds the crawl's lock, as a script call is atomic): the host queues and ready
 * sets ({@link HostQueues}), the seen set, politeness ({@link PoliteClients}), scores ({@link LinkScores}), leases in
 * flight and their owners, the counters, the page-record stream and side loads. Queue entries and lease members have
 * the Redis backend's forms ({@link FrontierEntry#member()}, {@link Lease#parse}).
 */
final class MemoryCrawl {

    /** A revisit priority level: 2^45, so that priorities and discovery order share one score exactly. */
    private static final double REVISIT_LEVEL = 35184372088832.0;

    final CrawlFrontierSettings settings;
    final String specJson;
    final Counters counters;
    private final Frontier.Limits limits;

    private FrontierState state = FrontierState.RUNNING;
    private long finishedAt;
    private final String[] laneNodes;

    private final HostQueues queues;
    private final PoliteClients polite;
    private final LinkScores scores;
    /** The fingerprints admitted: one set, or one per lane (independent lanes); and those of the pages fetched. */
    private final List<Set<Long>> seen = new ArrayList<>();
    private final Set<Long> fetchedPages = new HashSet<>();
    private final InFlight inflight = new InFlight();
    private final Leasing leasing;
    private final PageStream pages = new PageStream();
    /** Hosts whose sitemaps a worker took; side loads in progress → deadline. */
    private final Set<String> sitemaps = new HashSet<>();
    private final ScoredSet loads = new ScoredSet();

    MemoryCrawl(CrawlFrontierSettings s, String specJson, Frontier.Limits limits) {
        this.settings = s;
        this.specJson = specJson;
        this.limits = limits;
        int lanes = Math.max(1, s.partitions());
        this.laneNodes = new String[lanes];
        for (int lane = 0; lane < lanes; lane++) {
            laneNodes[lane] = lane < s.laneNodes().size() ? s.laneNodes().get(lane) : "";
        }
        for (int i = 0; i < (s.laneSeen() ? lanes : 1); i++) {
            seen.add(new HashSet<>());
        }
        this.counters = new Counters(lanes);
        this.queues = new HostQueues(lanes, s.rules().rescoring().rescoresQueued());
        this.polite = new PoliteClients(s.politenessScope() == PolitenessScope.NODE);
        this.scores = new LinkScores(s.rules().rescoring(), s.rules().focus(), counters, queues);
        this.leasing = new Leasing(s, limits.maxAttempts(), counters, queues, polite, inflight, pages, this::markReadyAll);
    }

    private int lanes() {
        return laneNodes.length;
    }

    // ---- state and control

    synchronized FrontierState state() {
        return state;
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

    private int admit(List<Discovery> links, LinkScores.PageLinks page) {
        if (state.refusesLinks()) {
            return 0;
        }
        long maxPages = Math.max(0, settings.maxPages());
        int admitted = 0;
        for (Discovery d : links) {
            String url = d.entry().url();
            int lane = Math.floorMod(d.partition(), lanes());
            if (maxPages > 0 && counters.admitted >= maxPages) {
                if (page != null) {
                    page.known(url);
                }
            } else if (seen.get(settings.laneSeen() ? lane : 0).add(UrlFingerprint.of(url))) {
                String host = HostQueues.hostOf(url);
                queues.put(lane, host, d.entry().member(), page != null ? page.score(url) : scores.offered(url, d.score()));
                counters.queuedByLane[lane]++;
                counters.admitted++;
                counters.queued++;
                admitted++;
                markReady(lane, host);
            } else if (page != null) {
                page.known(url);
            }
        }
        return admitted;
    }

    /**
     * Puts a host with queued work into a lane's ready set, unless it is busy to capacity; a host already there is never
     * made ready earlier than its next allowed time (a back-off applies at once).
     */
    private void markReady(int lane, String host) {
        ScoredSet ready = queues.ready(lane);
        // with scope node the clients' politeness is checked when one leases: the host is ready as far as the lane knows
        long nxt = polite.nodeScope() ? 0 : polite.next(host);
        Double current = ready.score(host);
        if (current != null) {
            if (current < nxt) {
                ready.put(host, nxt);
            }
            return;
        }
        if (!queues.has(lane, host) || !polite.nodeScope() && polite.busy(host) >= leasing.cap()) {
            return;
        }
        ready.put(host, nxt);
    }

    private void markReadyAll(String host) {
        for (int lane = 0; lane < lanes(); lane++) {
            markReady(lane, host);
        }
    }

    // ---- leasing

    /** Leases up to {@code max} URLs of a lane whose hosts politeness allows now (see {@link Frontier#lease}). */
    synchronized List<Lease> lease(String crawlId, int lane, int max, long leaseMs, long now, Leaser leaser) {
        if (leasing.reclaim(now, 200, leaser.timeoutMs()) > 0) {
            checkFinished(now);   // the last URLs may have been abandoned just now
        }
        if (!leaser.worker().isEmpty()) {
            inflight.seen(leaser.worker(), now);
        }
        if (state != FrontierState.RUNNING || !queues.hasLane(lane)) {
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
        if (settings.budget() > 0) {
            max = (int) Math.min(max, settings.budget() - counters.leaseSeq);
            if (max <= 0) {
                return List.of();
            }
        }
        return leasing.lease(crawlId, lane, max, leaseMs, now, leaser);
    }

    /** Returns expired leases, and those of workers silent beyond {@code timeoutMs}; the crawl may be done after it. */
    synchronized int reclaimAndCheck(long now, int limit, long timeoutMs) {
        int n = leasing.reclaim(now, limit, timeoutMs);
        checkFinished(now);
        return n;
    }

    synchronized void renew(String worker, long now) {
        inflight.renew(worker, now);
    }

    synchronized long liveLeases(long now) {
        return inflight.live(now);
    }

    // ---- completion

    synchronized CompletionResult complete(Completion c, long now) {
        String lm = c.lease().member();
        if (!inflight.remove(lm)) {
            counters.stale++;
            FrontierState after = checkFinished(now);
            return new CompletionResult(true, 0, after, !after.refusesLinks());
        }
        Lease l = Lease.parse("", lm);
        String url = l.url();
        String host = HostQueues.hostOf(url);
        String key = polite.key(l.client(), host);
        polite.release(key);
        polite.nextAtLeast(key, c.hostNextAt());
        if (c.hostDelay() >= 0) {
            polite.setDelay(host, c.hostDelay());
        }
        if (c.retry()) {
            leasing.queueAgain(l, l.entry().attempts() + 1);
            counters.retries++;
        } else {
            tally(c.tally(), l.partition(), url);
        }
        if (c.record() != null) {
            pages.append(c.record());
            counters.linksDropped += c.record().linksDropped();
        }
        int admitted = admit(c.links(), !c.retry() && c.tally() == Completion.Tally.FETCHED ? scores.fetched(url, c) : null);
        markReadyAll(host);
        FrontierState after = checkFinished(now);
        return new CompletionResult(false, admitted, after, !after.refusesLinks());
    }

    private void tally(Completion.Tally tally, int lane, String url) {
        switch (tally) {
            case FETCHED -> {
                counters.fetched++;
                counters.fetchedByLane[lane]++;
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

    // ---- re-scoring and revisits

    synchronized int rescore(Map<String, Double> weights) {
        return scores.rescore(weights);
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
            HostQueues.Queued at = queues.where(url);
            if (at != null) {
                queues.queueOf(url, at).putLower(at.member(), s);
            } else {
                String host = HostQueues.hostOf(url);
                if (queues.putLower(lane, host, FrontierEntry.of(url, 0).member(), s)) {
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
        loads.upTo(now, Integer.MAX_VALUE).forEach(load -> loads.remove(load.member()));
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

    // ---- inspection and operators' controls

    synchronized List<QueuedHosts.Entry> readyHosts(int lane, int n) {
        return queues.hasLane(lane) ? queues.readyHosts(lane, n) : List.of();
    }

    synchronized long readyCount(int lane) {
        return queues.hasLane(lane) ? queues.ready(lane).size() : 0;
    }

    synchronized HostDetail host(int partitions, String host, int offset, int nextUrls) {
        List<HostDetail.Lane> byLane = new ArrayList<>(partitions);
        for (int lane = 0; lane < partitions; lane++) {
            byLane.add(queues.hasLane(lane) ? queues.lane(lane, host, offset, nextUrls) : new HostDetail.Lane(lane, 0, null, List.of()));
        }
        List<HostDetail.Client> clients = polite.clients(host);
        return new HostDetail(host, byLane.stream().mapToLong(HostDetail.Lane::queued).sum(),
                clients.stream().mapToLong(HostDetail.Client::inFlight).sum(), polite.delayOf(host), byLane, clients);
    }

    /**
     * Takes queued URLs out: every URL of {@code host} (pattern null), those of {@code host} the pattern accepts, or,
     * with {@code host} null, every queued URL it accepts. They stay seen. Returns how many.
     */
    synchronized long drop(int partitions, String host, Predicate<String> pattern, long now) {
        long n = 0;
        for (int lane = 0; lane < Math.min(partitions, lanes()); lane++) {
            for (String h : host != null ? List.of(host) : queues.hosts(lane)) {
                long dropped = queues.drop(lane, h, host == null && pattern == null ? u -> true : pattern);
                counters.queuedByLane[lane] -= dropped;
                n += dropped;
            }
        }
        if (n > 0) {
            counters.queued -= n;
            counters.dropped += n;
            checkFinished(now);
        }
        return n;
    }
}
