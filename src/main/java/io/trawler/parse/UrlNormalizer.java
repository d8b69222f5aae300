package io.trawler.parse;

import crawlercommons.filters.basic.BasicURLNormalizer;
import java.util.Optional;

/**
 * Normalises URLs with crawler-commons: lower-case scheme and host, no default port, no fragment,
 * dot segments resolved, percent-encoding normalised, IDN hosts in punycode; query parameters stay in the order they
 * were written (a site's {@link UrlRules} may sort or drop them). Only http and https URLs are kept.
 */
public final class UrlNormalizer {

    private static final BasicURLNormalizer NORMALIZER = BasicURLNormalizer.newBuilder()
            .idnNormalization(BasicURLNormalizer.IdnNormalization.PUNYCODE).build();
    /** Longest URL kept, in characters, after normalisation (percent-encoding can make a link many times longer). */
    public static final int MAX_LENGTH = 2048;

    private UrlNormalizer() {
    }

    /**
     * The normalised URL with its query parameters as written ({@link UrlRules#DEFAULT}), or empty when it is not an
     * http(s) URL with a host or is longer than {@link #MAX_LENGTH} characters before or after normalisation.
     */
    public static Optional<String> normalize(String url) {
        return UrlRules.DEFAULT.normalize(url);
    }

    /** crawler-commons' normalisation as it is: query parameters sorted (see {@link #normalize}). */
    static Optional<String> normalizeSorted(String url) {
        if (url == null || url.isEmpty() || url.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String n;
        try {
            n = filter(url);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        if (n == null || n.length() > MAX_LENGTH || !(n.startsWith("http://") || n.startsWith("https://")) || n.indexOf(' ') >= 0) {
            return Optional.empty();
        }
        if (hostOf(n).isEmpty()) {
            return Optional.empty();
        }
        int port = portOf(n);
        if (port < 1 || port > 65535) {
            return Optional.empty();   // no such port (99999, 0): no request could be made
        }
        return Optional.of(n);
    }

    /**
     * A scope host as URLs carry it once normalised: lower case, an IPv6 literal in its RFC 5952 form ({@code [0::1]}
     * is {@code [::1]}), a port kept; as given when it is no valid IPv6 literal (the validator says so).
     */
    public static String canonicalHost(String hostOrHostPort) {
        String h = hostOrHostPort.trim().toLowerCase(java.util.Locale.ROOT);
        if (!h.startsWith("[")) {
            return h;
        }
        int close = h.indexOf(']');
        String v6 = close < 0 ? null : canonicalIpv6(h.substring(1, close));
        return v6 == null ? h : "[" + v6 + "]" + h.substring(close + 1);
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
            String n = filter(url);
            return n != null && n.length() > MAX_LENGTH;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Placeholder host an IPv6 literal stands in for while crawler-commons normalises (it refuses IPv6 literals). */
    private static final String V6_PLACEHOLDER = "ipv6-literal.trawler.invalid";

    /**
     * crawler-commons' normalisation, with IPv6 literal hosts ({@code http://[2606:4700::1111]/}) accepted: the literal
     * is checked (hex digits and colons, an embedded IPv4 allowed, no zone id), written in its RFC 5952 form (lower
     * case, the longest run of zero groups as {@code ::}) and put back after the rest is normalised.
     */
    private static String filter(String url) {
        int scheme = url.indexOf("://");
        int authorityEnd = scheme < 0 ? -1 : scheme + 3 + authorityOf(url).length();
        int open = scheme < 0 ? -1 : url.indexOf('[', scheme + 3);
        if (open < 0 || open > authorityEnd) {
            return NORMALIZER.filter(url);   // no IPv6 literal host
        }
        int close = url.indexOf(']', open);
        if (close < 0 || close > authorityEnd) {
            return null;
        }
        String canonical = canonicalIpv6(url.substring(open + 1, close));
        if (canonical == null) {
            return null;
        }
        String n = NORMALIZER.filter(url.substring(0, open) + V6_PLACEHOLDER + url.substring(close + 1));
        if (n == null) {
            return null;
        }
        int at = n.indexOf(V6_PLACEHOLDER);
        return at < 0 ? null : n.substring(0, at) + "[" + canonical + "]" + n.substring(at + V6_PLACEHOLDER.length());
    }

    /** The RFC 5952 text of an IPv6 literal, or null if it is not one (no DNS: only literal syntax is accepted). */
    static String canonicalIpv6(String literal) {
        if (literal.isEmpty() || literal.length() > 45 || !literal.contains(":")) {
            return null;
        }
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (!(Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
                return null;   // zone ids (%25eth0) and anything else
            }
        }
        byte[] b;
        try {
            b = java.net.InetAddress.getByName("[" + literal + "]").getAddress();
        } catch (java.net.UnknownHostException | RuntimeException e) {
            return null;
        }
        if (b.length == 4) {   // an IPv4-mapped literal comes back as IPv4: keep it as the IPv6 it was written as
            return "::ffff:" + (b[0] & 0xff) + "." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
        }
        int[] g = new int[8];
        for (int i = 0; i < 8; i++) {
            g[i] = ((b[2 * i] & 0xff) << 8) | (b[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (g[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && g[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder out = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLen - 1;
                continue;
            }
            if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
                out.append(':');
            }
            out.append(Integer.toHexString(g[i]));
        }
        return out.toString();
    }

    /** Host (lower case, without port) of a normalised URL, or "". */
    public static String hostOf(String normalised) {
        return hostOfServer(serverOf(normalised));
    }

    /** Port of a normalised URL: the explicit one, else the scheme's default. */
    public static int portOf(String normalised) {
        return portOfServer(serverOf(normalised), defaultPort(normalised));
    }

    /** A normalised URL's authority without its user info: {@code host[:port]}, as it is written. */
    public static String serverOf(String normalised) {
        String authority = authorityOf(normalised);
        int at = authority.lastIndexOf('@');
        return at >= 0 ? authority.substring(at + 1) : authority;
    }

    /** The host of a {@link #serverOf server} (an IPv6 host in its brackets). */
    public static String hostOfServer(String server) {
        if (server.startsWith("[")) {
            int end = server.indexOf(']');
            return end > 0 ? server.substring(0, end + 1) : server;
        }
        int colon = server.indexOf(':');
        return colon >= 0 ? server.substring(0, colon) : server;
    }

    /** The port of a {@link #serverOf server}: the explicit one (-1 when it is no number), else {@code defaultPort}. */
    public static int portOfServer(String server, int defaultPort) {
        int close = server.lastIndexOf(']');
        int colon = server.lastIndexOf(':');
        if (colon > close && colon + 1 < server.length()) {
            try {
                return Integer.parseInt(server.substring(colon + 1));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return defaultPort;
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
