package io.trawler.crawl;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.TrawlerConfig;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierConfig;
import io.trawler.frontier.FrontierCounts;
import io.trawler.frontier.FrontierState;
import io.trawler.order.PageRankOrder;
import io.trawler.redis.StoreUnavailableException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The manager's heartbeat: for every active crawl it ingests page records and, once the frontier reports the
 * crawl FINISHED, drains the rest and stores the final state and counts. A stopped crawl is ingested on until
 * nothing is in flight (late completions included) and its stream is empty; only then is its state freed. Each
 * crawl is handled on its own: one that fails is logged with its stack trace and retried next tick, and never
 * holds up the others. After a restart it picks up where the database and Redis left off.
 */
@ApplicationScoped
public class CrawlMonitor {

    private static final Logger LOG = Logger.getLogger(CrawlMonitor.class);
    private static final long TICK_MS = 250;

    private final TrawlerConfig config;
    private final Frontier frontier;
    private final Instance<PageIngestor> ingestors;
    private final PageRankRefresher ranks;
    private final CrawlService crawls;
    private final LanePlacement lanes;
    private long nextPlacement;
    private PageIngestor ingestor;
    private ScheduledExecutorService timer;
    private volatile long unavailableLoggedAt;
    private final IngestPacing pacing;
    /** When each crawl's limits are next balanced between its shards (System.nanoTime), once a second. */
    private final java.util.Map<String, Long> nextBalance = new java.util.concurrent.ConcurrentHashMap<>();

    /** The ingestor (and its datasource) is only looked up in roles that have a database. */
    public CrawlMonitor(TrawlerConfig config, Frontier frontier, Instance<PageIngestor> ingestors, PageRankRefresher ranks,
            CrawlService crawls, LanePlacement lanes, FrontierConfig frontierConfig) {
        this.pacing = new IngestPacing(PageIngestor.BATCH, frontierConfig.maxUnreadRecords());
        this.lanes = lanes;
        this.ranks = ranks;
        this.crawls = crawls;
        this.config = config;
        this.frontier = frontier;
        this.ingestors = ingestors;
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.role().runsManager()) {
            return;
        }
        ingestor = ingestors.get();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "trawler-monitor");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    void tick() {
        List<Crawl> monitored;
        try {
            monitored = QuarkusTransaction.requiringNew().call(Crawl::monitored);
        } catch (Exception e) {
            LOG.errorf(e, "Crawl monitor: cannot list crawls");
            return;
        }
        placeLanes(monitored);
        for (Crawl crawl : monitored) {
            try {
                if (crawl.isActive()) {
                    if ("pagerank".equals(crawl.strategy)) {
                        ranks.track(crawl.id, () -> pageRankInterval(crawl));
                    }
                    check(crawl.id);
                } else {
                    drainEnded(crawl.id);
                }
            } catch (StoreUnavailableException e) {
                long now = System.currentTimeMillis();
                if (now - unavailableLoggedAt > 10_000) {
                    unavailableLoggedAt = now;
                    LOG.warnf("Crawl monitor: %s (crawls wait until Redis is back)", e.getMessage());
                }
                return;
            } catch (Exception e) {
                if (Thread.currentThread().isInterrupted() || interrupted(e)) {
                    return;   // shutting down
                }
                LOG.errorf(e, "Crawl monitor: crawl %s failed this tick (the other crawls go on)", crawl.id);
            }
        }
    }

    /** Once a second: lanes of silent nodes move to live ones. */
    private void placeLanes(List<Crawl> monitored) {
        long now = System.currentTimeMillis();
        if (now < nextPlacement) {
            return;
        }
        nextPlacement = now + 1000;
        try {
            lanes.rebalance(monitored.stream().filter(Crawl::isActive).toList(), crawls::spec);
        } catch (Exception e) {
            LOG.warnf("Crawl monitor: lanes not placed this second: %s", e.toString());
        }
    }

    private static boolean interrupted(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof InterruptedException) {
                return true;
            }
        }
        return false;
    }

    /** K of a pagerank crawl, as its spec fixed it when it started. */
    private int pageRankInterval(Crawl crawl) {
        return ((PageRankOrder) crawls.spec(crawl).order()).recomputeEvery();
    }

    /** Ingests what the crawl's workers reported and records its end when the frontier says it finished. */
    public void check(String crawlId) throws Exception {
        long nanos = System.nanoTime();
        if (pacing.due(crawlId, nanos)) {   // a fast crawl's records are gathered into fewer commits
            pacing.ingested(crawlId, ingestor.ingestBatch(crawlId), nanos);
        }
        ranks.maybeRecompute(crawlId);
        if (balanceDue(crawlId, nanos)) {   // a sharded crawl's limits stay the crawl's: allowance moves between its shards
            CrawlService.await(frontier.balanceLimits(crawlId, System.currentTimeMillis()));
        }
        FrontierCounts now = CrawlService.await(frontier.counts(crawlId));
        if (now.state().active() && now.inFlight() == 0 && CrawlService.await(frontier.settle(crawlId)) == FrontierState.FINISHED) {
            // a sharded crawl whose last change could not settle it (a lease's reclaim drained it, a side load expired,
            // or the completing worker's settle failed); a lane that spent its budget share is drained with URLs queued
            now = CrawlService.await(frontier.counts(crawlId));
        }
        FrontierCounts counts = now;
        if (counts.state() != FrontierState.FINISHED) {
            return;
        }
        try {
            ingestor.drain(crawlId);
        } finally {
            ranks.forget(crawlId);
        }
        QuarkusTransaction.requiringNew().run(() -> {
            Crawl crawl = Crawl.findById(crawlId);
            if (crawl != null && crawl.isActive()) {
                crawl.state = CrawlState.FINISHED.name();
                crawl.finishedAt = counts.finishedAt() > 0 ? Instant.ofEpochMilli(counts.finishedAt()) : Instant.now();
                CrawlService.snapshot(crawl, counts);
                // a finished crawl queues nothing: what a spent budget or a focused order left in the frontier is never fetched
                crawl.queued = 0;
                crawl.drained = true;
            }
        });
        ingestor.forget(crawlId);
        pacing.forget(crawlId);
        nextBalance.remove(crawlId);
        CrawlService.await(frontier.deactivate(crawlId));
        LOG.infof("Crawl %s finished: %d fetched, %d errors, %d denied by robots.txt", crawlId, counts.fetched(), counts.errors(),
                counts.robotsDenied());
    }

    private boolean balanceDue(String crawlId, long nanos) {
        Long next = nextBalance.get(crawlId);
        if (next != null && nanos - next < 0) {
            return false;
        }
        nextBalance.put(crawlId, nanos + 1_000_000_000L);
        return true;
    }

    /**
     * A stopped (or failed) crawl: ingests what arrived; once no lease is live and the stream is empty, stores the
     * final counts and frees the crawl's state (graph files, PageRank, caches).
     */
    void drainEnded(String crawlId) throws Exception {
        ranks.forget(crawlId);
        ingestor.drain(crawlId);
        long now = System.currentTimeMillis();
        if (CrawlService.await(frontier.liveLeases(crawlId, now)) > 0 || CrawlService.await(frontier.unread(crawlId)) > 0) {
            return;
        }
        ingestor.drain(crawlId);
        FrontierCounts counts = CrawlService.await(frontier.counts(crawlId));
        QuarkusTransaction.requiringNew().run(() -> {
            Crawl crawl = Crawl.findById(crawlId);
            if (crawl != null) {
                if (counts.fetched() >= crawl.fetched) {
                    CrawlService.snapshot(crawl, counts);
                }
                crawl.drained = true;
            }
        });
        ingestor.forget(crawlId);
        pacing.forget(crawlId);
        nextBalance.remove(crawlId);
        LOG.infof("Crawl %s: every record after its stop is stored (%d fetched)", crawlId, counts.fetched());
    }
}
