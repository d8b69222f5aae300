package io.trawler.site;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.UrlRules;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.time.Instant;
import java.util.List;

/** A site editors manage: its seeds, scope, politeness and limits. */
@Entity
public class Site extends PanacheEntityBase {

    /** The site's crawl scope as it stands (hosts, include and exclude patterns, depth). */
    public CrawlScope scope() {
        return new CrawlScope(hosts, include, exclude, maxDepth);
    }

    /** The site's URL rules. */
    public UrlRules urlRules() {
        return new UrlRules(UrlRules.QueryOrder.parse(urlQueryOrder).orElse(UrlRules.QueryOrder.KEEP),
                urlDropParameters);
    }

    @Id
    public String id;
    public String name;
    @Convert(converter = StringListConverter.class)
    public List<String> seeds;
    @Column(name = "scope_hosts")
    @Convert(converter = StringListConverter.class)
    public List<String> hosts;
    @Column(name = "scope_include")
    @Convert(converter = StringListConverter.class)
    public List<String> include;
    @Column(name = "scope_exclude")
    @Convert(converter = StringListConverter.class)
    public List<String> exclude;
    /** The order of a fetched URL's query parameters: {@code keep} (as written) or {@code sort} ({@link io.trawler.parse.UrlRules}). */
    @Column(name = "url_query_order")
    public String urlQueryOrder = "keep";
    /** Query parameters dropped from the site's URLs: names, or prefixes ending in {@code *}. */
    @Column(name = "url_drop_params")
    @Convert(converter = StringListConverter.class)
    public List<String> urlDropParameters = List.of();
    /** Retention: the newest ended crawls kept (null: all); older ones are deleted on their own. */
    @Column(name = "keep_crawls")
    public Integer keepCrawls;
    /** Retention: ended crawls are kept this many days after they ended (null: for ever). */
    @Column(name = "keep_days")
    public Integer keepDays;
    @Column(name = "delay_ms")
    public long delayMs;
    @Column(name = "max_concurrent_per_host")
    public int maxConcurrentPerHost;
    @Column(name = "respect_robots")
    public boolean respectRobots;
    /** Whether crawls send conditional requests for pages with stored validators (an unchanged page costs a 304). */
    @Column(name = "conditional_requests")
    public boolean conditionalRequests = true;
    /** Whether the manager indexes the site's crawls for search (off: its crawls cost no indexing and are not searchable). */
    @Column(name = "search_indexed")
    public boolean searchIndexed = true;
    @Column(name = "max_pages")
    public long maxPages;
    @Column(name = "max_depth")
    public int maxDepth;
    /** Whether this site's fetches may reach private networks (set by an admin only). */
    @Column(name = "allow_private_networks")
    public boolean allowPrivateNetworks;
    /** Whose politeness the site's crawls keep: {@code site} or {@code node} (see {@link io.trawler.frontier.PolitenessScope}). */
    @Column(name = "politeness_scope")
    public String politenessScope = "site";
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
