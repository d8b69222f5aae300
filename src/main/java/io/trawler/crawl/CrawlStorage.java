package io.trawler.crawl;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What crawls store: their records, how many were stored in full and as revisits, and the WARC bytes and files. */
@ApplicationScoped
public class CrawlStorage {

    /**
     * @param records   page records
     * @param stored    records with a stored WARC record (response or revisit)
     * @param revisits  revisit records among them (the page was unchanged: its content is an earlier record's)
     * @param warcBytes bytes of the crawl's records in WARC files (records stored before this was kept count 0)
     * @param warcFiles WARC files holding them
     */
    public record Storage(long records, long stored, long revisits, long warcBytes, long warcFiles) {

        static final Storage NONE = new Storage(0, 0, 0, 0, 0);

        Storage plus(Storage o) {
            return new Storage(records + o.records, stored + o.stored, revisits + o.revisits, warcBytes + o.warcBytes, warcFiles + o.warcFiles);
        }
    }

    /** One crawl of a site and what it stores. */
    public record CrawlStored(String crawlId, @Schema(nullable = true) Instant startedAt, String state, Storage storage) {
    }

    /** A site's storage: each crawl's, newest first, and their sum. */
    public record SiteStorage(List<CrawlStored> crawls, Storage total) {

        /** One crawl's (nothing for a crawl not listed). */
        public Storage of(String crawlId) {
            return crawls.stream().filter(c -> c.crawlId().equals(crawlId)).map(CrawlStored::storage).findFirst().orElse(Storage.NONE);
        }
    }

    private static final String SUMS = "select p.crawlId, count(p), count(p.warcFile), count(p.revisit), coalesce(sum(p.warcBytes), 0),"
            + " count(distinct p.warcFile) from Page p where p.crawlId in ?1 group by p.crawlId";

    /** One crawl's storage (nothing for a crawl without records). */
    @Transactional
    public Storage of(String crawlId) {
        return sums(List.of(crawlId)).getOrDefault(crawlId, Storage.NONE);
    }

    /** Each crawl of the site (newest first) and the sum. */
    @Transactional
    public SiteStorage ofSite(String siteId) {
        List<Crawl> crawls = Crawl.ofSite(siteId);
        Map<String, Storage> sums = crawls.isEmpty() ? Map.of() : sums(crawls.stream().map(c -> c.id).toList());
        List<CrawlStored> out = new ArrayList<>(crawls.size());
        Storage total = Storage.NONE;
        for (Crawl c : crawls) {
            Storage s = sums.getOrDefault(c.id, Storage.NONE);
            out.add(new CrawlStored(c.id, c.startedAt, c.state, s));
            total = total.plus(s);
        }
        return new SiteStorage(out, total);
    }

    private static Map<String, Storage> sums(List<String> crawlIds) {
        Map<String, Storage> out = new HashMap<>();
        List<Object[]> rows = Page.getEntityManager().createQuery(SUMS, Object[].class).setParameter(1, crawlIds).getResultList();
        for (Object[] r : rows) {
            out.put((String) r[0], new Storage(((Number) r[1]).longValue(), ((Number) r[2]).longValue(), ((Number) r[3]).longValue(),
                    ((Number) r[4]).longValue(), ((Number) r[5]).longValue()));
        }
        return out;
    }
}
