package io.trawler.crawl;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** A page record that could not be stored as a page: its stream entry, the reason, and its fields as JSON. */
@Entity
@Table(name = "page_quarantine")
public class QuarantinedRecord extends PanacheEntityBase {

    @Id
    public Long id;
    @Column(name = "crawl_id")
    public String crawlId;
    @Column(name = "stream_id")
    public String streamId;
    public String reason;
    public String record;
    @Column(name = "created_at")
    public Instant createdAt;

    public static List<QuarantinedRecord> after(String crawlId, long after, int limit) {
        return find("crawlId = ?1 and id > ?2 order by id", crawlId, after).page(0, limit).list();
    }
}
