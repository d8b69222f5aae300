package io.trawler.parse;

import crawlercommons.filters.basic.BasicURLNormalizer;
import java.util.Optional;

/**
 * Normalises URLs with crawler-commons: lower-case scheme and host, no default port, no fragment,
 * dot segments resolved, percent-encoding normalised, IDN hosts in punycode. Only http and https
 * URLs are kept.
 */
public final class UrlNormalizer {

    private static final BasicURLNormalizer NORMALIZER = BasicURLNormalizer.newBuilder()
            .idnNormalization(BasicURLNormalizer.IdnNormalization.PUNYCODE).build();
    private static final int MAX_LENGTH = 2048;

    private UrlNormalizer() {
    }

    public static Optional<String> normalize(String url) {
        if (url == null || url.isEmpty() || url.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String n;
        try {
            n = NORMALIZER.filter(url);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        if (n == null || !(n.startsWith("http://") || n.startsWith("https://")) || n.indexOf(' ') >= 0) {
            return Optional.empty();
        }
        if (hostOf(n).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(n);
    }

    /** Host (lower case, without port) of a normalised URL, or "". */
    public static String hostOf(String normalised) {
        String authority = authorityOf(normalised);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        if (authority.startsWith("[")) {
            int end = authority.indexOf(']');
            return end > 0 ? authority.substring(0, end + 1) : authority;
        }
        int colon = authority.indexOf(':');
        return colon >= 0 ? authority.substring(0, colon) : authority;
    }

    /** Authority (host[:port]) of a normalised URL: the key politeness is kept under. */
    public static String authorityOf(String normalised) {
        int start = normalised.indexOf("://");
        if (start < 0) {
            return "";
        }
        start += 3;
        int end = start;
        while (end < normalised.length() && "/?#".indexOf(normalised.charAt(end)) < 0) {
            end++;
        }
        return normalised.substring(start, end);
    }
}
