package io.trawler.api;

import io.trawler.config.Ids;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.parse.UrlNormalizer;
import io.trawler.site.Site;
import io.trawler.site.SiteDefaults;
import jakarta.transaction.Transactional;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/** Sites: create, list, read, replace and delete (API.md, "Sites"). */
@Path("/api/v1/sites")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SiteResource {

    private final CrawlService crawls;
    private final io.trawler.revisit.RefreshStore revisits;

    public SiteResource(CrawlService crawls, io.trawler.revisit.RefreshStore revisits) {
        this.crawls = crawls;
        this.revisits = revisits;
    }

    @POST
    @Transactional
    public Response create(SiteRequest request) {
        Site site = new Site();
        site.id = Ids.newId();
        site.createdAt = Instant.now();
        apply(site, request);
        site.persist();
        return Response.status(201).entity(SiteView.of(site)).build();
    }

    @GET
    public List<SiteView> list() {
        return Site.<Site>listAll().stream().sorted((a, b) -> a.createdAt.compareTo(b.createdAt)).map(SiteView::of).toList();
    }

    @GET
    @Path("/{id}")
    public SiteView get(@PathParam("id") String id) {
        return SiteView.of(find(id));
    }

    @PUT
    @Path("/{id}")
    @Transactional
    public SiteView replace(@PathParam("id") String id, SiteRequest request) {
        Site site = find(id);
        apply(site, request);
        return SiteView.of(site);
    }

    @DELETE
    @Path("/{id}")
    @Transactional
    public Response delete(@PathParam("id") String id) {
        Site site = find(id);
        if (crawls.activeCrawlOf(id).isPresent()) {
            throw ApiException.conflict("site " + id + " has a running crawl: stop it first");
        }
        for (Crawl c : Crawl.ofSite(id)) {
            crawls.deleteFrontier(c.id);
        }
        io.trawler.crawl.Page.delete("crawlId in (select c.id from Crawl c where c.siteId = ?1)", id);
        Crawl.delete("siteId", id);
        revisits.delete(id);   // page histories, due times and signals in Redis
        site.delete();
        return Response.noContent().build();
    }

    static Site find(String id) {
        Site site = Site.findById(id);
        if (site == null) {
            throw ApiException.notFound("site", id);
        }
        return site;
    }

    private static void apply(Site site, SiteRequest r) {
        List<ApiError.Detail> problems = SiteRequestValidator.validate(r);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        site.name = r.name().trim();
        site.seeds = r.seeds().stream().map(String::trim).toList();
        SiteRequest.Scope scope = r.scope() == null ? new SiteRequest.Scope(null, null, null) : r.scope();
        site.hosts = scope.hosts() == null || scope.hosts().isEmpty() ? seedHosts(site.seeds)
                : scope.hosts().stream().map(h -> h.toLowerCase(Locale.ROOT)).distinct().toList();
        site.include = scope.include() == null ? List.of() : scope.include();
        site.exclude = scope.exclude() == null ? List.of() : scope.exclude();
        SiteRequest.Politeness p = r.politeness() == null ? new SiteRequest.Politeness(null, null, null) : r.politeness();
        site.delayMs = p.delayMs() == null ? SiteDefaults.DELAY_MS : p.delayMs();
        site.maxConcurrentPerHost = p.maxConcurrentPerHost() == null ? SiteDefaults.MAX_CONCURRENT_PER_HOST : p.maxConcurrentPerHost();
        site.respectRobots = p.respectRobots() == null ? SiteDefaults.RESPECT_ROBOTS : p.respectRobots();
        SiteRequest.Limits l = r.limits() == null ? new SiteRequest.Limits(null, null) : r.limits();
        site.maxPages = l.maxPages() == null ? SiteDefaults.MAX_PAGES : l.maxPages();
        site.maxDepth = l.maxDepth() == null ? SiteDefaults.MAX_DEPTH : l.maxDepth();
        site.updatedAt = Instant.now();
    }

    private static List<String> seedHosts(List<String> seeds) {
        List<String> hosts = new ArrayList<>(new LinkedHashSet<>(seeds.stream()
                .map(s -> UrlNormalizer.hostOf(UrlNormalizer.normalize(s).orElseThrow())).toList()));
        return List.copyOf(hosts);
    }
}
