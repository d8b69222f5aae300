package io.trawler.parse;

import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides whether a normalised URL belongs to a crawl: its authority is one of the scope's entries, it matches an
 * include pattern when there are any, it matches no exclude pattern, and it is not deeper (in links from a seed)
 * than the limit.
 *
 * <p>An entry is {@code host} or {@code host:port}; {@code *.example.com} also admits every subdomain. An entry
 * without a port admits only the default ports (80 for http, 443 for https), so that a link to another service
 * on a site's host ({@code example.com:6379}) is out of scope. Patterns are RE2 expressions (RE2J): matching
 * takes time linear in the URL's length whatever the pattern, so no pattern can stall a crawl.
 */
public final class CrawlScope {

    /** Why a URL is in or out of scope. */
    public enum Verdict { IN, HOST, NOT_INCLUDED, EXCLUDED, TOO_DEEP }

    /** Longest include or exclude pattern accepted, in characters. */
    public static final int MAX_PATTERN_LENGTH = 1000;

    private final Set<String> authorities = new HashSet<>();
    private final List<String> suffixes = new ArrayList<>();
    private final List<Pattern> include;
    private final List<Pattern> exclude;
    private final int maxDepth;
    private final long patternChars;

    public CrawlScope(List<String> entries, List<String> include, List<String> exclude, int maxDepth) {
        for (String h : entries) {
            String entry = h.toLowerCase(Locale.ROOT);
            if (entry.startsWith("*.")) {
                suffixes.add(entry.substring(1));
                authorities.add(entry.substring(2));
            } else {
                authorities.add(entry);
            }
        }
        this.include = include.stream().map(CrawlScope::compile).toList();
        this.exclude = exclude.stream().map(CrawlScope::compile).toList();
        this.maxDepth = maxDepth;
        this.patternChars = include.stream().mapToLong(String::length).sum() + exclude.stream().mapToLong(String::length).sum();
    }

    /** Characters of all include and exclude patterns: what one check costs per character of URL ({@link MatchBudget}). */
    public long patternChars() {
        return patternChars;
    }

    /** Compiles a scope pattern (RE2 syntax); IllegalArgumentException with the reason when it is not one. */
    public static Pattern compile(String pattern) {
        if (pattern == null) {
            throw new IllegalArgumentException("a pattern is null");
        }
        if (pattern.length() > MAX_PATTERN_LENGTH) {
            throw new IllegalArgumentException("longer than " + MAX_PATTERN_LENGTH + " characters");
        }
        try {
            return Pattern.compile(pattern);
        } catch (com.google.re2j.PatternSyntaxException e) {
            throw new IllegalArgumentException(e.getDescription());
        }
    }

    public Verdict check(String normalisedUrl, int depth) {
        if (!urlAllowed(normalisedUrl)) {
            return Verdict.HOST;
        }
        if (depth > maxDepth) {
            return Verdict.TOO_DEEP;
        }
        if (!include.isEmpty() && !anyFinds(include, normalisedUrl)) {
            return Verdict.NOT_INCLUDED;
        }
        if (anyFinds(exclude, normalisedUrl)) {
            return Verdict.EXCLUDED;
        }
        return Verdict.IN;
    }

    /** Whether any of the patterns occurs in the URL (a loop: every link of every page is checked). */
    private static boolean anyFinds(List<Pattern> patterns, String url) {
        for (Pattern p : patterns) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    public boolean accepts(String normalisedUrl, int depth) {
        return check(normalisedUrl, depth) == Verdict.IN;
    }

    /** Whether the URL's host and port are in scope (patterns and depth aside). */
    public boolean urlAllowed(String normalisedUrl) {
        String server = UrlNormalizer.serverOf(normalisedUrl);   // parsed once: every link of every page comes here
        String host = UrlNormalizer.hostOfServer(server);
        int scheme = UrlNormalizer.defaultPort(normalisedUrl);
        int port = UrlNormalizer.portOfServer(server, scheme);
        boolean defaultPort = port == scheme;
        if (defaultPort && authorities.contains(host)) {
            return true;
        }
        String withPort = writtenAs(server, host, port) ? server : host + ":" + port;
        if (authorities.contains(withPort)) {
            return true;
        }
        for (String s : suffixes) {
            if (withPort.endsWith(s) || (defaultPort && host.endsWith(s))) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code server} is already {@code host + ":" + port} (so the string need not be built again). */
    private static boolean writtenAs(String server, String host, int port) {
        int digits = 1;
        for (int p = port; p >= 10; p /= 10) {
            digits++;
        }
        // the port was read from after the last colon: ASCII digits of its own length that read as it are its digits
        if (port < 0 || server.length() != host.length() + 1 + digits || server.charAt(host.length()) != ':') {
            return false;
        }
        for (int i = host.length() + 1; i < server.length(); i++) {
            if (server.charAt(i) < '0' || server.charAt(i) > '9') {
                return false;   // Integer.parseInt reads other scripts' digits too
            }
        }
        return true;
    }

    /** The scope entry that admits a URL's host and port: {@code host}, or {@code host:port} for other ports. */
    public static String entryFor(String normalisedUrl) {
        String server = UrlNormalizer.serverOf(normalisedUrl);
        String host = UrlNormalizer.hostOfServer(server);
        int scheme = UrlNormalizer.defaultPort(normalisedUrl);
        int port = UrlNormalizer.portOfServer(server, scheme);
        return port == scheme ? host : writtenAs(server, host, port) ? server : host + ":" + port;
    }
}
