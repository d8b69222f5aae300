package io.trawler.revisit;

import io.trawler.crawl.CrawlDeleted;
import io.trawler.refresh.PageHistory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.HashMap;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Keeps the pages' histories from pointing into deleted WARC files: when a crawl is deleted, every history whose stored
 * content was in one of the files that went with it forgets that content, so the page's next fetch is stored in full
 * (rather than as a revisit of a record that no longer exists) and is not asked for conditionally with nothing to expand
 * a 304 from. Histories written before the content's file was kept are matched by the content's date: a site's crawls
 * never overlap, so content captured while the deleted crawl ran was its own.
 */
@ApplicationScoped
public class DeletedContent {

    private static final Logger LOG = Logger.getLogger(DeletedContent.class);
    private static final int BATCH = 1000;

    private final RefreshStore store;

    public DeletedContent(RefreshStore store) {
        this.store = store;
    }

    void onDeleted(@Observes CrawlDeleted e) {
        if (e.siteId() == null) {
            return;
        }
        long from = e.startedAt() == null ? Long.MAX_VALUE : e.startedAt().toEpochMilli();
        long to = e.finishedAt() == null ? Long.MIN_VALUE : e.finishedAt().toEpochMilli();
        Map<String, PageHistory> changed = new HashMap<>();
        long[] forgotten = {0};
        store.forEach(e.siteId(), (url, h) -> {
            PageHistory.Content c = h.content();
            if (c != null && (c.file() != null ? e.deletedFiles().contains(c.file()) : c.capturedAt() >= from && c.capturedAt() <= to)) {
                h.forgetContent();
                changed.put(url, h);
                if (changed.size() == BATCH) {
                    forgotten[0] += save(e.siteId(), changed);
                }
            }
        });
        forgotten[0] += save(e.siteId(), changed);
        if (forgotten[0] > 0) {
            LOG.infof("Crawl %s deleted: %d pages of site %s will be stored in full at their next fetch", e.crawlId(), forgotten[0], e.siteId());
        }
    }

    private int save(String siteId, Map<String, PageHistory> changed) {
        int n = changed.size();
        store.save(siteId, 0, changed, Map.of());
        changed.clear();
        return n;
    }
}
