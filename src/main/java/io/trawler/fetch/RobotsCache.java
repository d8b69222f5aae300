package io.trawler.fetch;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import io.trawler.parse.UrlNormalizer;
import io.vertx.core.Future;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * robots.txt rules per scheme and authority, fetched once and reused for a while, parsed by
 * crawler-commons with its RFC 9309 semantics: 2xx is parsed, 4xx allows everything, 5xx, network
 * errors and redirect chains past the limit disallow everything for now (visits are deferred).
 * Concurrent lookups for one host share a single fetch. A redirect off the crawl's scope is not followed and
 * counts as no robots.txt (allow all, as a 4xx); an address the fetch guard refuses allows all too, so that the
 * page itself is refused with the outcome {@code blocked}. At most {@value #MAX_ENTRIES} hosts are kept.
 */
public final class RobotsCache {

    private record Entry(Future<BaseRobotRules> rules, long expiresAt) {
    }

    private final HttpFetcher fetcher;
    private final FetchConfig config;
    private final SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    static final int MAX_ENTRIES = 10_000;
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    public RobotsCache(HttpFetcher fetcher, FetchConfig config) {
        this.fetcher = fetcher;
        this.config = config;
    }

    /** Rules for the host of {@code url} (a normalised http or https URL), any redirect allowed. */
    public Future<BaseRobotRules> rulesFor(String url) {
        return rulesFor(url, false, u -> true);
    }

    /**
     * Rules for the host of {@code url}; {@code allowPrivate} as the crawl's fetches; redirects are followed only to
     * URLs {@code inScope} accepts.
     */
    public Future<BaseRobotRules> rulesFor(String url, boolean allowPrivate, java.util.function.Predicate<String> inScope) {
        String key = siteRoot(url);
        long now = System.currentTimeMillis();
        Entry cached = cache.get(key);
        if ((cached == null || cached.expiresAt <= now) && cache.size() >= MAX_ENTRIES) {
            // only a miss may need room; a hit on a full cache costs no scan
            evict(now);
        }
        Entry e = cache.compute(key, (k, old) -> old != null && old.expiresAt > now ? old
                : new Entry(load(k + "/robots.txt", 0, allowPrivate, inScope), Long.MAX_VALUE));
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

    /**
     * Drops expired entries, then, if still above 90 % full, settled ones down to that mark (a bounded cache, not an
     * LRU), so that the next scan waits for a tenth of the cache's size in new hosts.
     */
    private void evict(long now) {
        cache.entrySet().removeIf(en -> en.getValue().expiresAt <= now);
        var it = cache.entrySet().iterator();
        while (cache.size() >= MAX_ENTRIES * 9 / 10 && it.hasNext()) {
            if (it.next().getValue().expiresAt != Long.MAX_VALUE) {
                it.remove();
            }
        }
    }

    private Future<BaseRobotRules> load(String robotsUrl, int hops, boolean allowPrivate, java.util.function.Predicate<String> inScope) {
        return fetcher.fetch(robotsUrl, config.maxRobotsBytes(), Map.of(), allowPrivate).compose(r -> {
            if (r.error() == FetchError.BLOCKED) {
                return Future.succeededFuture(failed(404));
            }
            if (!r.ok()) {
                return Future.succeededFuture(failed(599));
            }
            if (r.status() >= 200 && r.status() < 300) {
                BaseRobotRules rules = parser.parseContent(robotsUrl, r.body(), r.contentType(), List.of(config.robotsAgent()));
                return Future.succeededFuture(rules);
            }
            if (r.isRedirect() && hops < 5) {
                var target = UrlNormalizer.normalize(URI.create(robotsUrl).resolve(r.header("location").orElseThrow().trim())
                        .toString());
                if (target.isEmpty() || !inScope.test(target.get())) {
                    return Future.succeededFuture(failed(404));
                }
                return load(target.get(), hops + 1, allowPrivate, inScope);
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
