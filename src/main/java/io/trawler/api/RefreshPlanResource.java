package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.revisit.RefreshConfig;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.RefreshRecorder;
import io.trawler.revisit.RefreshStore;
import io.trawler.revisit.UpdatePolicies;
import jakarta.validation.Validator;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;

/**
 * A site's refresh plan, part of its plan: the update policy that schedules each fetched page's next visit.
 * Pages fetched from then on are scheduled, and pages found by earlier crawls are due at once; a continuous crawl
 * of the site fetches them when due.
 */
@Path("/api/v1/sites/{siteId}/plan/refresh")
@Produces(MediaType.APPLICATION_JSON)
public class RefreshPlanResource {

    private final RefreshConfig defaults;
    private final RefreshRecorder recorder;
    private final RefreshStore store;

    private final UpdatePolicies policies;
    private final Validator validator;

    public RefreshPlanResource(RefreshConfig defaults, RefreshRecorder recorder, RefreshStore store, UpdatePolicies policies, Validator validator) {
        this.policies = policies;
        this.validator = validator;
        this.defaults = defaults;
        this.recorder = recorder;
        this.store = store;
    }

    @GET
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public RefreshPlanRequest get(@PathParam("siteId") String siteId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            RefreshPlan p = RefreshPlan.findById(siteId);
            if (p == null) {
                throw ApiException.notFound("refresh plan of site", siteId);
            }
            return RefreshPlanRequest.of(p);
        });
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public RefreshPlanRequest put(@PathParam("siteId") String siteId, RefreshPlanRequest body) {
        if (body == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("policy", "a body is required")));
        }
        RefreshPlan plan = body.validated(siteId, defaults, policies.names(), validator);
        plan.updatedAt = Instant.now();
        RefreshPlan saved = QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            return RefreshPlan.getEntityManager().merge(plan);   // creates or replaces the site's plan
        });
        recorder.planChanged(siteId);
        store.scheduleUnscheduled(siteId, System.currentTimeMillis());   // pages found before the plan: due now
        return RefreshPlanRequest.of(saved);
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Deleted")
    @DELETE
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public Response delete(@PathParam("siteId") String siteId) {
        QuarkusTransaction.requiringNew().run(() -> {
            SiteResource.find(siteId);
            RefreshPlan.deleteById(siteId);
        });
        recorder.planChanged(siteId);
        return Response.noContent().build();
    }
}
