package io.trawler.crawl;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.time.Instant;
import java.util.List;

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

    /**
     * The crawl's records after an id, in id order. Written so that H2 reads only the rows it returns from the index
     * {@code page_crawl_idx} (crawl_id, id): a condition on id as well as on crawl_id (on crawl_id alone H2 takes the
     * foreign key's index), and ordered by crawl and id, the index's columns (ordered by id alone it reads and sorts
     * the whole crawl: 50 ms and more at 100,000 records). PostgreSQL reads the index either way.
     */
    public static List<Page> after(String crawlId, long after, int limit) {
        return find("crawlId = ?1 and id > ?2 order by crawlId, id", crawlId, after).page(0, limit).list();
    }
}
