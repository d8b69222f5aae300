package io.trawler.api;

import io.trawler.errors.ApiError;
import io.trawler.frontier.PolitenessScope;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.UrlNormalizer;
import io.trawler.parse.UrlRules;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Checks a {@link SiteRequest} completely and lists every problem, field by field. */
public final class SiteRequestValidator {

    static final int MAX_SEEDS = 1000;
    static final int MAX_PATTERNS = 100;
    private static final Pattern HOST = Pattern.compile("^(\\*\\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$|^\\[[0-9a-f:.]+](:[0-9]{1,5})?$");

    private SiteRequestValidator() {
    }

    public static List<ApiError.Detail> validate(SiteRequest r) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (r == null) {
            problems.add(new ApiError.Detail("body", "a JSON object with name and seeds is required"));
            return problems;
        }
        if (r.name() == null || r.name().isBlank()) {
            problems.add(new ApiError.Detail("name", "required"));
        } else if (r.name().length() > 200) {
            problems.add(new ApiError.Detail("name", "at most 200 characters"));
        }
        List<String> normalisedSeeds = new ArrayList<>();
        if (r.seeds() == null || r.seeds().isEmpty()) {
            problems.add(new ApiError.Detail("seeds", "at least one seed URL is required"));
        } else if (r.seeds().size() > MAX_SEEDS) {
            problems.add(new ApiError.Detail("seeds", "at most " + MAX_SEEDS + " seeds"));
        } else {
            for (int i = 0; i < r.seeds().size(); i++) {
                String seed = r.seeds().get(i);
                var n = seed == null ? java.util.Optional.<String>empty() : UrlNormalizer.normalize(seed);
                if (n.isEmpty() || !seed.trim().toLowerCase().matches("^https?://.+")) {
                    problems.add(new ApiError.Detail("seeds[" + i + "]", "not an absolute http or https URL: " + Inputs.quote(seed)));
                } else {
                    normalisedSeeds.add(n.get());
                }
            }
        }
        SiteRequest.Scope scope = r.scope();
        if (scope != null) {
            hosts(scope.hosts(), problems);
            patterns("scope.include", scope.include(), problems);
            patterns("scope.exclude", scope.exclude(), problems);
            if (scope.hosts() != null && !scope.hosts().isEmpty() && problems.isEmpty()) {
                CrawlScope cs = new CrawlScope(scope.hosts().stream().map(UrlNormalizer::canonicalHost).toList(), List.of(),
                        List.of(), 0);
                for (String seed : normalisedSeeds) {
                    if (!cs.urlAllowed(seed)) {
                        problems.add(new ApiError.Detail("seeds", "seed " + Inputs.quote(seed) + " is outside scope.hosts"));
                    }
                }
            }
        }
        SiteRequest.Politeness p = r.politeness();
        if (p != null) {
            range("politeness.delayMs", p.delayMs(), 0, 3_600_000, problems);
            range("politeness.maxConcurrentPerHost", p.maxConcurrentPerHost() == null ? null : p.maxConcurrentPerHost().longValue(),
                    1, 1000, problems);
            if (p.scope() != null && PolitenessScope.parse(p.scope()).isEmpty()) {
                problems.add(new ApiError.Detail("politeness.scope", "one of site, node"));
            }
        }
        SiteRequest.Limits l = r.limits();
        if (l != null) {
            range("limits.maxPages", l.maxPages(), 1, 1_000_000_000L, problems);
            range("limits.maxDepth", l.maxDepth() == null ? null : l.maxDepth().longValue(), 0, 10_000, problems);
        }
        SiteRequest.Retention keep = r.retention();
        if (keep != null) {
            range("retention.keepCrawls", keep.keepCrawls() == null ? null : keep.keepCrawls().longValue(), 1, 1000, problems);
            range("retention.keepDays", keep.keepDays() == null ? null : keep.keepDays().longValue(), 1, 36_500, problems);
        }
        SiteRequest.Urls u = r.urls();
        if (u != null) {
            if (u.queryOrder() != null && UrlRules.QueryOrder.parse(u.queryOrder()).isEmpty()) {
                problems.add(new ApiError.Detail("urls.queryOrder", "one of keep, sort"));
            }
            List<String> drop = u.dropParameters();
            if (drop != null && drop.size() > UrlRules.MAX_DROPPED) {
                problems.add(new ApiError.Detail("urls.dropParameters", "at most " + UrlRules.MAX_DROPPED + " parameters"));
            } else if (drop != null) {
                for (int i = 0; i < drop.size(); i++) {
                    if (!UrlRules.validDropName(drop.get(i) == null ? null : drop.get(i).trim())) {
                        problems.add(new ApiError.Detail("urls.dropParameters[" + i + "]", "a parameter name, or a prefix ending in *,"
                                + " of 1 to " + UrlRules.MAX_NAME + " characters without spaces, & = or #: "
                                + Inputs.quote(drop.get(i))));
                    }
                }
            }
        }
        return problems;
    }

    private static void hosts(List<String> hosts, List<ApiError.Detail> problems) {
        if (hosts == null) {
            return;
        }
        for (int i = 0; i < hosts.size(); i++) {
            String h = hosts.get(i);
            if (h == null || h.length() > 260 || !HOST.matcher(h.toLowerCase()).matches() || !portOk(h)) {
                problems.add(new ApiError.Detail("scope.hosts[" + i + "]", "not a host name or host:port: " + Inputs.quote(h)));
            }
        }
    }

    /** The port of a {@code host:port} entry (the regex checked its form) is 1 to 65535. */
    private static boolean portOk(String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon < 0 || colon < entry.lastIndexOf(']')) {
            return true;
        }
        int port = Integer.parseInt(entry.substring(colon + 1));
        return port >= 1 && port <= 65535;
    }

    private static void patterns(String field, List<String> patterns, List<ApiError.Detail> problems) {
        if (patterns == null) {
            return;
        }
        if (patterns.size() > MAX_PATTERNS) {
            problems.add(new ApiError.Detail(field, "at most " + MAX_PATTERNS + " patterns"));
            return;
        }
        for (int i = 0; i < patterns.size(); i++) {
            try {
                CrawlScope.compile(patterns.get(i));
            } catch (IllegalArgumentException e) {
                problems.add(new ApiError.Detail(field + "[" + i + "]", "not a valid RE2 regular expression (" + Inputs.quote(e.getMessage())
                        + "): " + Inputs.quote(patterns.get(i))));
            }
        }
    }

    private static void range(String field, Long v, long min, long max, List<ApiError.Detail> problems) {
        if (v != null && (v < min || v > max)) {
            problems.add(new ApiError.Detail(field, "must be between " + min + " and " + max));
        }
    }
}
