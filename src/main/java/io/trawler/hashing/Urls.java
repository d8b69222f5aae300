package io.trawler.hashing;

/** Small, allocation-light accessors on normalised URLs. */
final class Urls {

    private Urls() {
    }

    static String host(String url) {
        int start = url.indexOf("://");
        start = start < 0 ? 0 : start + 3;
        int end = start;
        while (end < url.length() && "/?#:".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(start, end).toLowerCase(java.util.Locale.ROOT);
    }
}
