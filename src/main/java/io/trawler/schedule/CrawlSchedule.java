package io.trawler.schedule;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** A site's recurring crawl: when (a cron expression in a time zone) and what to start (the crawl request, JSON). */
@Entity
@Table(name = "crawl_schedule")
public class CrawlSchedule extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    public String cron;
    @Column(name = "time_zone")
    public String timeZone;
    /** The body of {@code POST /api/v1/sites/{id}/crawls} the schedule starts, as JSON. */
    public String crawl;
    public boolean enabled;
    /** When the next run is due; null when disabled or when the expression names no later time. */
    @Column(name = "next_run")
    public Instant nextRun;
    @Column(name = "last_run")
    public Instant lastRun;
    @Column(name = "last_crawl_id")
    public String lastCrawlId;
    /** Why the last run started no crawl (the site had one running, say), or null. */
    @Column(name = "last_error")
    public String lastError;
    @Column(name = "created_at")
    public Instant createdAt;

    public static List<CrawlSchedule> ofSite(String siteId) {
        return list("siteId = ?1 order by createdAt", siteId);
    }

    /** Enabled schedules due at {@code now}, earliest first. */
    public static List<CrawlSchedule> due(Instant now, int limit) {
        return find("enabled = true and nextRun <= ?1 order by nextRun", now).page(0, limit).list();
    }
}
