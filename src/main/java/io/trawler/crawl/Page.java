package io.trawler.crawl;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.trawler.frontier.LinkDecisions;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.time.Instant;
import java.util.List;
import org.hibernate.jpa.HibernateHints;

/** The record of one fetch (or of a URL denied or failed), read back through the pages endpoint. */
@Entity
public class Page extends PanacheEntityBase {

    @Id
    public Long id;
    @Column(name = "crawl_id")
    public String crawlId;
    public String url;
    public int status;
    public String outcome;
    @Column(name = "fetched_at")
    public Instant fetchedAt;
    @Column(name = "partition_index")
    public int partition;
    public int depth;
    @Column(name = "content_type")
    public String contentType;
    public String digest;
    @Column(name = "warc_file")
    public String warcFile;
    @Column(name = "warc_offset")
    public Long warcOffset;
    public Long bytes;
    public boolean truncated;
    @Column(name = "fetch_ms")
    public Integer fetchMs;
    public String redirect;
    public String error;
    /** Topic similarity sim(q, p) in a focused crawl, else null. */
    public Double relevance;
    /** Whether the page reached the focused crawl's threshold θ, else null. */
    public Boolean relevant;
    /** Scope decisions about the page's distinct links ({@link LinkDecisions}); null when the record has none. */
    @Column(name = "links_in")
    public Integer linksIn;
    @Column(name = "links_host")
    public Integer linksHost;
    @Column(name = "links_pattern")
    public Integer linksPattern;
    @Column(name = "links_deep")
    public Integer linksDeep;
    @Column(name = "links_followed")
    public Boolean linksFollowed;
    /** The URL's first 255 characters, indexed with the crawl: how a record is found by its URL (written by the ingester). */
    /** The bytes the record's exchange takes in its WARC file (null for records stored before this was kept). */
    @Column(name = "warc_bytes")
    public Long warcBytes;
    /**
     * Where the conversion record with the page's extracted text (title and main text) starts in {@link #warcFile} (null:
     * none was written, as for records stored before it was, revisits and pages that are not HTML).
     */
    @Column(name = "text_offset")
    public Long textOffset;
    /** The stored record's WARC-Record-ID (null for records stored before revisits existed). */
    @Column(name = "record_id")
    public String recordId;
    /** Null for a response record; the profile of a revisit record, whose content is the record it refers to. */
    public String revisit;
    /** The WARC-Record-ID a revisit record refers to (null when not known). */
    @Column(name = "refers_to")
    public String refersTo;
    /**
     * Where a revisit's content is once the crawl holding the record it refers to was deleted (its WARC file is kept
     * while a revisit refers to it); null otherwise.
     */
    @Column(name = "content_file")
    public String contentFile;
    @Column(name = "content_offset")
    public Long contentOffset;
    @Column(name = "url_key", insertable = false, updatable = false)
    public String urlKey;

    /** The record's scope decisions, or null. */
    public LinkDecisions linkDecisions() {
        return linksIn == null ? null : new LinkDecisions(linksIn, linksHost, linksPattern, linksDeep, Boolean.TRUE.equals(linksFollowed));
    }

    static String keyOf(String url) {
        return url.length() > 255 ? url.substring(0, 255) : url;
    }

    /**
     * The latest record of each of the URLs in the crawl (by the index on crawl and URL key), by URL; URLs without a
     * record are absent.
     */
    public static java.util.Map<String, Long> latestIds(String crawlId, java.util.Collection<String> urls) {
        java.util.Map<String, Long> out = new java.util.HashMap<>();
        List<String> keys = urls.stream().map(Page::keyOf).distinct().toList();
        java.util.Set<String> wanted = new java.util.HashSet<>(urls);
        for (int i = 0; i < keys.size(); i += 500) {
            List<Object[]> rows = getEntityManager().createQuery("select p.url, max(p.id) from Page p where p.crawlId = ?1"
                    + " and p.urlKey in ?2 group by p.url", Object[].class)
                    .setParameter(1, crawlId).setParameter(2, keys.subList(i, Math.min(keys.size(), i + 500))).getResultList();
            for (Object[] r : rows) {
                if (wanted.contains((String) r[0])) {
                    out.put((String) r[0], (Long) r[1]);
                }
            }
        }
        return out;
    }

    /**
     * The crawl's records after an id, in id order. Written so that H2 reads only the rows it returns from the index
     * {@code page_crawl_idx} (crawl_id, id): a condition on id as well as on crawl_id (on crawl_id alone H2 takes the
     * foreign key's index), and ordered by crawl and id, the index's columns (ordered by id alone it reads and sorts
     * the whole crawl: 50 ms and more at 100,000 records). PostgreSQL reads the index either way. Read-only: the
     * records are not kept for dirty checking (a reader of a whole crawl never changes them).
     */
    public static List<Page> after(String crawlId, long after, int limit) {
        return find("crawlId = ?1 and id > ?2 order by crawlId, id", crawlId, after).withHint(HibernateHints.HINT_READ_ONLY, true)
                .page(0, limit).list();
    }

    /** As {@link #after}, the records stored in full only (revisit records left out). */
    public static List<Page> responsesAfter(String crawlId, long after, int limit) {
        return find("crawlId = ?1 and id > ?2 and revisit is null order by crawlId, id", crawlId, after)
                .withHint(HibernateHints.HINT_READ_ONLY, true).page(0, limit).list();
    }
}
