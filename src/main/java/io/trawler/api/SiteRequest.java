package io.trawler.api;

import java.util.List;

/** Body of POST and PUT /api/v1/sites: only {@code name} and {@code seeds} are required. */
public record SiteRequest(String name, List<String> seeds, Scope scope, Politeness politeness, Limits limits) {

    public record Scope(List<String> hosts, List<String> include, List<String> exclude) {
    }

    public record Politeness(Long delayMs, Integer maxConcurrentPerHost, Boolean respectRobots) {
    }

    public record Limits(Long maxPages, Integer maxDepth) {
    }
}
