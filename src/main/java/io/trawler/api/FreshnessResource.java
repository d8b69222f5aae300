package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.revisit.FreshnessReport;
import io.trawler.revisit.RefreshConfig;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.RefreshStore;
import io.trawler.revisit.SiteRatePriors;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The update-policy engine's view of a site: pages due, estimated change rates, expected freshness. */
@Path("/api/v1/sites/{siteId}/freshness")
@Produces(MediaType.APPLICATION_JSON)
public class FreshnessResource {

    private final RefreshStore store;
    private final SiteRatePriors priors;
    private final RefreshConfig config;

    public FreshnessResource(RefreshStore store, SiteRatePriors priors, RefreshConfig config) {
        this.store = store;
        this.priors = priors;
        this.config = config;
    }

    @GET
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public FreshnessReport get(@PathParam("siteId") String siteId) {
        String policy = QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            RefreshPlan p = RefreshPlan.findById(siteId);
            return p == null ? null : p.policy;
        });
        return FreshnessReport.of(siteId, policy, store, priors.of(siteId), config.minObservation().toMillis(), System.currentTimeMillis());
    }
}
