package io.trawler.fetch;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import io.vertx.core.Future;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * robots.txt rules per scheme and authority, fetched once and reused for a while, parsed by
 * crawler-commons with its RFC 9309 semantics: 2xx is parsed, 4xx allows everything, 5xx, network
 * errors and redirect chains past the limit disallow everything for now (visits are deferred).
 * Concurrent lookups for one host share a single fetch.
 */
public final class RobotsCache {

    private record Entry(Future<BaseRobotRules> rules, long expiresAt) {
    }

    private final HttpFetcher fetcher;
    private final FetchConfig config;
    private final SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    public RobotsCache(HttpFetcher fetcher, FetchConfig config) {
        this.fetcher = fetcher;
        this.config = config;
    }

    /** Rules for the host of {@code url} (a normalised http or https URL). */
    public Future<BaseRobotRules> rulesFor(String url) {
        String key = siteRoot(url);
        long now = System.currentTimeMillis();
        Entry e = cache.compute(key, (k, old) -> old != null && old.expiresAt > now ? old
                : new Entry(load(k + "/robots.txt", 0), Long.MAX_VALUE));
        if (e.expiresAt == Long.MAX_VALUE) {
            e.rules.onComplete(ar -> {
                BaseRobotRules r = ar.succeeded() ? ar.result() : failed(599);
                long ttl = r.isDeferVisits() ? config.robotsErrorTtl().toMillis() : config.robotsTtl().toMillis();
                cache.replace(key, e, new Entry(Future.succeededFuture(r), System.currentTimeMillis() + ttl));
            });
        }
        return e.rules;
    }

    /** Forgets every cached rule set. */
    public void clear() {
        cache.clear();
    }

    private Future<BaseRobotRules> load(String robotsUrl, int hops) {
        return fetcher.fetch(robotsUrl, config.maxRobotsBytes(), Map.of()).compose(r -> {
            if (!r.ok()) {
                return Future.succeededFuture(failed(599));
            }
            if (r.status() >= 200 && r.status() < 300) {
                BaseRobotRules rules = parser.parseContent(robotsUrl, r.body(), r.contentType(), List.of(config.robotsAgent()));
                return Future.succeededFuture(rules);
            }
            if (r.isRedirect() && hops < 5) {
                return load(URI.create(robotsUrl).resolve(r.header("location").orElseThrow()).toString(), hops + 1);
            }
            return Future.succeededFuture(failed(r.status()));
        }).recover(err -> Future.succeededFuture(failed(599)));
    }

    private BaseRobotRules failed(int status) {
        return parser.failedFetch(status);
    }

    static String siteRoot(String url) {
        int start = url.indexOf("://") + 3;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(0, end);
    }
}
