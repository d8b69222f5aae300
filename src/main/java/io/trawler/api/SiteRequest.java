package io.trawler.api;

import java.util.List;

/** Body of POST and PUT /api/v1/sites: only {@code name} and {@code seeds} are required. */
public record SiteRequest(String name, List<String> seeds, Scope scope, Politeness politeness, Limits limits) {

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

    public record Politeness(Long delayMs, Integer maxConcurrentPerHost, Boolean respectRobots) {
    }

    public record Limits(Long maxPages, Integer maxDepth) {
    }
}
