package io.trawler.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.crawl.OrderConfig;
import io.trawler.order.Topic;
import io.trawler.plan.SiteTopic;
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

/** A site's saved focused-crawling topic, part of its plan: what focused crawls use when they name no topic. */
@Path("/api/v1/sites/{siteId}/plan/topic")
@Produces(MediaType.APPLICATION_JSON)
public class TopicResource {

    private final ObjectMapper json;
    private final OrderConfig order;

    public TopicResource(ObjectMapper json, OrderConfig order) {
        this.json = json;
        this.order = order;
    }

    @GET
    public TopicRequest saved(@PathParam("siteId") String siteId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            SiteTopic t = SiteTopic.findById(siteId);
            if (t == null) {
                throw ApiException.notFound("topic of site", siteId);
            }
            return TopicRequest.of(read(t.topic));
        });
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public TopicRequest save(@PathParam("siteId") String siteId, TopicRequest body) {
        if (body == null) {
            throw ApiException.invalid(java.util.List.of(new ApiError.Detail("topic", "a body is required")));
        }
        Topic topic = body.validated("topic", order.focusThreshold());
        return QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            SiteTopic t = SiteTopic.findById(siteId);
            if (t == null) {
                t = new SiteTopic();
                t.siteId = siteId;
            }
            t.topic = write(topic);
            t.updatedAt = Instant.now();
            t.persist();
            return TopicRequest.of(topic);
        });
    }

    @DELETE
    public Response delete(@PathParam("siteId") String siteId) {
        QuarkusTransaction.requiringNew().run(() -> {
            SiteResource.find(siteId);
            SiteTopic.deleteById(siteId);
        });
        return Response.noContent().build();
    }

    /** The site's saved topic, if any (inside a transaction). */
    Topic savedTopic(String siteId) {
        SiteTopic t = SiteTopic.findById(siteId);
        return t == null ? null : read(t.topic);
    }

    private Topic read(String s) {
        try {
            return json.readValue(s, Topic.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored topic unreadable", e);
        }
    }

    private String write(Topic t) {
        try {
            return json.writeValueAsString(t);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
