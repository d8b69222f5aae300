package io.trawler.site;

import io.trawler.parse.CrawlScope;
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
 * only their scopes are then checked in full.
 */
public final class ScopeIndex {

    private final Map<String, List<Integer>> byHost = new HashMap<>();
    private final Map<String, List<Integer>> bySuffix = new HashMap<>();
    private final List<Site> sites;
    private final List<CrawlScope> scopes = new ArrayList<>();

    public ScopeIndex(List<Site> sites) {
        this.sites = List.copyOf(sites);
        for (int i = 0; i < this.sites.size(); i++) {
            Site s = this.sites.get(i);
            scopes.add(new CrawlScope(s.hosts, s.include, s.exclude, Integer.MAX_VALUE));
            for (String entry : s.hosts) {
                String e = entry.toLowerCase(Locale.ROOT);
                boolean wildcard = e.startsWith("*.");
                String host = hostOfEntry(wildcard ? e.substring(2) : e);
                byHost.computeIfAbsent(host, k -> new ArrayList<>()).add(i);
                if (wildcard) {
                    bySuffix.computeIfAbsent(host, k -> new ArrayList<>()).add(i);
                }
            }
        }
    }

    /** The sites whose scope accepts the normalised URL (depth aside). */
    public List<Site> covering(String normalisedUrl) {
        String host = UrlNormalizer.hostOf(normalisedUrl);
        Set<Integer> candidates = new LinkedHashSet<>(byHost.getOrDefault(host, List.of()));
        for (int dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
            candidates.addAll(bySuffix.getOrDefault(host.substring(dot + 1), List.of()));
        }
        List<Site> out = new ArrayList<>();
        for (int i : candidates) {
            if (scopes.get(i).accepts(normalisedUrl, 0)) {
                out.add(sites.get(i));
            }
        }
        return out;
    }

    private static String hostOfEntry(String entry) {
        if (entry.startsWith("[")) {
            int close = entry.indexOf(']');
            return close > 0 ? entry.substring(0, close + 1) : entry;
        }
        int colon = entry.indexOf(':');
        return colon >= 0 ? entry.substring(0, colon) : entry;
    }
}
