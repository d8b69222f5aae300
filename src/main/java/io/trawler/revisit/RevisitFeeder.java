package io.trawler.revisit;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.TrawlerConfig;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.CrawlSpec;
import io.trawler.crawl.CrawlState;
import io.trawler.frontier.Frontier;
import io.trawler.partition.LaneRouting;
import io.trawler.redis.Await;
import io.trawler.redis.StoreUnavailableException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Moves each site's due pages into its continuous crawl (manager role): every feed interval, up to a batch of
 * pages due by now, earliest first, are queued in the crawl as revisits (ahead of new URLs, behind recrawl
 * requests, each host's politeness unchanged) and held in the due set until their fetch is recorded, which
 * schedules them anew. A site without a running continuous crawl keeps its due pages until it has one.
 */
@ApplicationScoped
public class RevisitFeeder {

    private static final Logger LOG = Logger.getLogger(RevisitFeeder.class);

    private final TrawlerConfig trawler;
    private final RefreshConfig config;
    private final RefreshStore store;
    private final Frontier frontier;
    private final CrawlService crawls;
    private final Map<String, CrawlSpec> specs = new java.util.concurrent.ConcurrentHashMap<>();
    private ScheduledExecutorService timer;

    public RevisitFeeder(TrawlerConfig trawler, RefreshConfig config, RefreshStore store, Frontier frontier, CrawlService crawls) {
        this.trawler = trawler;
        this.config = config;
        this.store = store;
        this.frontier = frontier;
        this.crawls = crawls;
    }

    void onStart(@Observes StartupEvent event) {
        if (!trawler.role().runsManager()) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "trawler-revisits");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(10, config.feedInterval().toMillis());
        timer.scheduleWithFixedDelay(this::feedAll, every, every, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    void feedAll() {
        try {
            List<Crawl> active = QuarkusTransaction.requiringNew().call(Crawl::active);
            specs.keySet().retainAll(active.stream().map(c -> c.id).toList());
            for (Crawl crawl : active) {
                // each crawl on its own: one that fails is logged and retried next time, the others go on
                try {
                    CrawlSpec spec = specs.computeIfAbsent(crawl.id, id -> crawls.spec(crawl));   // parsed once per crawl
                    if (spec.continuous() && CrawlState.RUNNING.name().equals(crawl.state)) {
                        feed(crawl.id, spec, System.currentTimeMillis());
                    }
                } catch (StoreUnavailableException e) {
                    LOG.warnf("Revisit feeder, crawl %s: %s", crawl.id, e.getMessage());
                } catch (Exception e) {
                    LOG.errorf(e, "Revisit feeder, crawl %s", crawl.id);
                }
            }
        } catch (StoreUnavailableException e) {
            LOG.warnf("Revisit feeder: %s", e.getMessage());
        } catch (Exception e) {
            LOG.errorf(e, "Revisit feeder");
        }
    }

    /** Queues the site's pages due by {@code now} in the crawl; returns how many it took. */
    public int feed(String crawlId, CrawlSpec spec, long now) {
        List<String> due = store.takeDue(spec.siteId(), now, config.feedBatch(), config.hold().toMillis());
        if (due.isEmpty()) {
            return 0;
        }
        Await.result(frontier.revisit(crawlId, -1, lanes(spec, due), now));
        return due.size();
    }

    /** Each URL's lane in the crawl: the lane that owns its key path, else the first. */
    static Map<String, Integer> lanes(CrawlSpec spec, List<String> urls) {
        LaneRouting routing = spec.routing();
        Map<String, Integer> lanes = new LinkedHashMap<>();
        urls.forEach(url -> lanes.put(url, routing.owner(url)));
        return lanes;
    }
}
