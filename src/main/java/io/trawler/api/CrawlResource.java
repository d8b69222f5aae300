package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.CrawlState;
import io.trawler.crawl.Page;
import io.trawler.crawl.PageIngestor;
import io.trawler.site.Site;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
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
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/** Crawls: start, read, pause, resume, stop, live events and page records (API.md, "Crawls"). */
@Path("/api/v1/crawls")
@Produces(MediaType.APPLICATION_JSON)
public class CrawlResource {

    private static final Logger LOG = Logger.getLogger(CrawlResource.class);
    static final int MAX_PAGE_LIMIT = 1000;

    private final CrawlService service;
    private final PageIngestor ingestor;
    private final io.trawler.plan.PlanConfig planConfig;

    public CrawlResource(CrawlService service, PageIngestor ingestor, io.trawler.plan.PlanConfig planConfig) {
        this.service = service;
        this.ingestor = ingestor;
        this.planConfig = planConfig;
    }

    @GET
    @Path("/{id}")
    public CrawlView get(@PathParam("id") String id) {
        return view(id);
    }

    @POST
    @Path("/{id}/pause")
    public CrawlView pause(@PathParam("id") String id) {
        return transition(id, CrawlState.PAUSED);
    }

    @POST
    @Path("/{id}/resume")
    public CrawlView resume(@PathParam("id") String id) {
        return transition(id, CrawlState.RUNNING);
    }

    @POST
    @Path("/{id}/stop")
    public CrawlView stop(@PathParam("id") String id) {
        CrawlView v = transition(id, CrawlState.STOPPED);
        try {
            ingestor.drain(id);
            ingestor.closeGraph(id);
        } catch (Exception e) {
            LOG.warnf("Crawl %s: page records after stop not ingested: %s", id, e.toString());
        }
        return v;
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @io.smallrye.common.annotation.Blocking
    public Multi<OutboundSseEvent> events(@PathParam("id") String id, @Context Sse sse) {
        view(id);
        AtomicBoolean ended = new AtomicBoolean();
        return Multi.createFrom().ticks().startingAfter(Duration.ofMillis(1)).every(Duration.ofSeconds(1))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(t -> view(id))
                // emit until the first view of an ended crawl, that one included, then complete
                .select().first(v -> !ended.get())
                .invoke(v -> ended.set(!CrawlState.valueOf(v.state()).isActive()))
                .map(v -> sse.newEventBuilder().name("progress").mediaType(MediaType.APPLICATION_JSON_TYPE)
                        .data(CrawlView.class, v).build());
    }

    @GET
    @Path("/{id}/pages")
    public PageView.Listing pages(@PathParam("id") String id, @QueryParam("limit") @DefaultValue("100") int limit,
            @QueryParam("after") @DefaultValue("0") long after) {
        if (limit < 1 || limit > MAX_PAGE_LIMIT) {
            throw ApiException.invalid(List.of(new ApiError.Detail("limit", "must be between 1 and " + MAX_PAGE_LIMIT)));
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            find(id);
            List<PageView> pages = Page.after(id, after, limit).stream().map(PageView::of).toList();
            Long next = pages.size() == limit ? pages.get(pages.size() - 1).id() : null;
            return new PageView.Listing(pages, next);
        });
    }

    private CrawlView transition(String id, CrawlState target) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Crawl crawl = find(id);
            CrawlState current = CrawlState.valueOf(crawl.state);
            if (!current.isActive()) {
                throw ApiException.conflict("crawl " + id + " is " + current + " and cannot be changed");
            }
            Crawl changed = service.changeState(id, target);
            return CrawlView.of(changed, service.progress(changed), planConfig);
        });
    }

    CrawlView view(String id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Crawl crawl = find(id);
            return CrawlView.of(crawl, service.progress(crawl), planConfig);
        });
    }

    private static Crawl find(String id) {
        Crawl crawl = Crawl.findById(id);
        if (crawl == null) {
            throw ApiException.notFound("crawl", id);
        }
        return crawl;
    }
}
