package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.crawl.OrderConfig;
import io.trawler.order.Topic;
import io.trawler.plan.TopicService;
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
    private final io.trawler.plan.ExamplePages examplePages;

    public TopicResource(TopicService topics, OrderConfig order, io.trawler.plan.ExamplePages examplePages) {
        this.topics = topics;
        this.order = order;
        this.examplePages = examplePages;
    }

    @GET
    @jakarta.annotation.security.RolesAllowed(io.trawler.account.Role.Rights.READ)
    public TopicRequest saved(@PathParam("siteId") String siteId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            return TopicRequest.of(topics.saved(siteId).orElseThrow(() -> ApiException.notFound("topic of site", siteId)));
        });
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(io.trawler.account.Role.Rights.EDIT)
    public TopicRequest save(@PathParam("siteId") String siteId, TopicRequest body) {
        if (body == null) {
            throw ApiException.invalid(java.util.List.of(new ApiError.Detail("topic", "a body is required")));
        }
        QuarkusTransaction.requiringNew().run(() -> SiteResource.find(siteId));
        // example pages are fetched as public pages (the site's private-network permission covers its own crawl only)
        Topic topic = body.resolved("topic", order.focusThreshold(), examplePages, false);
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            topics.save(siteId, topic);
            return TopicRequest.of(topic);
        });
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Deleted")
    @DELETE
    @jakarta.annotation.security.RolesAllowed(io.trawler.account.Role.Rights.EDIT)
    public Response delete(@PathParam("siteId") String siteId) {
        QuarkusTransaction.requiringNew().run(() -> {
            SiteResource.find(siteId);
            topics.delete(siteId);
        });
        return Response.noContent().build();
    }
}
