package io.trawler.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.api.CrawlView;
import io.trawler.api.Inputs;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.crawl.CrawlQueries.Blocked;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.CrawlSpec;
import io.trawler.crawl.CrawlStorage;
import io.trawler.crawl.FocusFigures;
import io.trawler.crawl.HostStats;
import io.trawler.crawl.Page;
import io.trawler.crawl.RateHistory;
import io.trawler.crawl.StatusClasses;
import io.trawler.errors.ApiException;
import io.trawler.frontier.HostDetail;
import io.trawler.frontier.WorkerRegistry;
import io.trawler.partition.PartitionMetrics;
import io.trawler.partition.PartitionSimulator;
import io.trawler.plan.PlanConfig;
import io.trawler.plan.PlanService;
import io.trawler.search.CrawlSearch;
import io.trawler.site.Site;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * A crawl, live, and its page records with filters (status or status class, content type, path prefix, least
 * relevance) and keyset paging on the server. Live: the page renders the crawl as it is and its latest fetches; the page's script then follows the
 * crawl's event stream (counts, rate, queue, lanes, partition metrics) and the new page records, and offers pause,
 * resume and stop to those who may.
 */
@Path("/ui/crawls")
@Produces(MediaType.TEXT_HTML)
public class CrawlPage {

    static final int TAIL = 50;

    /**
     * The predicted metrics of the site's saved plan, for a partitioned crawl, formatted as the live ones are (three
     * decimals; null fields when there is none).
     */
    public record Predicted(String overlap, String coverage, String acceleration, String composite) {
        static Predicted of(PartitionMetrics m) {
            return new Predicted(f(m.overlap()), f(m.coverage()), f(m.acceleration()), f(m.composite()));
        }

        private static String f(double x) {
            return String.format(java.util.Locale.ROOT, "%.3f", x);
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance crawl(CrawlView crawl, Site site, List<Page> tail, long lastPageId, Predicted predicted,
                StatusClasses statuses, long maxPages, RateHistory.Series rateHistory, Blocked blocked, CrawlQueries.HostListing hosts, CrawlSpec spec,
                FocusFigures focus, CrawlStorage.Storage storage);

        static native TemplateInstance search(Crawl crawl, Site site, String query, CrawlSearch.SearchView result,
                String error);

        static native TemplateInstance frontier(Crawl crawl, Site site, CrawlQueries.FrontierHosts hosts, long now,
                HostPager pager);

        static native TemplateInstance host(Crawl crawl, Site site, String host, HostStats done,
                HostDetail frontier, long now, HostPager pager);
    }

    private final CrawlService crawls;
    private final PlanConfig planConfig;
    private final PlanService plans;
    private final ObjectMapper json;

    private final CrawlSearch searches;
    private final CrawlQueries queries;

    private final WorkerRegistry workers;
    private final CrawlStorage storage;

    public CrawlPage(CrawlService crawls, PlanConfig planConfig, PlanService plans, ObjectMapper json,
            CrawlQueries queries, CrawlSearch searches, WorkerRegistry workers, CrawlStorage storage) {
        this.storage = storage;
        this.workers = workers;
        this.queries = queries;
        this.searches = searches;
        this.json = json;
        this.crawls = crawls;
        this.planConfig = planConfig;
        this.plans = plans;
    }

    @GET
    @Path("/{id}")
    @RolesAllowed(Role.Rights.READ)
    public String crawl(@PathParam("id") String id) {
        CrawlQueries.CrawlAndSite cs = queries.withSite(id);
        Crawl c = cs.crawl();
        Site site = cs.site();
        {
            List<Page> tail = queries.latest(id, TAIL);
            long last = tail.isEmpty() ? 0 : tail.get(0).id;
            CrawlSpec spec = null;
            try {
                spec = c.spec == null ? null : json.readValue(c.spec, CrawlSpec.class);
            } catch (java.io.IOException | RuntimeException unreadable) {
                // no limit and no settings shown
            }
            Predicted predicted = new Predicted(null, null, null, null);
            if (c.partitions > 1 && site != null && spec != null) {
                try {
                    // predicted for the crawl as it ran: its lanes, mode, depth and page limit
                    PartitionSimulator.Limit limit = new PartitionSimulator.Limit(
                            Math.max(0, spec.maxPages()));
                    predicted = plans.predictedFor(site, c.partitions, spec.crawlMode(), spec.maxDepth(), limit)
                            .map(Predicted::of).orElse(predicted);
                } catch (RuntimeException e) {
                    // no graph to predict from any more: the live figures stand alone
                }
            }
            long maxPages = spec == null ? 0 : spec.maxPages();
            StatusClasses statuses = queries.statusClasses(id);
            long runStart = c.startedAt == null ? System.currentTimeMillis() : c.startedAt.toEpochMilli();
            long runEnd = c.finishedAt != null && !c.isActive() ? c.finishedAt.toEpochMilli() : System.currentTimeMillis();
            RateHistory.Series rates = queries.rates(id, runStart, runEnd);
            CrawlQueries.HostListing hosts = queries.hosts(id, HostStats.Order.PAGES, HOSTS);
            return Templates.crawl(CrawlView.of(c, crawls.progress(c), planConfig, workers::addressesOf), site, tail, last, predicted,
                    statuses, maxPages, rates, statuses.other() == 0 ? Blocked.NONE : queries.blocked(id), hosts, complete(spec),
                    focus(c, spec), storage.of(id)).render();
        }
    }

    static final int HOSTS = 20;

    /** The snapshot when it holds what the settings card shows (a crawl recorded without one shows "not recorded"). */
    private static CrawlSpec complete(CrawlSpec spec) {
        return spec != null && spec.seeds() != null && spec.hosts() != null && spec.include() != null && spec.exclude() != null
                && spec.strategy() != null ? spec : null;
    }

    /** Search over the crawl's URLs and main text, through the API's resource (same answers, same refusals). */
    @GET
    @Path("/{id}/search")
    @RolesAllowed(Role.Rights.READ)
    public Response search(@PathParam("id") String id, @QueryParam("q") String q, @QueryParam("offset") String offset) {
        CrawlQueries.CrawlAndSite cs = queries.withSite(id);
        Crawl c = cs.crawl();
        Site site = cs.site();
        if (q == null || q.isBlank()) {
            return Response.ok(Templates.search(c, site, "", null, null).render()).build();
        }
        try {
            CrawlSearch.SearchView result = searches.search(id, q, Inputs.intParam("offset", offset, 0, 0, 10_000), 20);
            return Response.ok(Templates.search(c, site, q, result, null).render()).build();
        } catch (ApiException e) {
            return Response.status(e.status()).entity(Templates.search(c, site, q, null, e.getMessage()).render()).build();
        } catch (java.io.IOException e) {
            return Response.status(500).entity(Templates.search(c, site, q, null, "the index could not be read: " + e.getMessage()).render())
                    .build();
        }
    }

    /**
     * One host of the crawl, as the API's host view gives it: the stored records' figures and, while the crawl runs,
     * the frontier's view of it (queues and next URLs per lane, politeness wait per polite client), with the forms that
     * drop its queued URLs.
     */
    @GET
    @Path("/{id}/hosts/{host}")
    @RolesAllowed(Role.Rights.READ)
    public String host(@PathParam("id") String id, @PathParam("host") String host, @QueryParam("from") String fromParam,
            @QueryParam("dropped") String droppedParam) {
        CrawlQueries.CrawlAndSite cs = queries.withSite(id);
        Crawl c = cs.crawl();
        Site site = cs.site();
        int from = Inputs.intParam("from", fromParam, 0, 0, 100_000_000) / HOST_PAGE * HOST_PAGE;
        Integer dropped = droppedParam == null ? null : Inputs.intParam("dropped", droppedParam, 0, 0, Integer.MAX_VALUE);
        CrawlQueries.HostView view = queries.host(id, host, from, HOST_PAGE);
        long most = view.frontier() == null ? 0 : view.frontier().lanes().stream().mapToLong(HostDetail.Lane::queued).max().orElse(0);
        HostPager pager = new HostPager(from, HOST_PAGE, from + HOST_PAGE < most, dropped);
        return Templates.host(c, site, view.host(), view.done(), view.frontier(), view.now(), pager).render();
    }

    /** Every host waiting in the frontier of a running crawl, earliest allowed fetch first, a page at a time. */
    @GET
    @Path("/{id}/frontier")
    @RolesAllowed(Role.Rights.READ)
    public String frontier(@PathParam("id") String id, @QueryParam("from") String fromParam) {
        CrawlQueries.CrawlAndSite cs = queries.withSite(id);
        Crawl c = cs.crawl();
        Site site = cs.site();
        int from = Inputs.intParam("from", fromParam, 0, 0, 10_000) / HOST_PAGE * HOST_PAGE;
        CrawlQueries.FrontierHosts hosts = queries.frontierHosts(id, from, HOST_PAGE);
        HostPager pager = new HostPager(from, HOST_PAGE, hosts.next() != null, null);
        return Templates.frontier(c, site, hosts, System.currentTimeMillis(), pager).render();
    }

    /** URLs shown per lane on a host's page. */
    static final int HOST_PAGE = 50;

    /**
     * Where a host page's lists of queued URLs start ({@code from}, 0 the first), whether a next page exists, and how many
     * URLs the drop just made took out (null when the page was not opened by a drop).
     */
    public record HostPager(int from, int size, boolean more, Integer dropped) {
        public int previous() {
            return Math.max(0, from - size);
        }

        public int next() {
            return from + size;
        }
    }

    /** A focused crawl's harvest so far (null for other crawls). */
    private FocusFigures focus(Crawl c, CrawlSpec spec) {
        boolean focused = c.strategy != null && c.strategy.startsWith("focused");
        if (!focused) {
            return null;
        }
        FocusFigures f = queries.focus(c.id);
        return spec == null || spec.topic() == null ? f
                : f.explained(c.state, c.strategy, spec.topic().threshold(), c.fetched, spec.maxPages(), spec.budget());
    }
}
