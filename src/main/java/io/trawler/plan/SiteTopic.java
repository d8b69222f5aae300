package io.trawler.plan;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A site's saved focused-crawling topic (an {@link io.trawler.order.Topic} as JSON), part of its plan. */
@Entity
@Table(name = "site_topic")
public class SiteTopic extends PanacheEntityBase {

    @Id
    @Column(name = "site_id")
    public String siteId;
    public String topic;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
