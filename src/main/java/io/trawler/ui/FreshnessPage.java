package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.RefreshPlans;
import io.trawler.revisit.UpdatePolicies;
import io.trawler.revisit.UpdatePolicy;
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
 * Freshness, recrawls and focus of a site: the refresh-plan editor, the freshness figures, recrawl requests with
 * their progress, and the topic of focused crawls. The page's script reads and writes them through the API.
 */
@Path("/ui/sites/{id}/freshness")
@Produces(MediaType.TEXT_HTML)
public class FreshnessPage {

    private final UpdatePolicies policies;

    private final SiteQueries sites;
    private final RefreshPlans plans;

    public FreshnessPage(UpdatePolicies policies, SiteQueries sites, RefreshPlans plans) {
        this.policies = policies;
        this.sites = sites;
        this.plans = plans;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance freshness(Site site, RefreshPlan plan, List<UpdatePolicy> policies);
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public String freshness(@PathParam("id") String id) {
        Site s = sites.site(id);
        return Templates.freshness(s, plans.of(id).orElse(null), policies.all()).render();
    }
}
