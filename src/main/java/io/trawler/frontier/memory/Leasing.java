package io.trawler.frontier.memory;

import io.trawler.frontier.CrawlFrontierSettings;
import io.trawler.frontier.FrontierEntry;
import io.trawler.frontier.Lease;
import io.trawler.frontier.Leaser;
import io.trawler.frontier.PageRecord;
import io.trawler.order.FrontierRules.HostOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * How an in-memory crawl hands out URLs and takes them back: the ready hosts of a lane in the strategy's host order,
 * each as far as its politeness allows, best entry first (or a random one, for strategies that mix in random picks);
 * expired leases and those of silent workers back in their queues, a URL whose leases keep expiring abandoned with a
 * page record. Guarded by its crawl.
 */
final class Leasing {

    /** With politeness scope node, a host not yet polite for one client is looked at again at the latest this soon (ms). */
    private static final long NODE_RESCAN = 100;

    private final CrawlFrontierSettings settings;
    private final int maxAttempts;
    private final Counters counters;
    private final HostQueues queues;
    private final PoliteClients polite;
    private final InFlight inflight;
    private final PageStream pages;
    /** Puts a host back into every lane's ready set where it has work. */
    private final Consumer<String> markReadyAll;
    private final SplittableRandom random = new SplittableRandom();

    Leasing(CrawlFrontierSettings settings, int maxAttempts, Counters counters, HostQueues queues, PoliteClients polite,
            InFlight inflight, PageStream pages, Consumer<String> markReadyAll) {
        this.settings = settings;
        this.maxAttempts = maxAttempts;
        this.counters = counters;
        this.queues = queues;
        this.polite = polite;
        this.inflight = inflight;
        this.pages = pages;
        this.markReadyAll = markReadyAll;
    }

    int cap() {
        return Math.max(1, settings.maxPerHost());
    }

    /** Leases up to {@code max} URLs of a lane whose hosts politeness allows now. */
    List<Lease> lease(String crawlId, int lane, int max, long leaseMs, long now, Leaser leaser) {
        ScoredSet ready = queues.ready(lane);
        boolean nodeScope = polite.nodeScope();
        int pickTop = settings.rules().pickTop();
        int pickRandom = settings.rules().pickRandom();
        List<Lease> out = new ArrayList<>();
        for (String host : hostsToServe(lane, ready, max, now)) {
            if (out.size() >= max) {
                break;
            }
            String client = nodeScope ? PoliteClients.clientFor(leaser.node(), leaser.addresses(), host) : "-";
            String key = polite.key(client, host);
            int inFlight = polite.busy(key);
            long delay = polite.delay(host, settings.delayMs());
            long hostNext = polite.next(key);
            if (hostNext > now || nodeScope && inFlight >= cap()) {
                // not polite now; with scope node another client may be free sooner: the host is looked at again soon
                ready.put(host, nodeScope ? Math.min(Math.max(hostNext, now + 1), now + NODE_RESCAN) : hostNext);
                continue;
            }
            while (inFlight < cap() && out.size() < max) {
                boolean randomPick = pickRandom > 0 && (counters.pickSeq++) % (pickTop + pickRandom) >= pickTop;
                ScoredSet.Item e = queues.take(lane, host, randomPick, random);
                if (e == null) {
                    break;
                }
                String member = ++counters.leaseSeq + " " + lane + " " + format(e.score()) + " " + leaser.worker() + "|" + client + " "
                        + e.member();
                inflight.add(member, now + leaseMs, leaser.worker());
                inFlight++;
                out.add(Lease.parse(crawlId, member));
                if (delay > 0) {
                    break;
                }
            }
            polite.setBusy(key, inFlight);
            if (!queues.has(lane, host) || (inFlight >= cap() && !nodeScope)) {
                ready.remove(host);
            } else if (nodeScope && (inFlight >= cap() || delay > 0)) {
                ready.put(host, now + 1);   // another client may lease it at once; this one finds it not yet polite
            } else if (delay > 0) {
                ready.put(host, now + delay);
            }
            if (delay > 0) {
                polite.setNext(key, now + delay);
            }
        }
        counters.queued -= out.size();
        counters.queuedByLane[lane] -= out.size();
        return out;
    }

    /** The ready hosts a lease looks at, in the order it serves them (the strategy's host order). */
    private List<String> hostsToServe(int lane, ScoredSet ready, int max, long now) {
        HostOrder order = settings.rules().hostOrder();
        if (order == HostOrder.READY) {
            // with scope node some ready hosts may not be polite for this client yet: look a little further
            return ready.upTo(now, polite.nodeScope() ? max + 32 : max).stream().map(ScoredSet.Item::member).toList();
        }
        List<String> hosts = new ArrayList<>(ready.upTo(now, 256).stream().map(ScoredSet.Item::member).toList());
        if (order == HostOrder.LARGEST) {
            // largest site first: of the hosts ready now (at most 256 looked at), those with the most queued URLs
            hosts.sort((a, b) -> {
                int c = Integer.compare(queues.size(lane, b), queues.size(lane, a));
                return c != 0 ? c : a.compareTo(b);
            });
        } else {
            // scored strategies: the host holding the best URL first
            Map<String, ScoredSet.Item> best = new HashMap<>();
            for (String h : hosts) {
                ScoredSet q = queues.queue(lane, h);
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

    /** A score as Redis writes it in a lease member: integers without a fraction. */
    static String format(double score) {
        return score == Math.rint(score) && Math.abs(score) < 1e15 ? Long.toString((long) score) : Double.toString(score);
    }

    /** Returns expired leases, and those of workers silent for longer than {@code timeoutMs}, to their queues. */
    int reclaim(long now, int limit, long timeoutMs) {
        int n = 0;
        if (timeoutMs > 0) {
            List<String> theirs = inflight.ofWorkersSilentSince(now - timeoutMs);
            counters.reclaimedDead += theirs.size();
            n = requeue(theirs, now);
        }
        return n + requeue(inflight.expired(now, limit), now);
    }

    /**
     * Puts leases back in their queues: an expired lease counts as an attempt, and a URL whose leases expired
     * maxAttempts times gets a final page record (outcome abandoned) instead of another lease.
     */
    private int requeue(List<String> leases, long now) {
        for (String lm : leases) {
            Lease l = Lease.parse("", lm);
            FrontierEntry e = l.entry();
            String host = HostQueues.hostOf(e.url());
            int tries = e.attempts() + 1;
            inflight.remove(lm);
            polite.release(polite.key(l.client(), host));
            if (tries >= maxAttempts) {
                pages.append(PageRecord.builder(e.url(), 0, "abandoned", now, l.partition(), e.depth())
                        .error("its lease expired " + tries + " times: the URL hung or killed the workers that took it").build());
                counters.errors++;
                counters.abandoned++;
            } else {
                queueAgain(l, tries);
            }
            markReadyAll.accept(host);
        }
        counters.reclaimed += leases.size();
        return leases.size();
    }

    /** A leased URL back in its queue at its score, tried {@code attempts} times. */
    void queueAgain(Lease l, int attempts) {
        FrontierEntry e = l.entry();
        queues.put(l.partition(), HostQueues.hostOf(e.url()), new FrontierEntry(e.depth(), e.hops(), attempts, e.url(), e.tunnel()).member(),
                Double.parseDouble(l.score()));
        counters.queuedByLane[l.partition()]++;
        counters.queued++;
    }
}
