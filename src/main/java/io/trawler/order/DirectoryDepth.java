package io.trawler.order;

/**
 * Directory depth of a URL (seed 001, SPEC §1): the number of "/" in the path after the host, a trailing
 * "/" not counting: {@code http://a.com} → 0, {@code http://a.com/} → 0, {@code /cs} → 1,
 * {@code /a/b.html} → 2, {@code /a/} → 1. The query does not count.
 */
public final class DirectoryDepth {

    private DirectoryDepth() {
    }

    public static int of(String url) {
        int start = url.indexOf("://");
        start = start < 0 ? 0 : start + 3;
        int path = start;
        while (path < url.length() && "/?#".indexOf(url.charAt(path)) < 0) {
            path++;
        }
        int end = path;
        while (end < url.length() && "?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        int slashes = 0;
        for (int i = path; i < end; i++) {
            if (url.charAt(i) == '/') {
                slashes++;
            }
        }
        if (end > path && url.charAt(end - 1) == '/') {
            slashes--;
        }
        return Math.max(0, slashes);
    }
}
