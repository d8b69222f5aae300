package io.trawler.site;

import io.trawler.parse.CrawlScope;
import io.trawler.parse.MatchBudget;
import io.trawler.parse.UrlNormalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Finds the sites whose scope covers a URL without matching every site's patterns: candidates come from an index
 * of the scope entries by host (exact entries, and {@code *.} entries by each parent domain of the URL's host);
 * only their scopes are then checked in full. Compiled scopes are kept between indexes (per site, for as long as its
 * hosts and patterns stay the same), so a request compiles only what changed; each full check is paid from a
 * {@link MatchBudget}.
 */
public final class ScopeIndex {

    private final Map<String, List<Integer>> byHost = new HashMap<>();
    private final Map<String, List<Integer>> bySuffix = new HashMap<>();
    private final List<Site> sites;
    private final List<CrawlScope> scopes = new ArrayList<>();

    private record Compiled(List<String> hosts, List<String> include, List<String> exclude, CrawlScope scope) {
    }

    /** Compiled scopes by site id; bounded (a site deleted or edited replaces or leaves its entry, cleared when full). */
    private static final Map<String, Compiled> COMPILED = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int MAX_COMPILED = 10_000;

    /** The site's compiled scope, compiled once per version of its hosts and patterns. */
    public static CrawlScope scopeOf(Site s) {
        Compiled c = s.id == null ? null : COMPILED.get(s.id);
        if (c != null && c.hosts().equals(s.hosts) && c.include().equals(s.include) && c.exclude().equals(s.exclude)) {
            return c.scope();
        }
        CrawlScope scope = new CrawlScope(s.hosts, s.include, s.exclude, Integer.MAX_VALUE);
        if (s.id != null) {
            if (COMPILED.size() >= MAX_COMPILED) {
                COMPILED.clear();
            }
            COMPILED.put(s.id, new Compiled(List.copyOf(s.hosts), List.copyOf(s.include), List.copyOf(s.exclude), scope));
        }
        return scope;
    }

    public ScopeIndex(List<Site> sites) {
        this.sites = List.copyOf(sites);
        for (int i = 0; i < this.sites.size(); i++) {
            Site s = this.sites.get(i);
            scopes.add(scopeOf(s));
            for (String entry : s.hosts) {
                String e = entry.toLowerCase(Locale.ROOT);
                boolean wildcard = e.startsWith("*.");
                String host = UrlNormalizer.hostOfServer(wildcard ? e.substring(2) : e);   // an entry is host[:port]
                byHost.computeIfAbsent(host, k -> new ArrayList<>()).add(i);
                if (wildcard) {
                    bySuffix.computeIfAbsent(host, k -> new ArrayList<>()).add(i);
                }
            }
        }
    }

    /** The sites whose scope accepts the normalised URL (depth aside), with no bound on the work. */
    public List<Site> covering(String normalisedUrl) {
        return covering(normalisedUrl, new MatchBudget(Long.MAX_VALUE)).orElseThrow();
    }

    /**
     * The sites whose scope accepts the normalised URL (depth aside), or empty when the budget cannot pay for checking
     * every candidate.
     */
    public java.util.Optional<List<Site>> covering(String normalisedUrl, MatchBudget budget) {
        String host = UrlNormalizer.hostOf(normalisedUrl);
        Set<Integer> candidates = new LinkedHashSet<>(byHost.getOrDefault(host, List.of()));
        for (int dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
            candidates.addAll(bySuffix.getOrDefault(host.substring(dot + 1), List.of()));
        }
        List<Site> out = new ArrayList<>();
        for (int i : candidates) {
            if (!budget.pay(normalisedUrl, scopes.get(i))) {
                return java.util.Optional.empty();
            }
            if (scopes.get(i).accepts(normalisedUrl, 0)) {
                out.add(sites.get(i));
            }
        }
        return java.util.Optional.of(out);
    }
}
