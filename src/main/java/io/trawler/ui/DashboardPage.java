package io.trawler.ui;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.api.CrawlView;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.plan.PlanConfig;
import io.trawler.site.Site;
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
            return f == 0 ? "0 %" : String.format("%.1f %%", 100.0 * crawl.counts().errors() / f);
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance dashboard(List<ActiveCrawl> crawls, long sites, List<Workers.Worker> workers);
    }

    private final CrawlService crawls;
    private final PlanConfig planConfig;
    private final Workers workers;

    public DashboardPage(CrawlService crawls, PlanConfig planConfig, Workers workers) {
        this.crawls = crawls;
        this.planConfig = planConfig;
        this.workers = workers;
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public String dashboard() {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<Crawl> active = Crawl.active();
            Map<String, String> names = Site.<Site>listAll().stream().collect(Collectors.toMap(s -> s.id, s -> s.name));
            List<ActiveCrawl> rows = active.stream()
                    .map(c -> new ActiveCrawl(CrawlView.of(c, crawls.progress(c), planConfig), names.getOrDefault(c.siteId, c.siteId)))
                    .toList();
            return Templates.dashboard(rows, names.size(), workers.list()).render();
        });
    }
}
