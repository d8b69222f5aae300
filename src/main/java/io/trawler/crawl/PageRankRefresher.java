package io.trawler.crawl;

import io.trawler.frontier.Frontier;
import io.trawler.order.PartialPageRank;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The manager's half of the pagerank strategy: it keeps each pagerank crawl's graph of fetched pages (fed by
 * the page ingestion), recomputes {@link PartialPageRank} after every K newly fetched pages, and re-scores
 * the URLs still queued with their new ranks, a thousand per frontier call. Workers keep scoring new links
 * with temporary scores in between. After a manager restart a crawl's graph starts again from the pages
 * ingested since.
 */
@ApplicationScoped
public class PageRankRefresher {

    private static final Logger LOG = Logger.getLogger(PageRankRefresher.class);
    static final int BATCH = 1000;

    private final Frontier frontier;
    private final Map<String, Tracked> crawls = new ConcurrentHashMap<>();

    private static final class Tracked {
        final PartialPageRank rank = new PartialPageRank();
        final int every;
        int sinceRecompute;

        Tracked(int every) {
            this.every = every;
        }
    }

    public PageRankRefresher(Frontier frontier) {
        this.frontier = frontier;
    }

    /** Starts keeping the graph of a pagerank crawl (no effect when already kept); K is read only then. */
    public void track(String crawlId, java.util.function.IntSupplier recomputeEvery) {
        crawls.computeIfAbsent(crawlId, id -> new Tracked(recomputeEvery.getAsInt()));
    }

    void onForgotten(@Observes CrawlForgotten e) {
        forget(e.crawlId());
    }

    public void forget(String crawlId) {
        crawls.remove(crawlId);
    }

    /** A fetched page of a crawl and its links (ignored unless the crawl is tracked). */
    public void fetched(String crawlId, String url, List<String> links) {
        Tracked t = crawls.get(crawlId);
        if (t != null) {
            t.rank.fetched(url, links);
            t.sinceRecompute++;
        }
    }

    /** Recomputes and re-scores when K pages arrived since the last time; returns the queued URLs re-scored. */
    public int maybeRecompute(String crawlId) {
        Tracked t = crawls.get(crawlId);
        if (t == null || t.sinceRecompute < t.every) {
            return 0;
        }
        t.sinceRecompute = 0;
        long start = System.nanoTime();
        int iterations = t.rank.recompute(1e-6, 100);
        long computed = System.nanoTime();
        int[] moved = {0};
        Map<String, Double> batch = new HashMap<>();
        t.rank.forEachFrontierRank((url, r) -> {
            batch.put(url, r);
            if (batch.size() >= BATCH) {
                moved[0] += CrawlService.await(frontier.rescore(crawlId, batch));
                batch.clear();
            }
        });
        if (!batch.isEmpty()) {
            moved[0] += CrawlService.await(frontier.rescore(crawlId, batch));
        }
        LOG.debugf("Crawl %s: partial PageRank over %d URLs in %d iterations, %.1f ms; %d queued URLs re-scored in %.1f ms", crawlId,
                t.rank.size(), iterations, (computed - start) / 1e6, moved[0], (System.nanoTime() - computed) / 1e6);
        return moved[0];
    }
}
