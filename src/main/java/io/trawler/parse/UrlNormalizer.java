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
    /** Longest URL kept, in characters, after normalisation (percent-encoding can make a link many times longer). */
    public static final int MAX_LENGTH = 2048;

    private UrlNormalizer() {
    }

    /**
     * The normalised URL, or empty when it is not an http(s) URL with a host or is longer than {@link #MAX_LENGTH}
     * characters before or after normalisation.
     */
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
        if (n == null || n.length() > MAX_LENGTH || !(n.startsWith("http://") || n.startsWith("https://")) || n.indexOf(' ') >= 0) {
            return Optional.empty();
        }
        if (hostOf(n).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(n);
    }

    /** Whether a raw link is refused for its length, before or after normalisation (counted as dropped). */
    public static boolean tooLong(String url) {
        if (url == null) {
            return false;
        }
        if (url.length() > MAX_LENGTH) {
            return true;
        }
        try {
            String n = NORMALIZER.filter(url);
            return n != null && n.length() > MAX_LENGTH;
        } catch (RuntimeException e) {
            return false;
        }
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

    /** Port of a normalised URL: the explicit one, else the scheme's default. */
    public static int portOf(String normalised) {
        String authority = authorityOf(normalised);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        int close = authority.lastIndexOf(']');
        int colon = authority.lastIndexOf(':');
        if (colon > close && colon + 1 < authority.length()) {
            try {
                return Integer.parseInt(authority.substring(colon + 1));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return defaultPort(normalised);
    }

    /** 443 for https URLs, 80 for others. */
    public static int defaultPort(String normalised) {
        return normalised.regionMatches(true, 0, "https:", 0, 6) ? 443 : 80;
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
