package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.site.Site;
import io.trawler.site.SiteQueries;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * The partition editor of a site: the page is a frame; its script loads the saved plan and the predictions from the
 * plan API, lets the editor move key paths between crawlers (drag and drop, or the "move to" menu of each path),
 * previews every edit through {@code POST …/plan/preview}, saves with {@code PUT …/plan}, starts a partitioned
 * crawl (each crawler on a live worker node the editor picks, or placed automatically), and shows the live metrics of
 * the site's running partitioned crawl beside the predicted ones.
 */
@Path("/ui/sites/{id}/partitions")
@Produces(MediaType.TEXT_HTML)
public class PartitionPage {

    private final WorkerRegistry workers;

    private final SiteQueries sites;
    private final CrawlQueries crawls;

    public PartitionPage(WorkerRegistry workers, SiteQueries sites, CrawlQueries crawls) {
        this.workers = workers;
        this.sites = sites;
        this.crawls = crawls;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance partitions(Site site, Crawl active, boolean planned, java.util.Collection<String> nodes,
                List<Crawl> graphCrawls);
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public String partitions(@PathParam("id") String id) {
        Site s = sites.site(id);
        Crawl active = crawls.activePartitioned(id).orElse(null);
        // the crawls a plan may be made from (their link graphs), newest first
        List<Crawl> ended = crawls.graphCrawls(id, 50);
        return Templates.partitions(s, active, !ended.isEmpty(), workers.liveNodes().keySet(), ended).render();
    }
}
