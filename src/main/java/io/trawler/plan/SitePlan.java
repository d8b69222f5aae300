package io.trawler.plan;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A site's saved partition plan (as JSON), with the settings and the crawl graph it was made from. */
@Entity
@Table(name = "site_plan")
public class SitePlan extends PanacheEntityBase {

    @Id
    @Column(name = "site_id")
    public String siteId;
    /** The {@link io.trawler.partition.PartitionPlan} as JSON. */
    public String plan;
    @Column(name = "key_path_share")
    public double keyPathShare;
    @Column(name = "seeds_per_path")
    public int seedsPerPath;
    public String mode;
    @Column(name = "graph_crawl_id")
    public String graphCrawlId;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
