package io.trawler.api;

import io.quarkus.security.identity.SecurityIdentity;
import io.trawler.account.Role;
import io.trawler.config.Ids;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.crawl.Page;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.frontier.PolitenessScope;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.UrlNormalizer;
import io.trawler.parse.UrlRules;
import io.trawler.revisit.RefreshStore;
import io.trawler.site.Site;
import io.trawler.site.SiteDefaults;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Creating, changing and deleting sites, for the API and the UI alike: the same validation
 * ({@link SiteRequestValidator}, field names as in the API), the same rights (only an admin may open a site to
 * private networks), the same clean-up on delete. Callers find the site; this validates before it changes anything.
 */
@ApplicationScoped
public class SiteCommands {

    private final CrawlService crawls;
    private final RefreshStore revisits;
    private final SecurityIdentity identity;

    public SiteCommands(CrawlService crawls, RefreshStore revisits, SecurityIdentity identity) {
        this.crawls = crawls;
        this.revisits = revisits;
        this.identity = identity;
    }

    /** A new site; throws {@link ApiException} (400) naming each bad field, or a ForbiddenException. */
    @Transactional
    public Site create(SiteRequest request) {
        Site site = new Site();
        site.id = Ids.newId();
        site.createdAt = Instant.now();
        mayChangeAdminSettings(site, request);
        apply(site, request);
        site.persist();
        return site;
    }

    /** Replaces a site's settings (a managed entity: the change is written at commit). */
    @Transactional
    public Site replace(Site site, SiteRequest request) {
        Site managed = Site.findById(site.id);
        mayChangeAdminSettings(managed, request);
        NodeConsent consent = NodeConsent.of(managed);
        apply(managed, request);
        if (!identity.hasRole(Role.Rights.ADMIN) && !consent.coversChangeTo(managed)) {
            // politeness scope node was an admin's consent for these hosts at this politeness, not for the record
            managed.politenessScope = PolitenessScope.SITE.code();
        }
        return managed;
    }

    /** Deletes a site with its crawls, page records, frontier keys and revisit state; 409 while it has a running crawl. */
    @Transactional
    public void delete(Site site) {
        String id = site.id;
        if (crawls.activeCrawlOf(id).isPresent()) {
            throw ApiException.conflict("site " + id + " has a running crawl: stop it first");
        }
        for (Crawl c : Crawl.ofSite(id)) {
            crawls.deleteFrontier(c.id);
            crawls.forget(c.id);   // link-graph writer, PageRank state, caches
        }
        Page.delete("crawlId in (select c.id from Crawl c where c.siteId = ?1)", id);
        Crawl.delete("siteId", id);
        revisits.delete(id);   // page histories, due times and signals in Redis
        Site.deleteById(id);
    }

    /**
     * Only an admin may let a site reach private networks or give it politeness scope {@code node} (switching either
     * off is anyone's), and only an admin may change the seeds or hosts of a site that may reach private networks: an
     * editor cannot point an approved intranet site elsewhere. (An editor's change of a {@code node} site's hosts, or
     * lowering of its politeness, puts it back to scope {@code site}: {@link NodeConsent}.)
     */
    void mayChangeAdminSettings(Site site, SiteRequest r) {
        if (r == null || identity.hasRole(Role.Rights.ADMIN)) {
            return;
        }
        String scope = r.politeness() == null ? null : r.politeness().scope();
        if (scope != null && PolitenessScope.parse(scope).orElse(null) == PolitenessScope.NODE
                && !"node".equals(site.politenessScope)) {
            throw new io.quarkus.security.ForbiddenException("only an admin may set politeness.scope to node: each node would then be"
                    + " its own polite client, which needs the site owner's consent");
        }
        Boolean asked = r.scope() == null ? null : r.scope().allowPrivateNetworks();
        if (Boolean.TRUE.equals(asked) && !site.allowPrivateNetworks) {
            throw new io.quarkus.security.ForbiddenException("only an admin may set scope.allowPrivateNetworks");
        }
        if (site.allowPrivateNetworks && !Boolean.FALSE.equals(asked) && r.seeds() != null) {
            List<String> hosts = r.scope() == null || r.scope().hosts() == null || r.scope().hosts().isEmpty()
                    ? seedHosts(r.seeds().stream().filter(java.util.Objects::nonNull).map(String::trim)
                            .filter(u -> UrlNormalizer.normalize(u).isPresent()).toList())
                    : r.scope().hosts().stream().filter(java.util.Objects::nonNull).map(UrlNormalizer::canonicalHost).distinct().toList();
            List<String> seeds = r.seeds().stream().map(s -> s == null ? null : s.trim()).toList();
            if (!seeds.equals(site.seeds) || !new java.util.HashSet<>(hosts).equals(new java.util.HashSet<>(site.hosts))) {
                throw new io.quarkus.security.ForbiddenException("only an admin may change the seeds or scope.hosts of a site allowed to"
                        + " reach private networks (or switch scope.allowPrivateNetworks off with the change)");
            }
        }
    }

    /**
     * What an admin consented to when giving a site politeness scope {@code node} (each node its own polite client): these
     * hosts, at this delay or slower, this many fetches per host or fewer. A change beyond it by anyone but an admin puts
     * the site back to scope {@code site}, as a change of hosts of a site allowed to reach private networks needs an admin.
     */
    record NodeConsent(boolean node, java.util.Set<String> hosts, long delayMs, int maxConcurrentPerHost) {

        static NodeConsent of(Site site) {
            return new NodeConsent("node".equals(site.politenessScope), new java.util.HashSet<>(site.hosts == null ? List.of() : site.hosts),
                    site.delayMs, site.maxConcurrentPerHost);
        }

        boolean coversChangeTo(Site after) {
            return !node || !"node".equals(after.politenessScope)
                    || hosts.equals(new java.util.HashSet<>(after.hosts)) && after.delayMs >= delayMs && after.maxConcurrentPerHost <= maxConcurrentPerHost;
        }
    }

    static void apply(Site site, SiteRequest r) {
        List<ApiError.Detail> problems = SiteRequestValidator.validate(r);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        site.name = r.name().trim();
        site.seeds = r.seeds().stream().map(String::trim).toList();
        SiteRequest.Scope scope = r.scope() == null ? new SiteRequest.Scope(null, null, null) : r.scope();
        site.hosts = scope.hosts() == null || scope.hosts().isEmpty() ? seedHosts(site.seeds)
                : scope.hosts().stream().map(UrlNormalizer::canonicalHost).distinct().toList();
        site.include = scope.include() == null ? List.of() : scope.include();
        site.exclude = scope.exclude() == null ? List.of() : scope.exclude();
        if (scope.allowPrivateNetworks() != null) {
            site.allowPrivateNetworks = scope.allowPrivateNetworks();
        }
        if (r.politeness() != null && r.politeness().scope() != null) {
            site.politenessScope = PolitenessScope.parse(r.politeness().scope()).orElseThrow().code();
        }
        SiteRequest.Politeness p = r.politeness() == null ? new SiteRequest.Politeness(null, null, null) : r.politeness();
        site.delayMs = p.delayMs() == null ? SiteDefaults.DELAY_MS : p.delayMs();
        site.maxConcurrentPerHost = p.maxConcurrentPerHost() == null ? SiteDefaults.MAX_CONCURRENT_PER_HOST : p.maxConcurrentPerHost();
        site.respectRobots = p.respectRobots() == null ? SiteDefaults.RESPECT_ROBOTS : p.respectRobots();
        site.conditionalRequests = p.conditionalRequests() == null || p.conditionalRequests();
        site.searchIndexed = r.search() == null || r.search().indexed() == null || r.search().indexed();
        SiteRequest.Limits l = r.limits() == null ? new SiteRequest.Limits(null, null) : r.limits();
        site.maxPages = l.maxPages() == null ? SiteDefaults.MAX_PAGES : l.maxPages();
        site.maxDepth = l.maxDepth() == null ? SiteDefaults.MAX_DEPTH : l.maxDepth();
        site.keepCrawls = r.retention() == null ? null : r.retention().keepCrawls();
        site.keepDays = r.retention() == null ? null : r.retention().keepDays();
        SiteRequest.Urls u = r.urls() == null ? new SiteRequest.Urls(null, null) : r.urls();
        UrlRules rules = new UrlRules(
                u.queryOrder() == null ? null : UrlRules.QueryOrder.parse(u.queryOrder()).orElseThrow(), u.dropParameters());
        site.urlQueryOrder = rules.queryOrder().apiName();
        site.urlDropParameters = rules.dropParameters();
        site.updatedAt = Instant.now();
    }

    /** The scope entries of the seeds: host, or host:port for a port other than the scheme's default. */
    private static List<String> seedHosts(List<String> seeds) {
        List<String> hosts = new ArrayList<>(new LinkedHashSet<>(seeds.stream()
                .map(s -> CrawlScope.entryFor(UrlNormalizer.normalize(s).orElseThrow())).toList()));
        return List.copyOf(hosts);
    }
}
