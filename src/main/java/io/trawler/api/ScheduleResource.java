package io.trawler.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.config.Ids;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.OrderConfig;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.schedule.CrawlSchedule;
import io.trawler.schedule.Cron;
import io.trawler.schedule.ScheduleConfig;
import io.trawler.schedule.ScheduleRunner;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** A site's recurring crawls (API addition): cron expressions in a time zone, each with the crawl it starts. */
@Path("/api/v1/sites/{siteId}/schedules")
@Produces(MediaType.APPLICATION_JSON)
public class ScheduleResource {

    /**
     * A schedule as sent: {@code cron} (five fields or @daily, @weekly, …), {@code timeZone} (an IANA zone, UTC by
     * default), {@code enabled} (true by default) and {@code crawl}, the body of {@code POST /sites/{id}/crawls}.
     */
    public record ScheduleRequest(String cron, @Schema(nullable = true) String timeZone, @Schema(nullable = true) Boolean enabled,
            @Schema(nullable = true) CrawlRequest crawl) {
    }

    private final ObjectMapper json;
    private final OrderConfig order;
    private final ScheduleConfig config;
    private final CrawlLauncher launcher;
    private final CrawlResource crawls;
    private final io.quarkus.security.identity.SecurityIdentity identity;
    private final ScheduleViews views;

    public ScheduleResource(ObjectMapper json, OrderConfig order, ScheduleConfig config, CrawlLauncher launcher, CrawlResource crawls,
            io.quarkus.security.identity.SecurityIdentity identity, ScheduleViews views) {
        this.views = views;
        this.launcher = launcher;
        this.crawls = crawls;
        this.identity = identity;
        this.json = json;
        this.order = order;
        this.config = config;
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "The site's schedules, oldest first")
    public List<ScheduleView> list(@PathParam("siteId") String siteId) {
        return views.ofSite(siteId);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.Rights.EDIT)
    @Operation(summary = "Adds a schedule: the manager starts its crawl at every time the expression names, in its time zone",
            description = "A run is skipped (and the reason kept in lastError) when the site has a crawl running; runs missed while no"
                    + " manager ran are not made up.")
    @APIResponse(responseCode = "201", description = "the schedule", content = @Content(schema = @Schema(implementation = ScheduleView.class)))
    @APIResponse(responseCode = "400", description = "a field is wrong (each named in details)")
    @APIResponse(responseCode = "404", description = "no such site")
    @APIResponse(responseCode = "409", description = "the site has as many schedules as it may")
    public Response create(@PathParam("siteId") String siteId, ScheduleRequest body) {
        Valid v = validate(body);
        ScheduleView created = QuarkusTransaction.requiringNew().call(() -> {
            SiteResource.find(siteId);
            if (CrawlSchedule.count("siteId", siteId) >= config.maxPerSite()) {
                throw ApiException.conflict("site " + siteId + " has " + config.maxPerSite() + " schedules already (trawler.schedule.max-per-site)");
            }
            CrawlSchedule s = new CrawlSchedule();
            s.id = Ids.newId();
            s.siteId = siteId;
            s.createdAt = Instant.now();
            apply(s, v);
            s.persist();
            return view(s);
        });
        return Response.status(201).entity(created).build();
    }

    @PUT
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.Rights.EDIT)
    @Operation(summary = "Replaces a schedule (its next run is computed again from now)")
    @APIResponse(responseCode = "200", description = "the schedule")
    @APIResponse(responseCode = "400", description = "a field is wrong (each named in details)")
    @APIResponse(responseCode = "404", description = "no such site or schedule")
    public ScheduleView replace(@PathParam("siteId") String siteId, @PathParam("id") String id, ScheduleRequest body) {
        Valid v = validate(body);
        return QuarkusTransaction.requiringNew().call(() -> {
            CrawlSchedule s = find(siteId, id);
            apply(s, v);
            return view(s);
        });
    }

    @POST
    @Path("/{id}/run")
    @RolesAllowed(Role.Rights.EDIT)
    @Operation(summary = "Starts the schedule's crawl now, as its next run would (the schedule's own times are unchanged)")
    @APIResponse(responseCode = "202", description = "the crawl, started", content = @org.eclipse.microprofile.openapi.annotations.media.Content(
            mediaType = "application/json", schema = @Schema(implementation = CrawlView.class)))
    @APIResponse(responseCode = "404", description = "no such site or schedule")
    @APIResponse(responseCode = "409", description = "the site has an active crawl")
    public Response runNow(@PathParam("siteId") String siteId, @PathParam("id") String id) {
        CrawlSchedule s = QuarkusTransaction.requiringNew().call(() -> find(siteId, id));
        CrawlRequest request;
        try {
            request = json.readValue(s.crawl, CrawlRequest.class);
        } catch (JsonProcessingException e) {
            throw ApiException.conflict("the schedule's crawl settings cannot be read: edit the schedule");
        }
        Crawl crawl = launcher.launch(siteId, request, identity.getPrincipal().getName());
        QuarkusTransaction.requiringNew().run(() -> {
            CrawlSchedule again = CrawlSchedule.findById(s.id);
            if (again != null) {
                again.lastRun = Instant.now();
                again.lastCrawlId = crawl.id;
                again.lastError = null;
            }
        });
        return Response.status(202).entity(crawls.view(crawl.id)).build();
    }

    @DELETE
    @Path("/{id}")
    @RolesAllowed(Role.Rights.EDIT)
    @Operation(summary = "Deletes a schedule")
    @APIResponse(responseCode = "204", description = "deleted")
    @APIResponse(responseCode = "404", description = "no such site or schedule")
    public Response delete(@PathParam("siteId") String siteId, @PathParam("id") String id) {
        QuarkusTransaction.requiringNew().run(() -> find(siteId, id).delete());
        return Response.noContent().build();
    }

    private record Valid(Cron cron, ZoneId zone, boolean enabled, CrawlRequest crawl, String crawlJson) {
    }

    private Valid validate(ScheduleRequest body) {
        if (body == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("cron", "give a cron expression, e.g. \"0 3 * * 1\" (Mondays at 03:00)")));
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        Cron cron = null;
        try {
            cron = Cron.parse(body.cron());
        } catch (IllegalArgumentException e) {
            problems.add(new ApiError.Detail("cron", e.getMessage()));
        }
        ZoneId zone = ZoneId.of("UTC");
        if (body.timeZone() != null && !body.timeZone().isBlank()) {
            try {
                zone = ZoneId.of(body.timeZone().trim());
            } catch (DateTimeException e) {
                problems.add(new ApiError.Detail("timeZone", "not a time zone: give an IANA name such as Europe/Berlin or Asia/Shanghai"));
            }
        }
        CrawlRequest crawl = body.crawl() == null ? new CrawlRequest(null, null, null, null, null, null) : body.crawl();
        launcher.problems(crawl).forEach(d -> problems.add(new ApiError.Detail("crawl." + d.field(), d.message())));
        if (crawl.topic() != null && crawl.topic().exampleUrls() != null && !crawl.topic().exampleUrls().isEmpty()) {
            problems.add(new ApiError.Detail("crawl.topic.exampleUrls", "a schedule keeps no example URLs: save the topic with the site"
                    + " (PUT /api/v1/sites/{id}/plan/topic keeps their texts) and leave the schedule's topic out"));
        }
        if (crawl.topic() != null && problems.isEmpty()) {
            crawl.topic().validated("crawl.topic", order.focusThreshold());
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        try {
            return new Valid(cron, zone, body.enabled() == null || body.enabled(), crawl, json.writeValueAsString(crawl));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void apply(CrawlSchedule s, Valid v) {
        s.cron = v.cron().expression();
        s.timeZone = v.zone().getId();
        s.enabled = v.enabled();
        s.crawl = v.crawlJson();
        s.nextRun = v.enabled() ? ScheduleRunner.nextRun(v.cron(), v.zone(), Instant.now()) : null;
    }

    private ScheduleView view(CrawlSchedule s) {
        return views.view(s);
    }

    private static CrawlSchedule find(String siteId, String id) {
        SiteResource.find(siteId);
        CrawlSchedule s = CrawlSchedule.findById(id);
        if (s == null || !s.siteId.equals(siteId)) {
            throw ApiException.notFound("schedule", id);
        }
        return s;
    }
}
