package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.api.Inputs;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.errors.ApiException;
import io.trawler.site.Site;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * A crawl compared with another crawl of its site (the one before it unless the editor picks another): how many URLs
 * are new, gone, changed status or changed content, and the URLs of one kind with links to their records. The
 * figures are the API's (both read {@link CrawlQueries#compare}).
 */
@Path("/ui/crawls/{id}/compare")
@Produces(MediaType.TEXT_HTML)
public class CrawlComparePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance compare(Crawl crawl, Site site, List<Crawl> others, String with,
                CrawlQueries.ComparisonView result, String error);
    }

    private final CrawlQueries queries;

    public CrawlComparePage(CrawlQueries queries) {
        this.queries = queries;
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public Response compare(@PathParam("id") String id, @QueryParam("with") String with, @QueryParam("kind") String kind,
            @QueryParam("after") String after) {
        CrawlQueries.CrawlAndSite cs = queries.withSite(id);
        Crawl c = cs.crawl();
        Site site = cs.site();
        List<Crawl> others = queries.otherCrawls(c);
        String other = with != null && !with.isBlank() ? with.trim()
                : others.stream().filter(o -> o.startedAt != null && o.startedAt.isBefore(c.startedAt)).map(o -> o.id).findFirst().orElse(null);
        if (other == null) {
            return Response.ok(Templates.compare(c, site, others, null, null, null).render()).build();
        }
        try {
            CrawlQueries.ComparisonView result = queries.compare(id, other, kind, Inputs.longParam("after", after, 0, 0, Long.MAX_VALUE), 50);
            return Response.ok(Templates.compare(c, site, others, other, result, null).render()).build();
        } catch (ApiException e) {
            return Response.status(e.status()).entity(Templates.compare(c, site, others, other, null, e.body().message()).render()).build();
        }
    }
}
