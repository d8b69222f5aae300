package io.trawler.crawl;

import io.trawler.config.Text;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.HostDetail;
import io.trawler.frontier.QueuedHosts;
import io.trawler.redis.Await;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.hibernate.Session;
import org.hibernate.jdbc.ReturningWork;

/**
 * What the API and the UI read about crawls, in one place and one transaction per read: a crawl and its site, its
 * latest and logged page records, its counts by status class, rate over time, hosts (stored figures and, while it
 * runs, the frontier's view), blocked pages and a focused crawl's harvest. A crawl that does not exist is a 404
 * ({@link ApiException#notFound}) for both.
 */
@ApplicationScoped
public class CrawlQueries {

    /** A crawl and its site (null when the site was deleted). */
    public record CrawlAndSite(Crawl crawl, Site site) {
    }

    /** A host's figures: the stored records' statistics and, while the crawl runs, the frontier's state. */
    public record HostView(String host, @Schema(nullable = true, description = "null when no record of the host is stored yet, or for"
            + " crawls started before per-host figures were kept") HostStats done,
            @Schema(nullable = true, description = "null once the crawl has ended") HostDetail frontier, long now) {
    }

    /** The hosts of a crawl in the order asked, and how many it has; {@code counted} false for crawls older than the figures. */
    public record HostListing(List<HostStats> hosts, long total, boolean counted) {
    }

    /** A page of the hosts waiting in the frontier, with the offset of the next page (null: none). */
    public record FrontierHosts(long total, int offset, List<QueuedHosts.Entry> hosts, @Schema(nullable = true) Integer next) {
    }

    /** Pages the private-network guard refused, and the reason of one of them. */
    public record Blocked(long pages, String reason) {
        public static final Blocked NONE = new Blocked(0, null);
    }

    /** Deepest offset into the hosts waiting in the frontier (each lane's first offset+limit are read and merged). */
    public static final int MAX_HOST_OFFSET = 10_000;

    /** The counts of a comparison and one page of the URLs of the kind asked for. */
    public record ComparisonView(String crawlId, String with, CrawlComparison.Summary summary, String kind,
            List<CrawlComparison.Entry> urls, @Schema(nullable = true) Long next) {
    }

    private final Frontier frontier;
    private final CrawlComparisons comparisons;

    public CrawlQueries(Frontier frontier, CrawlComparisons comparisons) {
        this.frontier = frontier;
        this.comparisons = comparisons;
    }

    /** The crawl; 404 when there is none. */
    @Transactional
    public Crawl crawl(String id) {
        Crawl crawl = Crawl.findById(id);
        if (crawl == null) {
            throw ApiException.notFound("crawl", id);
        }
        return crawl;
    }

    /** The crawl and its site; 404 when there is no such crawl. */
    @Transactional
    public CrawlAndSite withSite(String id) {
        Crawl c = crawl(id);
        return new CrawlAndSite(c, Site.findById(c.siteId));
    }

    /** The crawl and site of a page record (either null when deleted since). */
    @Transactional
    public CrawlAndSite ofPage(Page p) {
        Crawl c = Crawl.findById(p.crawlId);
        return new CrawlAndSite(c, c == null ? null : Site.findById(c.siteId));
    }

    /** The site's crawls, newest first. */
    @Transactional
    public List<Crawl> ofSite(String siteId) {
        return Crawl.ofSite(siteId);
    }

    /** The running and paused crawls. */
    @Transactional
    public List<Crawl> active() {
        return Crawl.active();
    }

    /** Each site's latest crawl, by site id. */
    @Transactional
    public Map<String, Crawl> latestBySite() {
        Map<String, Crawl> latest = new HashMap<>();
        for (Crawl c : Crawl.<Crawl>list("order by startedAt desc")) {
            latest.putIfAbsent(c.siteId, c);
        }
        return latest;
    }

    /** The site's running or paused partitioned crawl, if any (the newest). */
    @Transactional
    public Optional<Crawl> activePartitioned(String siteId) {
        return Crawl.<Crawl>list("siteId = ?1 and partitions > 1 order by startedAt desc", siteId).stream().filter(Crawl::isActive).findFirst();
    }

    /** The site's ended crawls a plan may be made from (their link graphs), newest first, at most {@code n}. */
    @Transactional
    public List<Crawl> graphCrawls(String siteId, int n) {
        return Crawl.<Crawl>find("siteId = ?1 and state in ('FINISHED', 'STOPPED') order by startedAt desc", siteId).page(0, n).list();
    }

    /** The site's other crawls, newest first (at most 100): what a crawl can be compared with. */
    @Transactional
    public List<Crawl> otherCrawls(Crawl c) {
        return Crawl.<Crawl>find("siteId = ?1 and id <> ?2 order by startedAt desc", c.siteId, c.id).page(0, 100).list();
    }

    /**
     * Crawl {@code id} compared with crawl {@code with}, URL by URL: the counts of each kind and the URLs of one kind
     * (by its API name; {@code new} when blank) after record {@code after}; 400 for a missing or the same {@code with}
     * or an unknown kind, 404 when either crawl does not exist.
     */
    @Transactional
    public ComparisonView compare(String id, String with, String kindName, long after, int limit) {
        if (with == null || with.isBlank()) {
            throw ApiException.invalid(List.of(new ApiError.Detail("with", "the id of the crawl to compare with")));
        }
        if (with.equals(id)) {
            throw ApiException.invalid(List.of(new ApiError.Detail("with", "another crawl than this one")));
        }
        CrawlComparison.Kind kind;
        try {
            kind = kindName == null || kindName.isBlank() ? CrawlComparison.Kind.NEW : CrawlComparison.Kind.parse(kindName);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(List.of(new ApiError.Detail("kind", e.getMessage() + ", got " + Text.quote(kindName))));
        }
        crawl(id);
        crawl(with);
        return jdbc(c -> {
            CrawlComparison.Diff diff = comparisons.of(c, id, with);
            CrawlComparison.Listing listing = diff.list(c, kind, after, limit);
            return new ComparisonView(id, with, diff.summary(), kind.apiName(), listing.urls(), listing.next());
        });
    }

    /**
     * The crawl's latest page records, newest first: a short scan of the index on crawl and id (with a condition on
     * id and ordered by both, as {@link Page#after} explains).
     */
    @Transactional
    public List<Page> latest(String crawlId, int n) {
        return Page.<Page>find("crawlId = ?1 and id < ?2 order by crawlId desc, id desc", crawlId, Long.MAX_VALUE).page(0, n).list();
    }

    /**
     * The crawl's records that pass the log's filters: at most {@code n} after record {@code after} in order, or with
     * {@code newest} the last {@code n} before it, newest first. IllegalArgumentException for a filter that cannot be one.
     */
    @Transactional
    public List<Page> log(String crawlId, PageLogFilter filter, long after, boolean newest, int n) {
        PageLogFilter.Query q = filter.where(crawlId, after, newest);
        return Page.<Page>find(q.where() + (newest ? " order by crawlId desc, id desc" : " order by crawlId, id"), q.params().toArray())
                .page(0, n).list();
    }

    /** One page record; 404 when there is none. */
    @Transactional
    public Page page(long id) {
        Page p = Page.findById(id);
        if (p == null) {
            throw ApiException.notFound("page", Long.toString(id));
        }
        return p;
    }

    /** The latest record of each URL in the crawl, by URL (URLs without one absent). */
    @Transactional
    public Map<String, Long> latestIds(String crawlId, Collection<String> urls) {
        return urls.isEmpty() ? Map.of() : Page.latestIds(crawlId, urls);
    }

    /** The crawl's stored records by status class. */
    @Transactional
    public StatusClasses statusClasses(String crawlId) {
        return jdbc(c -> StatusClasses.read(c, crawlId));
    }

    /** The crawl's rate from {@code startMs} to {@code endMs}, in at most {@link RateHistory#MAX_BUCKETS} buckets. */
    @Transactional
    public RateHistory.Series rates(String crawlId, long startMs, long endMs) {
        return jdbc(c -> RateHistory.read(c, crawlId, startMs, endMs));
    }

    /** The crawl's hosts in the order asked, at most {@code limit}; 404 when there is no such crawl. */
    @Transactional
    public HostListing hosts(String crawlId, HostStats.Order order, int limit) {
        Crawl crawl = crawl(crawlId);
        HostStats.Listing l = jdbc(c -> HostStats.read(c, crawlId, order, limit));
        return new HostListing(l.hosts(), l.total(), crawl.hostsCounted);
    }

    /**
     * One host of the crawl: its stored records' figures and, while the crawl runs, the frontier's view of it (each
     * lane's queued URLs from the {@code offset}-th, {@code next} of them).
     */
    public HostView host(String crawlId, String host, int offset, int next) {
        Crawl crawl = crawl(crawlId);
        String h = host.toLowerCase(Locale.ROOT);
        Optional<HostStats> done = storedHost(crawlId, h);
        HostDetail detail = crawl.isActive() ? Await.result(frontier.host(crawlId, Math.max(1, crawl.partitions), h, offset, next)) : null;
        return new HostView(h, done.orElse(null), detail, System.currentTimeMillis());
    }

    @Transactional
    Optional<HostStats> storedHost(String crawlId, String host) {
        return jdbc(c -> HostStats.of(c, crawlId, host));
    }

    /** A page of the hosts waiting in a running crawl's frontier (none once it has ended). */
    public FrontierHosts frontierHosts(String crawlId, int offset, int limit) {
        Crawl crawl = crawl(crawlId);
        if (!crawl.isActive()) {
            return new FrontierHosts(0, offset, List.of(), null);
        }
        QueuedHosts q = Await.result(frontier.queuedHosts(crawlId, Math.max(1, crawl.partitions), offset, limit));
        int after = offset + q.hosts().size();
        return new FrontierHosts(q.total(), offset, q.hosts(), !q.hosts().isEmpty() && after < q.total() && after <= MAX_HOST_OFFSET ? after : null);
    }

    /** The pages the private-network guard refused, and one reason. */
    @Transactional
    public Blocked blocked(String crawlId) {
        Object[] r = Page.getEntityManager().createQuery("select count(p), min(p.error) from Page p where p.crawlId = :c"
                + " and p.outcome = 'blocked'", Object[].class).setParameter("c", crawlId).getSingleResult();
        long n = ((Number) r[0]).longValue();
        return n == 0 ? Blocked.NONE : new Blocked(n, (String) r[1]);
    }

    /** A focused crawl's harvest so far. */
    @Transactional
    public FocusFigures focus(String crawlId) {
        return jdbc(c -> FocusFigures.read(c, crawlId));
    }

    /** Work on the transaction's own connection. */
    static <T> T jdbc(ReturningWork<T> work) {
        return Page.getEntityManager().unwrap(Session.class).doReturningWork(work);
    }
}
