package io.trawler.crawl;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.time.Instant;
import java.util.List;

/** One run over a site. While it runs its live counters are in Redis; the final ones are stored here. */
/*
 * DynamicUpdate: an update writes only the columns it changed. The monitor and the API change a crawl's state and
 * counters from entities read earlier; written whole, such an entity would put back the name, note or search flag it
 * read, undoing an edit made meanwhile.
 */
@Entity
@org.hibernate.annotations.DynamicUpdate
public class Crawl extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    public String state;
    public String strategy;
    public int partitions;
    public String mode;
    /** The {@link CrawlSpec} as JSON. */
    public String spec;
    @Column(name = "started_at")
    public Instant startedAt;
    @Column(name = "finished_at")
    public Instant finishedAt;
    public long fetched;
    @Column(name = "unique_pages")
    public long uniquePages;
    public long queued;
    @Column(name = "in_flight")
    public long inFlight;
    public long errors;
    @Column(name = "robots_denied")
    public long robotsDenied;

    /** Links refused for their length (see {@link CrawlCounts}). */
    @Column(name = "links_dropped")
    public long linksDropped;
    /** Pages fetched per lane at the end, comma-separated. */
    @Column(name = "lane_fetched")
    public String laneFetched;
    /** URLs known from the site's previous crawl when this one started (the U of coverage); 0 for none. */
    @Column(name = "known_urls")
    public long knownUrls;

    /**
     * Pages a second of the site's latest finished single-lane crawl when this (partitioned) crawl started: the
     * baseline of its measured wall-clock acceleration; null when there was none.
     */
    @Column(name = "baseline_pages_per_second")
    public Double baselinePagesPerSecond;
    /** Most fetches (leases) the crawl may make; 0 for no limit. */
    public long budget;
    /** Id of the last page-record stream entry stored in the database. */
    @Column(name = "ingested_until")
    public String ingestedUntil;

    /** Whether a crawl that ended has had every record ingested and its state freed (set by the monitor). */
    public boolean drained;

    /** Whether per-host figures are kept for the crawl ({@code crawl_host}; false for crawls older than them). */
    @Column(name = "hosts_counted", updatable = false)
    public boolean hostsCounted = true;

    /** Whether the crawl ended and every record of it is in its search index (set by the search indexer). */
    @Column(name = "search_indexed")
    public boolean searchIndexed;

    /** An editor's name for the crawl, or null. */
    public String name;

    /** An editor's note on the crawl, or null. */
    public String note;

    public boolean isActive() {
        return CrawlState.valueOf(state).isActive();
    }

    public static List<Crawl> active() {
        return list("state in ?1", List.of(CrawlState.RUNNING.name(), CrawlState.PAUSED.name()));
    }

    /** Crawls the monitor still looks after: active ones, and ended ones not yet drained. */
    public static List<Crawl> monitored() {
        // two scalar parameters, not a list: Hibernate keeps the plan of a query without a list parameter, and this one runs four times a second
        return list("state = ?1 or state = ?2 or drained = false", CrawlState.RUNNING.name(), CrawlState.PAUSED.name());
    }

    public static List<Crawl> ofSite(String siteId) {
        return list("siteId = ?1 order by startedAt desc", siteId);
    }
}
