package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.trawler.account.Role;
import io.trawler.config.Text;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlDeletion;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.CrawlState;
import io.trawler.crawl.CrawlStorage;
import io.trawler.crawl.Page;
import io.trawler.crawl.PageIngestor;
import io.trawler.crawl.QuarantinedRecord;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.HostQueue;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.plan.PlanConfig;
import io.trawler.redis.Await;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

/** Crawls: start, read, pause, resume, stop, live events and page records (API.md, "Crawls"). */
@Path("/api/v1/crawls")
@Produces(MediaType.APPLICATION_JSON)
public class CrawlResource {

    private static final Logger LOG = Logger.getLogger(CrawlResource.class);
    static final int MAX_PAGE_LIMIT = 1000;
    /** Event streams one user may hold open at once (each holds a connection and a timer). */
    static final int MAX_STREAMS_PER_USER = 8;
    private final java.util.Map<String, java.util.concurrent.atomic.AtomicInteger> streams = new java.util.concurrent.ConcurrentHashMap<>();

    private final CrawlService service;
    private final PageIngestor ingestor;
    private final PlanConfig planConfig;

    private final io.quarkus.security.identity.SecurityIdentity identity;
    private final Frontier frontier;
    private final WorkerRegistry workers;
    private final CrawlDeletion deletion;
    private final CrawlStorage storage;

    public CrawlResource(CrawlService service, PageIngestor ingestor, PlanConfig planConfig,
            io.quarkus.security.identity.SecurityIdentity identity, Frontier frontier,
            WorkerRegistry workers, CrawlDeletion deletion, CrawlStorage storage) {
        this.deletion = deletion;
        this.storage = storage;
        this.workers = workers;
        this.identity = identity;
        this.frontier = frontier;
        this.service = service;
        this.ingestor = ingestor;
        this.planConfig = planConfig;
    }

    @GET
    @Path("/{id}")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public CrawlView get(@PathParam("id") String id) {
        return view(id);
    }

    @POST
    @Path("/{id}/pause")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public CrawlView pause(@PathParam("id") String id) {
        return transition(id, CrawlState.PAUSED);
    }

    @POST
    @Path("/{id}/resume")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public CrawlView resume(@PathParam("id") String id) {
        return transition(id, CrawlState.RUNNING);
    }

    @POST
    @Path("/{id}/stop")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public CrawlView stop(@PathParam("id") String id) {
        CrawlView v = transition(id, CrawlState.STOPPED);
        try {
            // what arrived so far; the monitor goes on until no page is in flight and the stream is empty
            ingestor.drain(id);
        } catch (Exception e) {
            LOG.warnf("Crawl %s: page records after stop not ingested yet (the monitor retries): %s", id, e.toString());
        }
        return v;
    }

    @GET
    @Path("/{id}/storage")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "What the crawl stores",
            description = "Its page records, those with a stored WARC record, revisit records among them (unchanged pages), and"
                    + " the WARC bytes and files they take.")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "200", description = "the crawl's storage")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "404", description = "no such crawl")
    public CrawlStorage.Storage storage(@PathParam("id") String id) {
        find(id);
        return storage.of(id);
    }

    @DELETE
    @Path("/{id}")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Deletes an ended crawl",
            description = "Its page records, link graph, frontier keys and search index go, and its WARC files (here and in an S3"
                    + " archive) unless a kept crawl has a record in one or a revisit record referring to one: those are kept,"
                    + " and listed. Revisit records of kept crawls that refer to the crawl's records keep finding their content.")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "200", description = "what was deleted and kept")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "404", description = "no such crawl")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "409",
            description = "the crawl runs, is paused, or its records are still being stored")
    public CrawlDeletion.Result delete(@PathParam("id") String id) {
        return deletion.delete(id);
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @io.smallrye.common.annotation.Blocking
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public Multi<OutboundSseEvent> events(@PathParam("id") String id, @Context Sse sse) {
        view(id);
        String user = identity.getPrincipal().getName();
        java.util.concurrent.atomic.AtomicInteger open = streams.computeIfAbsent(user, u -> new java.util.concurrent.atomic.AtomicInteger());
        if (open.incrementAndGet() > MAX_STREAMS_PER_USER) {
            open.decrementAndGet();
            throw new ApiException(429, "too_many_streams", "at most " + MAX_STREAMS_PER_USER
                    + " event streams per user at once: close one first", List.of());
        }
        AtomicBoolean released = new AtomicBoolean();
        Runnable release = () -> {
            if (released.compareAndSet(false, true)) {
                open.decrementAndGet();
            }
        };
        AtomicBoolean ended = new AtomicBoolean();
        return Multi.createFrom().ticks().startingAfter(Duration.ofMillis(1)).every(Duration.ofSeconds(1))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(t -> view(id))
                // emit until the first view of an ended crawl, that one included, then complete
                .select().first(v -> !ended.get())
                .invoke(v -> ended.set(!CrawlState.valueOf(v.state()).isActive()))
                .map(v -> sse.newEventBuilder().name("progress").mediaType(MediaType.APPLICATION_JSON_TYPE)
                        .data(CrawlView.class, v).build())
                .onTermination().invoke(release);
    }

    /** An editor's name and note for a crawl; a field left out keeps its value, an empty one clears it. */
    public record CrawlLabel(@Schema(nullable = true, maxLength = 200) String name, @Schema(nullable = true, maxLength = 2000) String note) {
    }

    @jakarta.ws.rs.PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Names a crawl and keeps a note on it (API addition)")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "200", description = "the crawl")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "400", description = "a name over 200 or a note over 2,000 characters")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "404", description = "no such crawl")
    public CrawlView label(@PathParam("id") String id, CrawlLabel body) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (body != null && body.name() != null && body.name().length() > 200) {
            problems.add(new ApiError.Detail("name", "at most 200 characters"));
        }
        if (body != null && body.note() != null && body.note().length() > 2000) {
            problems.add(new ApiError.Detail("note", "at most 2,000 characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        QuarkusTransaction.requiringNew().run(() -> {
            Crawl crawl = find(id);
            if (body != null && body.name() != null) {
                crawl.name = body.name().isBlank() ? null : Text.storable(body.name().strip());
            }
            if (body != null && body.note() != null) {
                crawl.note = body.note().isBlank() ? null : Text.storable(body.note().strip());
            }
        });
        return view(id);
    }

    /**
     * The settings the crawl ran with, as the manager gave them to the workers when it started: the site's seeds,
     * scope, politeness and limits of that moment, the order, lanes, topic and budget (API addition).
     */
    @GET
    @Path("/{id}/settings")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "The settings the crawl ran with (a snapshot taken when it started)")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "200", description = "the snapshot",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT,
                    description = "crawlId, siteId, seeds, hosts, include, exclude, delayMs, maxConcurrentPerHost, respectRobots, maxPages,"
                            + " maxDepth, strategy, partitions, mode, laneSeeds, owners, knownUrls, constants, topic (null unless focused),"
                            + " budget, continuous, followLinks, conditional, keepText, allowPrivateNetworks, politenessScope, nodes, urls,"
                            + " groups (the plan's split directories and hashed groups: {split, hashed})")))
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "404", description = "no such crawl")
    public Response settings(@PathParam("id") String id) {
        Crawl crawl = QuarkusTransaction.requiringNew().call(() -> find(id));
        return Response.ok(crawl.spec, MediaType.APPLICATION_JSON).build();
    }

    /** The crawl's busiest hosts: queued URLs and next allowed fetch time (API addition, for the live crawl page). */
    @GET
    @Path("/{id}/hosts")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public List<HostQueue> hosts(@PathParam("id") String id, @QueryParam("limit") String limitParam) {
        int limit = Inputs.intParam("limit", limitParam, 10, 1, 100);
        Crawl crawl = QuarkusTransaction.requiringNew().call(() -> find(id));
        if (!CrawlState.valueOf(crawl.state).isActive()) {
            return List.of();
        }
        return Await.result(frontier.busiestHosts(id, Math.max(1, crawl.partitions), 200, limit));
    }

    @GET
    @Path("/{id}/pages")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public PageView.Listing pages(@PathParam("id") String id, @QueryParam("limit") String limitParam,
            @QueryParam("after") String afterParam) {
        int limit = Inputs.intParam("limit", limitParam, 100, 1, MAX_PAGE_LIMIT);
        long after = Inputs.longParam("after", afterParam, 0, 0, Long.MAX_VALUE);
        return QuarkusTransaction.requiringNew().call(() -> {
            find(id);
            List<PageView> pages = Page.after(id, after, limit).stream().map(PageView::of).toList();
            Long next = pages.size() == limit ? pages.get(pages.size() - 1).id() : null;
            return new PageView.Listing(pages, next);
        });
    }

    /** A quarantined page record as the API shows it: the record's fields as they were reported. */
    public record QuarantineView(long id, String streamId, String reason, @Schema(nullable = true) com.fasterxml.jackson.databind.JsonNode record,
            java.time.Instant createdAt) {
    }

    /** One page of quarantined records, and the cursor of the next. */
    public record QuarantineListing(List<QuarantineView> records, @Schema(nullable = true) Long next) {
    }

    @GET
    @Path("/{id}/quarantine")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public QuarantineListing quarantine(@PathParam("id") String id, @QueryParam("limit") String limitParam,
            @QueryParam("after") String afterParam) {
        int limit = Inputs.intParam("limit", limitParam, 100, 1, MAX_PAGE_LIMIT);
        long after = Inputs.longParam("after", afterParam, 0, 0, Long.MAX_VALUE);
        return QuarkusTransaction.requiringNew().call(() -> {
            find(id);
            List<QuarantineView> records = new java.util.ArrayList<>();
            for (QuarantinedRecord q : QuarantinedRecord.after(id, after, limit)) {
                records.add(new QuarantineView(q.id, q.streamId, q.reason, JSON.readTree(q.record), q.createdAt));
            }
            Long next = records.size() == limit ? records.get(records.size() - 1).id() : null;
            return new QuarantineListing(records, next);
        });
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private CrawlView transition(String id, CrawlState target) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Crawl crawl = find(id);
            CrawlState current = CrawlState.valueOf(crawl.state);
            if (!current.isActive()) {
                throw ApiException.conflict("crawl " + id + " is " + current + " and cannot be changed");
            }
            Crawl changed = service.changeState(id, target);
            return CrawlView.of(changed, service.progress(changed), planConfig, workers::addressesOf);
        });
    }

    CrawlView view(String id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Crawl crawl = find(id);
            return CrawlView.of(crawl, service.progress(crawl), planConfig, workers::addressesOf);
        });
    }

    /** The crawl, or a 404 naming it (API and UI alike). */
    public static Crawl find(String id) {
        Crawl crawl = Crawl.findById(id);
        if (crawl == null) {
            throw ApiException.notFound("crawl", id);
        }
        return crawl;
    }
}
