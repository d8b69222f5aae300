package io.trawler.revisit;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.trawler.refresh.RevisitSchedule;
import io.trawler.refresh.RevisitTarget;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A site's refresh plan: its update policy ({@link UpdatePolicy#name()}) and the bounds of its revisit intervals. */
@Entity
@Table(name = "refresh_plan")
public class RefreshPlan extends PanacheEntityBase {

    @Id
    @Column(name = "site_id")
    public String siteId;
    public String policy;
    @Column(name = "target_probability")
    public double targetProbability;
    @Column(name = "min_interval_ms")
    public long minIntervalMs;
    @Column(name = "max_interval_ms")
    public long maxIntervalMs;
    @Column(name = "initial_interval_ms")
    public long initialIntervalMs;
    /** user-experience: versions of a page kept to measure the impact of its changes (K). */
    public int versions;
    @Column(name = "updated_at")
    public Instant updatedAt;

    /** The plan's scheduling rule, in plain Java. */
    public RevisitSchedule schedule() {
        return new RevisitSchedule(new RevisitTarget(targetProbability, minIntervalMs, maxIntervalMs), initialIntervalMs);
    }
}
