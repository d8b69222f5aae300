package io.trawler.revisit;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.config.Ids;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlService;
import io.trawler.frontier.Frontier;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.MatchBudget;
import io.trawler.parse.UrlNormalizer;
import io.trawler.plan.PlanService;
import io.trawler.redis.Await;
import io.trawler.refresh.PageHistory;
import io.trawler.site.ScopeIndex;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Recrawl requests: the URLs asked for (a list, the known pages under a path prefix, or all the site's known
 * pages) that are in the site's scope are queued in its active crawl ahead of everything else, by priority, or,
 * when it has none, in a new crawl that fetches only them. URLs out of scope are rejected with the reason.
 */
@ApplicationScoped
public class RecrawlService {

    private final RefreshStore store;
    private final Frontier frontier;
    private final CrawlService crawls;
    private final PlanService plans;

    /** No EntityManager is injected: in the worker role there is no database, and this bean must still be creatable. */
    public RecrawlService(RefreshStore store, Frontier frontier, CrawlService crawls, PlanService plans) {
        this.store = store;
        this.frontier = frontier;
        this.crawls = crawls;
        this.plans = plans;
    }

    private static EntityManager em() {
        return io.quarkus.hibernate.orm.panache.Panache.getEntityManager();
    }

    /** A URL that was not queued, and why. */
    public record Rejection(@Schema(nullable = true) String url, String reason) {
    }

    /** The URLs of a request split into those to fetch and those rejected. */
    public record Selection(List<String> accepted, List<Rejection> rejected) {
    }

    /** Checks listed URLs against the site's scope. */
    public static Selection select(Site site, List<String> urls) {
        CrawlScope scope = ScopeIndex.scopeOf(site);
        MatchBudget budget = MatchBudget.perRequest();
        Set<String> accepted = new LinkedHashSet<>();
        List<Rejection> rejected = new ArrayList<>();
        for (String raw : urls) {
            Optional<String> url = raw == null ? Optional.empty() : site.urlRules().normalize(raw.trim());
            if (url.isEmpty()) {
                rejected.add(new Rejection(SignalService.quote(raw), "not an absolute http(s) URL of at most 2048 characters"));
                continue;
            }
            if (!budget.pay(url.get(), scope)) {
                rejected.add(new Rejection(SignalService.quote(raw), SignalService.NOT_CHECKED));
                continue;
            }
            String reason = switch (scope.check(url.get(), 0)) {
                case IN -> null;
                case HOST -> "host " + SignalService.quote(UrlNormalizer.authorityOf(url.get())) + " is not in the site's scope "
                        + SignalService.quote(String.valueOf(site.hosts));
                case NOT_INCLUDED -> "matches none of the site's include patterns";
                case EXCLUDED -> "matches one of the site's exclude patterns";
                case TOO_DEEP -> "deeper than the site's maxDepth";
            };
            if (reason == null) {
                accepted.add(url.get());
            } else {
                rejected.add(new Rejection(SignalService.quote(raw), reason));
            }
        }
        return new Selection(List.copyOf(accepted), rejected);
    }

    /** The site's known pages (those with a history) whose path, or URL, starts with {@code prefix}; all with null. */
    public List<String> knownPages(String siteId, String prefix) {
        List<String> out = new ArrayList<>();
        store.forEach(siteId, (url, h) -> {
            if (prefix == null || url.startsWith(prefix) || pathOf(url).startsWith(prefix)) {
                out.add(url);
            }
        });
        out.sort(null);
        return out;
    }

    static String pathOf(String url) {
        int scheme = url.indexOf("://");
        int slash = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
        return slash < 0 ? "/" : url.substring(slash);
    }

    /** Queues the accepted URLs (in the site's active crawl, else a new one) and records the request. */
    public Recrawl submit(Site site, List<String> urls, int priority, int rejected) {
        Recrawl r = new Recrawl();
        r.id = Ids.newId();
        r.siteId = site.id;
        r.priority = priority;
        r.requestedAt = Instant.now();
        r.accepted = urls.size();
        r.rejected = rejected;
        Optional<Crawl> active = QuarkusTransaction.requiringNew().call(() -> crawls.activeCrawlOf(site.id));
        if (urls.isEmpty()) {
            r.crawlId = active.map(c -> c.id).orElse("");
        } else if (active.isPresent()) {
            Crawl crawl = active.get();
            r.crawlId = crawl.id;
            Await.result(frontier.revisit(crawl.id, priority, RevisitFeeder.lanes(crawls.spec(crawl), urls), System.currentTimeMillis()));
        } else {
            r.crawlId = QuarkusTransaction.requiringNew().call(() -> crawls.startRecrawl(site, urls, priority, plans.knownUrls(site)).id);
        }
        QuarkusTransaction.requiringNew().run(() -> {
            r.persist();
            for (String u : urls) {
                em().createNativeQuery("INSERT INTO recrawl_url (recrawl_id, url) VALUES (?1, ?2)").setParameter(1, r.id)
                        .setParameter(2, u).executeUpdate();
            }
        });
        return r;
    }

    /** How many of a request's URLs have been fetched since it was made. */
    public int fetched(Recrawl r) {
        @SuppressWarnings("unchecked")
        List<String> urls = QuarkusTransaction.requiringNew().call(() -> em()
                .createNativeQuery("SELECT url FROM recrawl_url WHERE recrawl_id = ?1").setParameter(1, r.id).getResultList());
        long since = r.requestedAt.toEpochMilli();
        int fetched = 0;
        for (int i = 0; i < urls.size(); i += 1000) {
            for (PageHistory h : store.histories(r.siteId, urls.subList(i, Math.min(urls.size(), i + 1000)))) {
                if (h.lastFetch() >= since) {
                    fetched++;
                }
            }
        }
        return fetched;
    }
}
