package io.trawler.revisit;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A recrawl request: which crawl took its URLs, at what priority, when; its URLs are in {@code recrawl_url}. */
@Entity
@Table(name = "recrawl")
public class Recrawl extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    @Column(name = "crawl_id")
    public String crawlId;
    public int priority;
    @Column(name = "requested_at")
    public Instant requestedAt;
    public int accepted;
    public int rejected;
}
