package io.trawler.crawl;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.config.TrawlerConfig;
import io.trawler.errors.ApiException;
import io.trawler.store.WarcRecordReader;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Deletes an ended crawl: its page records, link graph, frontier keys and (within a minute, by the search indexer's
 * sweep) its search index, and the WARC files that no kept crawl needs. A file is kept while another crawl has a record
 * in it (files written before each crawl had its own) or a revisit record that refers to one of its records; such a
 * revisit is given the record's place first, so that its content is still found once the record's crawl is gone.
 */
@ApplicationScoped
public class CrawlDeletion {

    private static final Logger LOG = Logger.getLogger(CrawlDeletion.class);
    private static final int BATCH = 5000;

    /** What a deletion removed and kept. */
    public record Result(String crawlId, long pages, int warcFilesDeleted, List<String> warcFilesKept) {
    }

    private final CrawlService crawls;
    private final WarcRecordReader warc;
    private final TrawlerConfig config;
    private final jakarta.enterprise.event.Event<CrawlDeleted> deletedEvent;

    public CrawlDeletion(CrawlService crawls, WarcRecordReader warc, TrawlerConfig config,
            jakarta.enterprise.event.Event<CrawlDeleted> deletedEvent) {
        this.crawls = crawls;
        this.warc = warc;
        this.config = config;
        this.deletedEvent = deletedEvent;
    }

    /** Deletes the crawl; 404 when there is none, 409 while it runs or its records are still being stored. */
    public Result delete(String crawlId) {
        Crawl crawl = QuarkusTransaction.requiringNew().call(() -> Crawl.<Crawl>findById(crawlId));
        if (crawl == null) {
            throw ApiException.notFound("crawl", crawlId);
        }
        if (crawl.isActive() || !crawl.drained) {
            throw ApiException.conflict("crawl " + crawlId + " is " + (crawl.isActive() ? crawl.state.toLowerCase(java.util.Locale.ROOT)
                    : "still storing its records") + ": stop it and let it end first");
        }
        Set<String> files = new HashSet<>();
        Set<String> kept = new HashSet<>();
        QuarkusTransaction.requiringNew().run(() -> {
            // revisits of kept crawls that refer to this crawl's records learn where their content is, before the records go
            Page.getEntityManager().createNativeQuery("UPDATE page SET content_file = (SELECT o.warc_file FROM page o WHERE o.crawl_id = ?1"
                    + " AND o.record_id = page.refers_to), content_offset = (SELECT o.warc_offset FROM page o WHERE o.crawl_id = ?1"
                    + " AND o.record_id = page.refers_to) WHERE crawl_id <> ?1 AND content_file IS NULL AND refers_to IN"
                    + " (SELECT record_id FROM page WHERE crawl_id = ?1 AND record_id IS NOT NULL)").setParameter(1, crawlId).executeUpdate();
            files.addAll(Page.getEntityManager().createQuery("select distinct p.warcFile from Page p where p.crawlId = ?1"
                    + " and p.warcFile is not null", String.class).setParameter(1, crawlId).getResultList());
            // files kept for this crawl's revisits when the crawls that wrote them were deleted: they may go now too
            files.addAll(Page.getEntityManager().createQuery("select distinct p.contentFile from Page p where p.crawlId = ?1"
                    + " and p.contentFile is not null", String.class).setParameter(1, crawlId).getResultList());
            if (!files.isEmpty()) {
                kept.addAll(Page.getEntityManager().createQuery("select distinct p.warcFile from Page p where p.crawlId <> ?1"
                        + " and p.warcFile in ?2", String.class).setParameter(1, crawlId).setParameter(2, files).getResultList());
                kept.addAll(Page.getEntityManager().createQuery("select distinct p.contentFile from Page p where p.crawlId <> ?1"
                        + " and p.contentFile in ?2", String.class).setParameter(1, crawlId).setParameter(2, files).getResultList());
            }
        });
        long pages = 0;
        while (true) {
            long n = QuarkusTransaction.requiringNew().call(() -> {
                List<Long> ids = Page.getEntityManager().createQuery("select p.id from Page p where p.crawlId = ?1", Long.class)
                        .setParameter(1, crawlId).setMaxResults(BATCH).getResultList();
                return ids.isEmpty() ? 0L : (long) Page.delete("id in ?1", ids);
            });
            pages += n;
            if (n == 0) {
                break;
            }
        }
        crawls.deleteFrontier(crawlId);
        crawls.forget(crawlId);   // the link graph's writer, PageRank state, caches
        QuarkusTransaction.requiringNew().run(() -> Crawl.deleteById(crawlId));
        deleteTree(config.dataDir().resolve("graphs").resolve(crawlId));
        Set<String> deleted = new HashSet<>();
        for (String f : files) {
            if (kept.contains(f)) {
                continue;
            }
            try {
                if (warc.delete(f)) {
                    deleted.add(f);
                }
            } catch (IOException e) {
                LOG.warnf("Crawl %s deleted; its WARC file %s could not be: %s", crawlId, f, e.getMessage());
            }
        }
        List<String> keptFiles = kept.stream().sorted().toList();
        deletedEvent.fire(new CrawlDeleted(crawlId, crawl.siteId, crawl.startedAt, crawl.finishedAt, Set.copyOf(deleted)));
        LOG.infof("Crawl %s deleted: %d page records, %d WARC files (%d kept for other crawls)", crawlId, pages, deleted.size(),
                keptFiles.size());
        return new Result(crawlId, pages, deleted.size(), keptFiles);
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.warnf("Could not delete %s: %s", dir, e.getMessage());
        }
    }
}
