package io.trawler.api;

import java.util.List;

/** Body of POST and PUT /api/v1/sites: only {@code name} and {@code seeds} are required. */
public record SiteRequest(String name, List<String> seeds, Scope scope, Politeness politeness, Limits limits, Urls urls,
        Retention retention, Search search) {

    public SiteRequest(String name, List<String> seeds, Scope scope, Politeness politeness, Limits limits) {
        this(name, seeds, scope, politeness, limits, null, null, null);
    }

    public SiteRequest(String name, List<String> seeds, Scope scope, Politeness politeness, Limits limits, Urls urls) {
        this(name, seeds, scope, politeness, limits, urls, null, null);
    }

    public SiteRequest(String name, List<String> seeds, Scope scope, Politeness politeness, Limits limits, Urls urls,
            Retention retention) {
        this(name, seeds, scope, politeness, limits, urls, retention, null);
    }

    /**
     * Whether the manager indexes the site's crawls for search ({@code indexed}, default true). Off: its crawls cost no
     * indexing, and searching one answers 409; indexes already complete stay searchable.
     */
    public record Search(@org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true,
            description = "index the site's crawls for search (default true)") Boolean indexed) {
    }

    /**
     * Which ended crawls the site keeps: the newest {@code keepCrawls} (1 … 1,000), and those that ended within
     * {@code keepDays} days (1 … 36,500); older ones are deleted on their own, with their records and the WARC files no
     * kept crawl needs. Null fields keep everything; the newest ended crawl is always kept.
     */
    public record Retention(@org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, minimum = "1", maximum = "1000")
            Integer keepCrawls,
            @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, minimum = "1", maximum = "36500") Integer keepDays) {
    }

    /**
     * How the site's URLs are fetched: query parameters in the order the site wrote them ({@code keep}, the default)
     * or sorted ({@code sort}), and parameters to drop (names, or prefixes ending in {@code *}: {@code utm_*},
     * {@code PHPSESSID}). URLs that differ only in parameter order are one URL whatever the order.
     */
    public record Urls(@org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"keep", "sort"}, nullable = true)
            String queryOrder, @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true) List<String> dropParameters) {
    }

    /**
     * What belongs to the site: {@code hosts} entries ({@code host}, {@code host:port}, {@code *.host}), RE2
     * include/exclude patterns, and whether its fetches may reach private networks (loopback, RFC 1918, link-local,
     * CGNAT, unique-local), which only an admin may switch on.
     */
    public record Scope(List<String> hosts, List<String> include, List<String> exclude, Boolean allowPrivateNetworks) {

        public Scope(List<String> hosts, List<String> include, List<String> exclude) {
            this(hosts, include, exclude, null);
        }
    }

    /**
     * Delay between fetch starts on a host, URLs of a host in flight at once, robots.txt, and whose politeness that is:
     * {@code scope} {@code site} (default: one polite client per host, however many nodes crawl the site) or {@code node}
     * (each node, each of its source addresses, is its own polite client: only an admin may set it, with the site
     * owner's consent to be fetched beyond what one client may do); {@code conditionalRequests} (default true): pages
     * with stored validators are fetched with If-None-Match / If-Modified-Since, so an unchanged page costs a 304 and no
     * body (false: every page is fetched in full).
     */
    public record Politeness(Long delayMs, Integer maxConcurrentPerHost, Boolean respectRobots,
            @org.eclipse.microprofile.openapi.annotations.media.Schema(enumeration = {"site", "node"}, nullable = true,
                    description = "whose politeness: site (default) or node (admins only)") String scope,
            @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true,
                    description = "send conditional requests for pages with stored validators (default true)") Boolean conditionalRequests) {

        public Politeness(Long delayMs, Integer maxConcurrentPerHost, Boolean respectRobots) {
            this(delayMs, maxConcurrentPerHost, respectRobots, null, null);
        }

        public Politeness(Long delayMs, Integer maxConcurrentPerHost, Boolean respectRobots, String scope) {
            this(delayMs, maxConcurrentPerHost, respectRobots, scope, null);
        }
    }

    public record Limits(Long maxPages, Integer maxDepth) {
    }
}
