package io.trawler.revisit;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A site's refresh plan: its update policy and the bounds of its revisit intervals. */
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

    public static final String POISSON = "poisson";
    public static final String USER_EXPERIENCE = "user-experience";
    public static final String CLUSTER_SAMPLING = "cluster-sampling";
    /** The update policies a plan can name. */
    public static final java.util.List<String> POLICIES = java.util.List.of(POISSON, USER_EXPERIENCE, CLUSTER_SAMPLING);

    public boolean userExperience() {
        return USER_EXPERIENCE.equals(policy);
    }

    public boolean clusterSampling() {
        return CLUSTER_SAMPLING.equals(policy);
    }

    /** The plan's scheduling rule, in plain Java. */
    public io.trawler.refresh.RevisitSchedule schedule() {
        return new io.trawler.refresh.RevisitSchedule(new io.trawler.refresh.RevisitTarget(targetProbability, minIntervalMs, maxIntervalMs),
                initialIntervalMs);
    }
}
