package io.trawler.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Decides whether a normalised URL belongs to a crawl: its host is one of the scope hosts (an entry
 * {@code *.example.com} also admits every subdomain), it matches an include pattern when there are
 * any, it matches no exclude pattern, and it is not deeper (in links from a seed) than the limit.
 */
public final class CrawlScope {

    /** Why a URL is in or out of scope. */
    public enum Verdict { IN, HOST, NOT_INCLUDED, EXCLUDED, TOO_DEEP }

    private final Set<String> hosts = new HashSet<>();
    private final List<String> suffixes = new ArrayList<>();
    private final List<Pattern> include;
    private final List<Pattern> exclude;
    private final int maxDepth;

    public CrawlScope(List<String> hosts, List<String> include, List<String> exclude, int maxDepth) {
        for (String h : hosts) {
            String host = h.toLowerCase(Locale.ROOT);
            if (host.startsWith("*.")) {
                suffixes.add(host.substring(1));
                this.hosts.add(host.substring(2));
            } else {
                this.hosts.add(host);
            }
        }
        this.include = include.stream().map(Pattern::compile).toList();
        this.exclude = exclude.stream().map(Pattern::compile).toList();
        this.maxDepth = maxDepth;
    }

    public Verdict check(String normalisedUrl, int depth) {
        if (!hostAllowed(UrlNormalizer.hostOf(normalisedUrl))) {
            return Verdict.HOST;
        }
        if (depth > maxDepth) {
            return Verdict.TOO_DEEP;
        }
        if (!include.isEmpty() && include.stream().noneMatch(p -> p.matcher(normalisedUrl).find())) {
            return Verdict.NOT_INCLUDED;
        }
        if (exclude.stream().anyMatch(p -> p.matcher(normalisedUrl).find())) {
            return Verdict.EXCLUDED;
        }
        return Verdict.IN;
    }

    public boolean accepts(String normalisedUrl, int depth) {
        return check(normalisedUrl, depth) == Verdict.IN;
    }

    public boolean hostAllowed(String host) {
        if (hosts.contains(host)) {
            return true;
        }
        for (String s : suffixes) {
            if (host.endsWith(s)) {
                return true;
            }
        }
        return false;
    }
}
