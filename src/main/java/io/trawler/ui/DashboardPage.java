package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.api.CrawlView;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlCounts;
import io.trawler.crawl.CrawlProgress;
import io.trawler.crawl.CrawlQueries;
import io.trawler.crawl.CrawlService;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.plan.PlanConfig;
import io.trawler.site.SiteQueries;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The start page: active crawls with their progress (live in the browser), and the sites. */
@Path("/ui")
@Produces(MediaType.TEXT_HTML)
public class DashboardPage {

    /** An active crawl on the dashboard. */
    public record ActiveCrawl(CrawlView crawl, String siteName) {
        /** Share of known work done: fetched / (fetched + queued + in flight), in percent. */
        public long percentDone() {
            long total = crawl.counts().fetched() + crawl.counts().queued() + crawl.counts().inFlight();
            return total == 0 ? 0 : Math.round(100.0 * crawl.counts().fetched() / total);
        }

        public String errorRate() {
            long f = crawl.counts().fetched() + crawl.counts().errors();
            return String.format(java.util.Locale.ROOT, "%.1f %%", f == 0 ? 0.0 : 100.0 * crawl.counts().errors() / f);
        }
    }

    /** An active crawl as the dashboard's script follows it. */
    public record LiveCrawl(String id, String siteName, String state, int lanes, CrawlCounts counts) {
    }

    /** A worker as the dashboard's script shows it. */
    public record LiveWorker(String name, String node, List<String> addresses, long secondsAgo, long inFlight, int concurrency, long pages,
            int crawls, boolean stale) {
    }

    /** What the dashboard's script polls: the active crawls (new ones included) and the workers. */
    public record Live(List<LiveCrawl> crawls, List<LiveWorker> workers) {
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance dashboard(List<ActiveCrawl> crawls, int sites, List<WorkerRegistry.Worker> workers);
    }

    private final CrawlService crawls;
    private final PlanConfig planConfig;
    private final WorkerRegistry workers;

    private final CrawlQueries queries;
    private final SiteQueries sites;

    public DashboardPage(CrawlService crawls, PlanConfig planConfig, WorkerRegistry workers, CrawlQueries queries, SiteQueries sites) {
        this.queries = queries;
        this.sites = sites;
        this.crawls = crawls;
        this.planConfig = planConfig;
        this.workers = workers;
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public String dashboard() {
        List<Crawl> active = queries.active();
        Map<String, String> names = siteNames(active);
        List<ActiveCrawl> rows = active.stream()
                .map(c -> new ActiveCrawl(CrawlView.of(c, crawls.progress(c), planConfig), names.getOrDefault(c.siteId, c.siteId)))
                .toList();
        return Templates.dashboard(rows, Math.toIntExact(sites.count()), workers.list()).render();
    }

    /** The dashboard's figures as JSON, polled by its script: one request a tick for every active crawl and worker. */
    @GET
    @Path("/dashboard.json")
    @Produces(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.Rights.READ)
    public Live live() {
        // the counts alone: the partition metrics of a full CrawlView are not shown here
        List<Crawl> crawling = queries.active();
        Map<String, String> names = siteNames(crawling);
        List<LiveCrawl> active = crawling.stream().map(c -> {
            CrawlProgress p = crawls.progress(c);
            return new LiveCrawl(c.id, names.getOrDefault(c.siteId, c.siteId), c.state, p.laneFetched().length, p.counts());
        }).toList();
        List<LiveWorker> ws = workers.list().stream()
                .map(w -> new LiveWorker(w.name(), w.node(), w.addresses(), w.secondsAgo(), w.inFlight(), w.concurrency(), w.pages(), w.crawls(), w.stale()))
                .toList();
        return new Live(active, ws);
    }

    /** The names of the crawls' sites, read in one query (the dashboard's script asks every tick). */
    private Map<String, String> siteNames(List<Crawl> active) {
        return sites.names(active.stream().map(c -> c.siteId).collect(Collectors.toSet()));
    }
}
