package io.trawler.partition;

import java.util.Locale;

/**
 * The URL path of seed 000 §2.2 (SPEC §1): {@code host/first-level-directory}, where the first path
 * segment counts as a directory only when another "/" follows it; otherwise {@code host/}. Deeper paths
 * ({@link #of(String, int)}) name the first {@code depth} directories, as the planner uses them when it splits a
 * directory that holds more than a crawler's share of a site ({@link #group}).
 */
public final class UrlPath {

    private UrlPath() {
    }

    public static String of(String url) {
        return of(url, 1);
    }

    /**
     * {@code host/d1/…/dk}: the URL's first {@code k = min(depth, directories)} directories (a segment is a directory when
     * another "/" follows it within the path), or {@code host/} for a URL with no directory.
     */
    public static String of(String url, int depth) {
        int start = url.indexOf("://");
        start = start < 0 ? 0 : start + 3;
        int hostEnd = start;
        while (hostEnd < url.length() && "/?#".indexOf(url.charAt(hostEnd)) < 0) {
            hostEnd++;
        }
        String authority = url.substring(start, hostEnd);
        int at = authority.lastIndexOf('@');
        String host = (at >= 0 ? authority.substring(at + 1) : authority).toLowerCase(Locale.ROOT);
        int colon = host.indexOf(':');
        if (colon >= 0 && !host.startsWith("[")) {
            host = host.substring(0, colon);
        }
        if (hostEnd >= url.length() || url.charAt(hostEnd) != '/') {
            return host + "/";
        }
        int pathEnd = hostEnd + 1;
        while (pathEnd < url.length() && "?#".indexOf(url.charAt(pathEnd)) < 0) {
            pathEnd++;
        }
        int end = -1;
        int from = hostEnd;
        for (int k = 0; k < depth; k++) {
            int slash = url.indexOf('/', from + 1);
            if (slash < 0 || slash >= pathEnd) {
                break;
            }
            end = slash;
            from = slash;
        }
        return end < 0 ? host + "/" : host + url.substring(hostEnd, end);
    }

    /**
     * The group of a URL under a plan that split some directories: its first-level path, then one directory deeper for
     * as long as the path it has reached is one of {@code split} and the URL has a deeper directory. A URL directly in a
     * split directory stays in that directory's own group.
     */
    public static String group(String url, java.util.Set<String> split) {
        String p = of(url, 1);
        for (int depth = 2; split.contains(p); depth++) {
            String deeper = of(url, depth);
            if (deeper.equals(p)) {
                break;
            }
            p = deeper;
        }
        return p;
    }
}
