package io.trawler.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.TrawlerConfig;
import io.trawler.crawl.CrawlSpec;
import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.FetchConfig;
import io.trawler.fetch.HttpFetcher;
import io.trawler.fetch.RobotsCache;
import io.trawler.frontier.CompletionResult;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.Lease;
import io.trawler.frontier.Leaser;
import io.trawler.frontier.Politeness;
import io.trawler.frontier.PolitenessConfig;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.parse.UrlNormalizer;
import io.trawler.redis.Await;
import io.trawler.refresh.PageHistory;
import io.trawler.revisit.PageHistories;
import io.trawler.store.WarcArchive;
import io.trawler.store.WarcArchiveConfig;
import io.trawler.store.WarcUploader;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * The worker loop: leases URLs of every running crawl from the frontier, up to the configured
 * concurrency, and hands each to a {@link PageProcessor}. Of a partitioned crawl it leases only the lanes given to
 * its node (or to any node). It keeps nothing that matters in memory: killing the process leaves in-flight URLs
 * leased, and they return to their queues once its heartbeat is missed for {@code trawler.worker.node-timeout};
 * stopping it drains: no more leases, pages in flight finished (for up to 30 s), the rest handed back at once.
 */
@ApplicationScoped
public class CrawlWorker {

    private static final Logger LOG = Logger.getLogger(CrawlWorker.class);

    private final TrawlerConfig trawler;
    private final WorkerConfig config;
    private final FetchConfig fetchConfig;
    private final PolitenessConfig politenessConfig;
    private final Frontier frontier;
    private final PageHistories histories;
    private final Vertx vertx;
    private final ObjectMapper json;
    private final Counter completed;
    private final Counter stale;
    private final Counter failed;
    private final Timer pageTime;
    private final Map<String, CrawlContext> crawls = new ConcurrentHashMap<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong processed = new AtomicLong();
    private final Object slots = new Object();
    /** Round-robin positions: the crawl, and per crawl the lane, that lease first in the next round. */
    private final Map<String, Integer> laneCursor = new ConcurrentHashMap<>();
    /** The node serving each lane of each partitioned crawl ({@code ""}: any), refreshed with the crawls. */
    private final Map<String, List<String>> laneNodes = new ConcurrentHashMap<>();
    private int crawlCursor;
    private Leaser leaser;

    private volatile boolean running;
    private Thread loop;
    private ExecutorService cpu;
    private HttpFetcher fetcher;
    private CrawlWarcFiles warc;
    private final WarcArchive archive;
    private final WarcArchiveConfig archiveConfig;
    /** Sends closed WARC files to a remote archive (null with the local one). */
    private volatile WarcUploader uploader;
    private PageProcessor processor;
    private Heartbeat heartbeat;
    private final WorkerRegistry registry;
    private final AddressPolicy addressPolicy;
    /** This node's spacing of fetches per (address, host) over the lanes it serves of one crawl. */
    private final ClientSpacing spacing = new ClientSpacing();

    public CrawlWorker(TrawlerConfig trawler, WorkerConfig config, FetchConfig fetchConfig, PolitenessConfig politenessConfig,
            Frontier frontier, PageHistories histories, Vertx vertx, ObjectMapper json, MeterRegistry metrics,
            WarcArchive archive, WarcArchiveConfig archiveConfig, WorkerRegistry registry,
            AddressPolicy addressPolicy) {
        this.histories = histories;
        this.registry = registry;
        this.addressPolicy = addressPolicy;
        this.archive = archive;
        this.archiveConfig = archiveConfig;
        this.trawler = trawler;
        this.config = config;
        this.fetchConfig = fetchConfig;
        this.politenessConfig = politenessConfig;
        this.frontier = frontier;
        this.vertx = vertx;
        this.json = json;
        this.completed = metrics.counter("trawler.worker.pages", "result", "completed");
        this.stale = metrics.counter("trawler.worker.pages", "result", "stale");
        this.failed = metrics.counter("trawler.worker.pages", "result", "failed");
        this.pageTime = Timer.builder("trawler.worker.page.duration").description("lease to completion of one URL")
                .register(metrics);
        metrics.gauge("trawler.worker.in.flight", inFlight);
    }

    void onStart(@Observes StartupEvent event) {
        if (trawler.role().runsWorker()) {
            start();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        int threads = config.processingThreads().orElse(Runtime.getRuntime().availableProcessors());
        AtomicInteger n = new AtomicInteger();
        cpu = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "trawler-process-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        fetcher = new HttpFetcher(vertx, fetchConfig, addressPolicy);
        RobotsCache robots = new RobotsCache(fetcher, fetchConfig);
        if (config.nodeTimeout().compareTo(config.heartbeatInterval().multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("trawler.worker.node-timeout (" + config.nodeTimeout()
                    + ") must be at least twice trawler.worker.heartbeat-interval (" + config.heartbeatInterval() + ")");
        }
        String node = nodeName();
        String worker = node + "-" + ProcessHandle.current().pid();
        leaser = new Leaser(worker, node, fetcher.sourceAddresses(), config.nodeTimeout().toMillis());
        java.nio.file.Path warcDir = trawler.dataDir().resolve("warc");
        // with a remote archive, files close by age too and each closed one is sent at once
        var sender = archive.remote() ? new WarcUploader(warcDir, archive, archiveConfig.retryInterval()) : null;
        uploader = sender;
        warc = new CrawlWarcFiles(new CrawlWarcFiles.Settings(warcDir, config.warcMaxFileBytes(),
                sender == null ? java.time.Duration.ZERO : config.warcMaxFileAge(), config.warcCompressionLevel(), worker,
                "Trawler/0.1 (jwarc)", config.warcOperator().orElse(""), fetchConfig.userAgent(), sender == null ? f -> { } : f -> sender.nudge()));
        processor = new PageProcessor(frontier, fetcher, robots, warc, Politeness.of(politenessConfig), fetchConfig, cpu,
                new SitemapLoader(frontier, fetcher, cpu, config.maxSitemapUrlsPerHost()), histories,
                new StoredOriginals(warcDir, new io.trawler.store.WarcRecordReader(warcDir, archive)));
        heartbeat = new Heartbeat(registry, frontier, worker, node,
                fetcher.sourceAddresses(), config.heartbeatInterval().toMillis());
        running = true;
        loop = new Thread(this::run, "trawler-worker");
        loop.setDaemon(true);
        loop.start();
        LOG.infof("Worker %s started on node %s: concurrency %d, %d processing threads, source addresses %s, WARC files in %s%s", worker,
                node, config.concurrency(), threads, fetcher.sourceAddresses().isEmpty() ? "(the system's)" : fetcher.sourceAddresses(),
                warc.dir(), archive.remote() ? " until they are sent to " + archive.describe() : "");
    }

    /**
     * Drains: stops leasing, waits up to 30 s for pages in flight, hands what is still leased back to the frontier (the
     * next lease of any worker requeues it), then closes the fetcher and WARC files.
     */
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        synchronized (slots) {
            slots.notifyAll();
        }
        try {
            loop.join(5000);
            long deadline = System.currentTimeMillis() + 30_000;
            while (inFlight.get() > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            // a renewal at time 0: this worker is gone, its leases still in flight go back now
            Await.result(frontier.renew(leaser.worker(), crawls.keySet(), 0));
        } catch (RuntimeException e) {
            LOG.warnf("Worker %s: could not hand its leases back (they return when its heartbeat is missed): %s", leaser.worker(), e);
        }
        fetcher.close();
        warc.close();
        if (uploader != null) {
            uploader.close(java.time.Duration.ofSeconds(30));   // the file just closed, and any a failed upload left
            uploader = null;
        }
        cpu.shutdown();
        crawls.clear();
        LOG.infof("Worker stopped after %d pages", processed.get());
    }

    /** What the WARC uploader has done, when closed files go to a remote archive. */
    public java.util.Optional<WarcUploader.Status> archiveStatus() {
        var u = uploader;
        return u == null ? java.util.Optional.empty() : java.util.Optional.of(u.status());
    }

    public long processed() {
        return processed.get();
    }

    private void run() {
        long nextRefresh = 0;
        long poll = Math.max(1, config.pollInterval().toMillis());
        while (running) {
            try {
                long now = System.currentTimeMillis();
                if (now >= nextRefresh) {
                    refreshCrawls();
                    warc.closeIfOlder();
                    nextRefresh = now + 500;
                }
                heartbeat.maybeSend(now, inFlight.get(), config.concurrency(), processed.get(), crawls.keySet());
                int leased = leaseRound(now);
                if (leased == 0 || inFlight.get() >= config.concurrency()) {
                    synchronized (slots) {
                        slots.wait(poll);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                LOG.warnf("Worker loop: %s", e.toString());
                sleepQuietly(1000);
            }
        }
    }

    /**
     * One round over every (crawl, lane), round-robin with a rotating start: the crawl and the lane after the last
     * one that got URLs go first next time, and each asks for at most its share of the free slots, so every lane
     * and every crawl sharing this worker progresses even when they contend for one host.
     */
    private int leaseRound(long now) {
        List<CrawlContext> order = new java.util.ArrayList<>(crawls.values());
        order.sort(java.util.Comparator.comparing(CrawlContext::id));
        int n = order.size();
        if (n == 0) {
            return 0;
        }
        Map<String, List<Integer>> mine = new java.util.HashMap<>();
        int slotsLeft = 0;
        for (CrawlContext c : order) {
            List<Integer> lanes = mine(c);
            mine.put(c.id(), lanes);
            slotsLeft += lanes.size();
        }
        int leased = 0;
        int first = Math.floorMod(crawlCursor, n);
        for (int i = 0; i < n && running; i++) {
            CrawlContext ctx = order.get((first + i) % n);
            List<Integer> lanes = mine.get(ctx.id());
            int laneStart = Math.floorMod(laneCursor.getOrDefault(ctx.id(), 0), Math.max(1, lanes.size()));
            for (int j = 0; j < lanes.size() && running; j++, slotsLeft--) {
                int free = config.concurrency() - inFlight.get();
                if (free <= 0) {
                    return leased;
                }
                int p = lanes.get((laneStart + j) % lanes.size());
                int share = Math.max(1, (free + slotsLeft - 1) / Math.max(1, slotsLeft));
                List<Lease> leases = await(frontier.lease(ctx.id(), p, share, config.leaseDuration().toMillis(), now, leaser, lanes.size()));
                if (!leases.isEmpty()) {
                    laneCursor.put(ctx.id(), (laneStart + j) + 1);
                    crawlCursor = first + i + 1;
                }
                leased += leases.size();
                if (!leases.isEmpty()) {
                    // the pages' histories for the whole batch in one round trip (none for a site never crawled)
                    Future<List<PageHistory>> known = histories.historiesOf(ctx.spec().siteId(), leases.stream().map(Lease::url).toList());
                    for (int k = 0; k < leases.size(); k++) {
                        int at = k;
                        dispatch(ctx, leases.get(k), lanes.size(), known.map(h -> h.get(at)));
                    }
                }
            }
        }
        return leased;
    }

    /** The lanes of the crawl this worker's node serves: those given to it or to any node. */
    private List<Integer> mine(CrawlContext ctx) {
        List<String> nodes = laneNodes.getOrDefault(ctx.id(), List.of());
        List<Integer> lanes = new java.util.ArrayList<>(ctx.spec().partitions());
        for (int lane = 0; lane < ctx.spec().partitions(); lane++) {
            String node = lane < nodes.size() ? nodes.get(lane) : "";
            if (node.isEmpty() || node.equals(leaser.node())) {
                lanes.add(lane);
            }
        }
        return lanes;
    }

    /**
     * Fetches and processes a leased URL; when this node serves several lanes of a crawl whose shards each keep the
     * node's politeness, only once the node's last fetch of the host from that address is a delay old
     * ({@link ClientSpacing}).
     */
    private void dispatch(CrawlContext ctx, Lease lease, int nodeLanes, Future<PageHistory> history) {
        inFlight.incrementAndGet();
        long wait = nodeLanes > 1 && ctx.shardedNodePoliteness()
                ? spacing.reserve(lease.client(), UrlNormalizer.hostOf(lease.url()), ctx.spec().delayMs(), System.currentTimeMillis())
                : 0;
        if (wait > 0) {
            vertx.setTimer(wait, t -> fetch(ctx, lease, history));
        } else {
            fetch(ctx, lease, history);
        }
    }

    private void fetch(CrawlContext ctx, Lease lease, Future<PageHistory> history) {
        long started = System.nanoTime();
        Future<CompletionResult> f;
        try {
            f = processor.process(ctx, lease, history);
        } catch (RuntimeException e) {
            f = Future.failedFuture(e);
        }
        f.onComplete(ar -> {
            pageTime.record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
            if (ar.succeeded()) {
                (ar.result().stale() ? stale : completed).increment();
            } else {
                failed.increment();
                LOG.warnf("Crawl %s: %s not completed (its lease will expire and it will be retried): %s", ctx.id(), lease.url(),
                        ar.cause().toString());
            }
            processed.incrementAndGet();
            inFlight.decrementAndGet();
            synchronized (slots) {
                slots.notifyAll();
            }
        });
    }

    private void refreshCrawls() throws Exception {
        Set<String> active = new HashSet<>(await(frontier.activeCrawls()));
        for (String ended : new HashSet<>(crawls.keySet())) {
            if (!active.contains(ended)) {
                frontier.forget(ended);
                // no stream outlives its crawl: what is still in flight after the grace is cut off (and recorded as such)
                HttpFetcher f = fetcher;
                CrawlWarcFiles files = warc;
                vertx.setTimer(Math.max(1, config.stopGrace().toMillis()), t -> {
                    int cut = f.abortGroup(ended);
                    if (cut > 0) {
                        LOG.infof("Crawl %s ended: %d fetches still in flight after the grace cut off", ended, cut);
                    }
                    vertx.executeBlocking(() -> {
                        files.end(ended);   // its WARC file is complete: closed (and sent, with a remote archive)
                        return null;
                    }, false);
                });
            }
        }
        crawls.keySet().retainAll(active);
        laneCursor.keySet().retainAll(active);
        laneNodes.keySet().retainAll(active);
        for (String id : active) {
            if (!crawls.containsKey(id)) {
                Frontier.Registration r = await(frontier.registration(id));
                if (r == null) {
                    continue;   // deleted meanwhile
                }
                crawls.put(id, CrawlContext.of(json.readValue(r.specJson(), CrawlSpec.class)));
            }
        }
        for (CrawlContext c : crawls.values()) {
            if (c.spec().placedOnNodes()) {
                laneNodes.put(c.id(), await(frontier.laneNodes(c.id(), c.spec().partitions())));
            }
        }
    }

    private static <T> T await(Future<T> f) {
        return Await.result(f);
    }

    private String nodeName() {
        return config.node().map(String::trim).filter(n -> !n.isEmpty()).orElseGet(() -> {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (Exception e) {
                return "worker";
            }
        });
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
