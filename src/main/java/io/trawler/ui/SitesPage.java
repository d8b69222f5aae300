package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.api.ScheduleView;
import io.trawler.api.ScheduleViews;
import io.trawler.api.SiteView;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlCounts;
import io.trawler.crawl.CrawlQueries;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.CrawlStorage;
import io.trawler.fetch.NetworkGuardPreview;
import io.trawler.order.Strategies;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.UrlNormalizer;
import io.trawler.revisit.RefreshPlans;
import io.trawler.site.Site;
import io.trawler.site.SiteQueries;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Sites: the list (filter, sort, last crawl and its coverage), a site's page (settings, crawls, start a crawl, test
 * a URL against its scope) and the create / edit form. The form is sent to the API by the page's script, so its
 * field errors are the API's validation, shown beside each field.
 */
@Path("/ui/sites")
@Produces(MediaType.TEXT_HTML)
public class SitesPage {

    /** A site in the list, with its latest crawl. */
    /** A crawl in a table, with its counts from the same source as the API (the frontier's while it runs). */
    /** An ordering strategy as the start form offers it: its API name and its name in words. */
    public record Strategy(String name, String label) {
    }

    public record CrawlRow(Crawl crawl, CrawlCounts counts) {
    }

    @jakarta.inject.Inject
    CrawlService crawlService;

    private CrawlRow row(Crawl c) {
        CrawlCounts counts;
        try {
            counts = crawlService.progress(c).counts();
        } catch (RuntimeException frontierDown) {
            counts = CrawlCounts.stored(c);   // the frontier is unavailable: what the row holds
        }
        return new CrawlRow(c, counts);
    }

    public record Row(Site site, CrawlRow last, String refreshPolicy) {
        public int moreSeeds() {
            return site.seeds.size() - 1;
        }

        public String coverage() {
            if (last == null || last.crawl().knownUrls <= 0) {
                return "—";
            }
            return String.format(Locale.ROOT, "%.0f %%", Math.min(100.0, 100.0 * last.counts().unique() / last.crawl().knownUrls));
        }
    }

    /** The answer of the scope test box. */
    /** The scope tester's answer; {@code blocked}: in scope, but the private-network guard refuses the URL (null: it does not). */
    public record ScopeAnswer(String url, boolean inScope, String reason, String blocked) {
        ScopeAnswer(String url, boolean inScope, String reason) {
            this(url, inScope, reason, null);
        }

    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance list(List<Row> rows, String q, String sort);

        static native TemplateInstance site(SiteView site, List<CrawlRow> crawls, boolean active, List<Strategy> strategies,
                List<String> blockedSeeds, List<ScheduleView> schedules, CrawlStorage.SiteStorage storage);

        static native TemplateInstance form(SiteView site, String seeds, String hosts, String include, String exclude);

        static native TemplateInstance scope(ScopeAnswer answer);
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public String list(@QueryParam("q") String q, @QueryParam("sort") String sort) {
        String filter = q == null ? "" : q.trim().toLowerCase(Locale.ROOT);
        String by = sort == null ? "name" : sort;
        {
            Map<String, Crawl> latest = crawlQueries.latestBySite();
            Map<String, String> policies = refreshPlans.policyBySite();
            Comparator<Row> order = switch (by) {
                case "last-crawl" -> Comparator.comparing((Row r) -> r.last() == null ? Instant.EPOCH : r.last().crawl().startedAt).reversed();
                case "pages" -> Comparator.comparingLong((Row r) -> r.last() == null ? 0 : r.last().counts().fetched()).reversed();
                case "created" -> Comparator.comparing((Row r) -> r.site().createdAt);
                default -> Comparator.comparing((Row r) -> r.site().name.toLowerCase(Locale.ROOT));
            };
            List<Row> rows = sites.all().stream()
                    .filter(s -> filter.isEmpty() || s.name.toLowerCase(Locale.ROOT).contains(filter)
                            || s.seeds.stream().anyMatch(u -> u.toLowerCase(Locale.ROOT).contains(filter)))
                    .map(s -> new Row(s, latest.containsKey(s.id) ? row(latest.get(s.id)) : null, policies.getOrDefault(s.id, "")))
                    .sorted(order).toList();
            return Templates.list(rows, q == null ? "" : q, by).render();
        }
    }

    @GET
    @Path("/new")
    @RolesAllowed(Role.Rights.EDIT)
    public String create() {
        return Templates.form(null, "", "", "", "").render();
    }

    @GET
    @Path("/{id}")
    @RolesAllowed(Role.Rights.READ)
    public String site(@PathParam("id") String id) {
        {
            Site s = sites.site(id);
            List<Crawl> crawls = crawlQueries.ofSite(id);
            boolean active = crawls.stream().anyMatch(Crawl::isActive);
            List<String> blockedSeeds = s.seeds.stream().flatMap(seed -> guard.checkLiteral(seed, s.allowPrivateNetworks)
                    .map(why -> seed + ": " + why).stream()).toList();
            return Templates.site(SiteView.of(s), crawls.stream().limit(50).map(this::row).toList(), active, Strategies.NAMES.stream().map(n -> new Strategy(n, Strategies.label(n))).toList(),
                    blockedSeeds, schedules.ofSite(id), storage.ofSite(id)).render();
        }
    }

    @GET
    @Path("/{id}/edit")
    @RolesAllowed(Role.Rights.EDIT)
    public String edit(@PathParam("id") String id) {
        Site s = sites.site(id);
        return Templates.form(SiteView.of(s), String.join("\n", s.seeds), String.join("\n", s.hosts), String.join("\n", s.include),
                String.join("\n", s.exclude)).render();
    }

    /** Whether a URL is in the site's scope, and why not: the crawl's own scope check. */
    @GET
    @Path("/{id}/scope")
    @RolesAllowed(Role.Rights.READ)
    public String scope(@PathParam("id") String id, @QueryParam("url") String url) {
        Site s = sites.site(id);
        String given = url == null ? "" : url.trim();
        if (given.length() > 2048) {
            return Templates.scope(new ScopeAnswer(given.substring(0, 200) + "…", false, "longer than 2,048 characters")).render();
        }
        var normalised = UrlNormalizer.normalize(given);
        if (normalised.isEmpty()) {
            return Templates.scope(new ScopeAnswer(given, false, "not an absolute http(s) URL")).render();
        }
        CrawlScope scope = s.scope();
        String reason = switch (scope.check(normalised.get(), 0)) {
            case IN -> "";
            case HOST -> "its host and port (" + CrawlScope.entryFor(normalised.get()) + ") are not among the scope's hosts " + s.hosts;
            case NOT_INCLUDED -> "it matches none of the include patterns";
            case EXCLUDED -> "it matches an exclude pattern";
            case TOO_DEEP -> "it is deeper than the site's depth limit";
        };
        String blocked = reason.isEmpty() ? guard.check(normalised.get(), s.allowPrivateNetworks).orElse(null) : null;
        return Templates.scope(new ScopeAnswer(normalised.get(), reason.isEmpty(), reason, blocked)).render();
    }

    /** The fetcher's private-network guard, as the worker applies it. */
    @Inject
    NetworkGuardPreview guard;

    /** The site's schedules, as the API lists them. */
    @Inject
    ScheduleViews schedules;

    @Inject
    SiteQueries sites;

    @Inject
    CrawlQueries crawlQueries;

    /** What the site's crawls store. */
    @Inject
    CrawlStorage storage;

    @Inject
    RefreshPlans refreshPlans;
}
