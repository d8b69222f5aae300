package io.trawler.partition;

import java.util.Locale;

/**
 * The URL path of seed 000 §2.2 (SPEC §1): {@code host/first-level-directory}, where the first path
 * segment counts as a directory only when another "/" follows it; otherwise {@code host/}.
 */
public final class UrlPath {

    private UrlPath() {
    }

    public static String of(String url) {
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
        int slash = url.indexOf('/', hostEnd + 1);
        if (slash < 0 || slash >= pathEnd) {
            return host + "/";
        }
        return host + url.substring(hostEnd, slash);
    }
}
