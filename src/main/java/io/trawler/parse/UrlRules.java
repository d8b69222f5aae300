package io.trawler.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A site's URL rules: the form in which its URLs are fetched, and the key under which they are deduplicated.
 *
 * <p>The fetched form is crawler-commons' normalisation (lower-case scheme and host, no default port, no fragment, dot
 * segments resolved, percent-encoding normalised, IDN hosts in punycode) with the query parameters <em>in the order the
 * site wrote them</em> ({@link QueryOrder#KEEP}, the default: servers such as MediaWiki answer 404 to a reordered
 * query) or sorted ({@link QueryOrder#SORT}), less the parameters the site's rules drop (session ids, {@code utm_*}:
 * names, or name prefixes ending in {@code *}, compared without case). The deduplication key ({@link #key}) sorts the
 * parameters whatever the order, so two links that differ only in parameter order are fetched once.
 */
public record UrlRules(QueryOrder queryOrder, List<String> dropParameters) {

    /** The order of a fetched URL's query parameters. */
    public enum QueryOrder {
        /** As the site wrote them (the default). */
        KEEP,
        /** Sorted (as crawler-commons sorts them). */
        SORT;

        public static Optional<QueryOrder> parse(String s) {
            return Arrays.stream(values()).filter(v -> v.name().equalsIgnoreCase(s)).findFirst();
        }

        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Most parameters a site may drop, and longest name (or prefix) of one. */
    public static final int MAX_DROPPED = 50;
    public static final int MAX_NAME = 100;

    /** Query order as written, no parameter dropped. */
    public static final UrlRules DEFAULT = new UrlRules(QueryOrder.KEEP, List.of());

    public UrlRules {
        queryOrder = queryOrder == null ? QueryOrder.KEEP : queryOrder;
        dropParameters = dropParameters == null ? List.of()
                : dropParameters.stream().map(p -> p.trim().toLowerCase(Locale.ROOT)).filter(p -> !p.isEmpty()).distinct().toList();
    }

    /** Whether a name (or {@code prefix*}) may be listed to drop: 1…{@value #MAX_NAME} characters, no {@code & = #}. */
    public static boolean validDropName(String name) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME) {
            return false;
        }
        int star = name.indexOf('*');
        return (star < 0 || star == name.length() - 1) && name.chars().noneMatch(c -> c == '&' || c == '=' || c == '#' || c <= ' ');
    }

    /**
     * The URL as it is fetched, or empty when it is not an http(s) URL with a host or is too long (see
     * {@link UrlNormalizer#normalize}).
     */
    public Optional<String> normalize(String raw) {
        Optional<String> sorted = UrlNormalizer.normalizeSorted(raw);
        if (sorted.isEmpty()) {
            return sorted;
        }
        String n = sorted.get();
        int q = n.indexOf('?');
        if (q < 0 || (queryOrder == QueryOrder.SORT && dropParameters.isEmpty())) {
            return sorted;
        }
        List<String> params = queryOrder == QueryOrder.KEEP ? asWritten(raw, n.substring(q + 1)) : split(n.substring(q + 1));
        if (!dropParameters.isEmpty()) {
            params.removeIf(this::dropped);
        }
        String out = params.isEmpty() ? n.substring(0, q) : n.substring(0, q) + "?" + String.join("&", params);
        return out.length() > UrlNormalizer.MAX_LENGTH ? Optional.empty() : Optional.of(out);
    }

    /**
     * The deduplication key of a fetched form: its query parameters sorted (a URL without a query, or with one
     * parameter, is its own key).
     */
    public static String key(String url) {
        int q = url.indexOf('?');
        if (q < 0 || url.indexOf('&', q) < 0) {
            return url;
        }
        List<String> params = split(url.substring(q + 1));
        params.sort(null);
        return url.substring(0, q) + "?" + String.join("&", params);
    }

    /**
     * The normalised parameters ({@code sortedQuery}, crawler-commons' order) in the order the raw URL wrote them: each
     * raw parameter normalised alone. When the two do not hold the same parameters (crawler-commons dropped or merged
     * one), the sorted order stands.
     */
    private static List<String> asWritten(String raw, String sortedQuery) {
        List<String> normalised = split(sortedQuery);
        if (normalised.size() < 2) {
            return normalised;
        }
        int q = raw.indexOf('?');
        int hash = raw.indexOf('#', q + 1);
        String rawQuery = hash < 0 ? raw.substring(q + 1) : raw.substring(q + 1, hash);
        List<String> ordered = new ArrayList<>(normalised.size());
        for (String piece : rawQuery.split("&")) {
            if (piece.isEmpty()) {
                continue;
            }
            Optional<String> one = UrlNormalizer.normalizeSorted("http://h.invalid/?" + piece);
            int at = one.map(s -> s.indexOf('?')).orElse(-1);
            if (at >= 0) {
                ordered.add(one.get().substring(at + 1));
            }
        }
        List<String> a = new ArrayList<>(ordered);
        List<String> b = new ArrayList<>(normalised);
        a.sort(null);
        b.sort(null);
        return a.equals(b) ? ordered : normalised;
    }

    private static List<String> split(String query) {
        List<String> out = new ArrayList<>();
        for (String p : query.split("&")) {
            if (!p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }

    private boolean dropped(String param) {
        int eq = param.indexOf('=');
        String name = (eq < 0 ? param : param.substring(0, eq)).toLowerCase(Locale.ROOT);
        for (String d : dropParameters) {
            if (d.endsWith("*") ? name.startsWith(d.substring(0, d.length() - 1)) : name.equals(d)) {
                return true;
            }
        }
        return false;
    }
}
