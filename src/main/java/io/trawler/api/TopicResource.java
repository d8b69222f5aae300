package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.crawl.OrderConfig;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.order.Topic;
import io.trawler.plan.ExamplePages;
import io.trawler.plan.TopicService;
import io.trawler.site.Site;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** A site's saved focused-crawling topic, part of its plan: what focused crawls use when they name no topic. */
@Path("/api/v1/sites/{siteId}/plan/topic")
@Produces(MediaType.APPLICATION_JSON)
public class TopicResource {

    private final TopicService topics;
    private final OrderConfig order;
    private final ExamplePages examplePages;

    private final io.quarkus.security.identity.SecurityIdentity identity;

    public TopicResource(TopicService topics, OrderConfig order, ExamplePages examplePages,
            io.quarkus.security.identity.SecurityIdentity identity) {
        this.identity = identity;
        this.topics = topics;
        this.order = order;
        this.examplePages = examplePages;
    }

    @GET
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public TopicRequest saved(@PathParam("siteId") String siteId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            return TopicRequest.of(topics.saved(siteId).orElseThrow(() -> ApiException.notFound("topic of site", siteId)));
        });
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public TopicRequest save(@PathParam("siteId") String siteId, TopicRequest body) {
        if (body == null) {
            throw ApiException.invalid(java.util.List.of(new ApiError.Detail("topic", "a body is required")));
        }
        Site site = QuarkusTransaction.requiringNew().call(() -> SiteResource.find(siteId));
        // a site's permission to reach private networks covers its own URLs (those in its scope), not any an editor names
        Topic topic = body.resolved("topic", order.focusThreshold(), examplePages, mayReachPrivate(site), identity.getPrincipal().getName());
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            topics.save(siteId, topic);
            return TopicRequest.of(topic);
        });
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Deleted")
    @DELETE
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public Response delete(@PathParam("siteId") String siteId) {
        QuarkusTransaction.requiringNew().run(() -> {
            SiteResource.find(siteId);
            topics.delete(siteId);
        });
        return Response.noContent().build();
    }

    /** Which example URLs may reach private networks: those in the scope of a site an admin allowed to (none otherwise). */
    static java.util.function.Predicate<String> mayReachPrivate(Site site) {
        return new TopicRequest.SiteReach(site.allowPrivateNetworks, site.scope()::urlAllowed);
    }
}
