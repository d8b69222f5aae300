package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.plan.PlanConfig;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** A site's crawls: start one, list them (API.md, "Crawls"). */
@Path("/api/v1/sites/{siteId}/crawls")
@Produces(MediaType.APPLICATION_JSON)
public class SiteCrawlResource {

    private final CrawlService service;
    private final CrawlResource crawls;
    private final PlanConfig planConfig;
    private final CrawlLauncher launcher;

    private final io.quarkus.security.identity.SecurityIdentity identity;

    public SiteCrawlResource(CrawlService service, CrawlResource crawls, PlanConfig planConfig, CrawlLauncher launcher,
            io.quarkus.security.identity.SecurityIdentity identity) {
        this.identity = identity;
        this.service = service;
        this.crawls = crawls;
        this.planConfig = planConfig;
        this.launcher = launcher;
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "202", description = "The crawl, started",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = CrawlView.class)))
    @POST
        @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public Response start(@PathParam("siteId") String siteId, @org.eclipse.microprofile.openapi.annotations.parameters.RequestBody(required = false) CrawlRequest body) {
        Crawl crawl = launcher.launch(siteId, body == null ? new CrawlRequest(null, null, null, null, null, null) : body,
                identity.getPrincipal().getName());
        return Response.status(202).entity(crawls.view(crawl.id)).build();
    }

    @GET
        @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
        public List<CrawlView> ofSite(@PathParam("siteId") String siteId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            return Crawl.ofSite(siteId).stream().map(c -> CrawlView.of(c, service.progress(c), planConfig)).toList();
        });
    }


}
