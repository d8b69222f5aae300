package io.trawler.order;

import io.trawler.parse.UrlNormalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The features a link is judged by in the learning focused strategy ({@link LinkModel}): its host ({@code h=}), each
 * path segment by position with runs of digits generalised to {@code N} ({@code s0=categories}, {@code s1=three-js},
 * {@code s3=N}), the path's shape ({@code shape=/categories/three-js/*}/N: the first two segments, then {@code *} or
 * {@code N}), and the terms of its anchor text ({@code a=}, the topic model's analysis: stems, CJK bigrams). Plain
 * string features, so that a model learned on one crawl reads like a list of what paid off.
 */
public final class LinkFeatures {

    private LinkFeatures() {
    }

    /** The features of a link to a normalised URL with the given anchor text (may be empty). */
    public static List<String> of(String url, String anchor) {
        List<String> f = new ArrayList<>();
        f.add("h=" + UrlNormalizer.authorityOf(url));
        String path = path(url);
        StringBuilder shape = new StringBuilder();
        int i = 0;
        int from = 0;
        while (from <= path.length()) {
            int slash = path.indexOf('/', from);
            int to = slash < 0 ? path.length() : slash;
            if (to > from) {
                String seg = path.substring(from, to);
                String g = allDigits(seg) ? "N" : seg.toLowerCase(Locale.ROOT);
                f.add("s" + i + "=" + g);
                shape.append('/').append(i < 2 || g.equals("N") ? g : "*");
                i++;
            }
            if (slash < 0) {
                break;
            }
            from = slash + 1;
        }
        f.add("shape=" + shape);
        if (anchor != null && !anchor.isBlank()) {
            for (String t : TextAnalysis.termCounts(anchor).keySet()) {
                f.add("a=" + t);
            }
        }
        return f;
    }

    /** The words of a URL after its authority (path and query; separators as spaces), for link context. */
    public static String pathWords(String url) {
        int scheme = url.indexOf("://");
        int start = scheme < 0 ? 0 : url.indexOf('/', scheme + 3);
        String path = start < 0 ? "" : url.substring(start);
        StringBuilder s = new StringBuilder(path.length());
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '.') {
                s.append(c);
            } else if (s.length() > 0 && s.charAt(s.length() - 1) != ' ') {
                s.append(' ');
            }
        }
        return s.toString().trim();
    }

    /** The path of a URL, without scheme, authority, query and fragment. */
    static String path(String url) {
        int scheme = url.indexOf("://");
        int start = scheme < 0 ? 0 : url.indexOf('/', scheme + 3);
        if (start < 0) {
            return "";
        }
        return url.substring(start, UrlPrefixAnalyser.pathEnd(url, start));
    }

    private static boolean allDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return !s.isEmpty();
    }
}
