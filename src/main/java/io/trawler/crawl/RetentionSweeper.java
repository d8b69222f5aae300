package io.trawler.crawl;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.Background;
import io.trawler.config.TrawlerConfig;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import org.jboss.logging.Logger;

/**
 * Applies each site's retention on its own: of the site's ended crawls (stored completely), the newest is always kept,
 * and the others go once they are beyond the newest {@code keepCrawls} or ended more than {@code keepDays} days ago
 * ({@link CrawlDeletion}: records, link graph, search index, and the WARC files no kept crawl needs).
 */
@ApplicationScoped
public class RetentionSweeper {

    private static final Logger LOG = Logger.getLogger(RetentionSweeper.class);

    private final CrawlDeletion deletion;
    private final RetentionConfig config;
    private final TrawlerConfig trawler;
    private ScheduledExecutorService thread;

    public RetentionSweeper(CrawlDeletion deletion, RetentionConfig config, TrawlerConfig trawler) {
        this.deletion = deletion;
        this.config = config;
        this.trawler = trawler;
    }

    void onStart(@Observes StartupEvent event) {
        if (trawler.role().runsManager()) {
            thread = Background.every("trawler-retention", Thread.MIN_PRIORITY, config.checkInterval(), this::sweepQuietly);
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        if (thread != null) {
            thread.shutdownNow();
        }
    }

    private void sweepQuietly() {
        try {
            sweep(Instant.now());
        } catch (RuntimeException e) {
            LOG.warnf("Retention: this pass failed (the next one tries again): %s", e.toString());
        }
    }

    /** One pass over the sites with a retention setting; returns the crawls deleted. */
    public List<String> sweep(Instant now) {
        List<Site> sites = QuarkusTransaction.requiringNew().call(() -> Site.<Site>list("keepCrawls is not null or keepDays is not null"));
        List<String> deleted = new ArrayList<>();
        for (Site site : sites) {
            for (String id : expired(site, now)) {
                try {
                    deletion.delete(id);
                    deleted.add(id);
                    LOG.infof("Retention of site %s: crawl %s deleted", site.id, id);
                } catch (RuntimeException e) {
                    LOG.warnf("Retention of site %s: crawl %s not deleted now: %s", site.id, id, e.toString());
                }
            }
        }
        return deleted;
    }

    /** The site's ended crawls its retention does not keep. */
    private static List<String> expired(Site site, Instant now) {
        List<Crawl> ended = QuarkusTransaction.requiringNew().call(() -> Crawl.<Crawl>list(
                "siteId = ?1 and state not in ?2 and drained = true", site.id, List.of("RUNNING", "PAUSED")));
        ended.sort(Comparator.comparing((Crawl c) -> c.finishedAt != null ? c.finishedAt : c.startedAt,
                Comparator.nullsFirst(Comparator.naturalOrder())).reversed());
        Instant cutoff = site.keepDays == null ? null : now.minus(Duration.ofDays(site.keepDays));
        List<String> out = new ArrayList<>();
        for (int i = 1; i < ended.size(); i++) {   // the newest ended crawl is always kept
            Crawl c = ended.get(i);
            Instant endedAt = c.finishedAt != null ? c.finishedAt : c.startedAt;
            boolean beyondCount = site.keepCrawls != null && i >= site.keepCrawls;
            boolean tooOld = cutoff != null && endedAt != null && endedAt.isBefore(cutoff);
            if (beyondCount || tooOld) {
                out.add(c.id);
            }
        }
        return out;
    }
}
