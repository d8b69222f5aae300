package io.trawler.parse;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.internal.StringUtil;

/**
 * Turns the links a crawl finds into the form they are fetched in, doing each distinct link's work once.
 *
 * <p>{@link #absolute} resolves a link as written on a page against the page's base: links written absolute
 * ({@code http://…}) or root-relative ({@code /path}) — nearly all of a site's navigation — by joining strings; any
 * other form through jsoup's resolution (what {@code absUrl} does). {@link #normalize} applies the crawl's
 * {@link UrlRules} and remembers the outcome of each absolute URL, so the navigation, footer and already-seen links
 * that repeat from page to page are normalised once per crawl, not once per page. The memory is bounded: past
 * {@code capacity} URLs, or past {@value #MAX_CHARS} characters of URLs (keys and outcomes together: about 4–8 MB),
 * it starts again empty; URLs longer than {@value #MAX_REMEMBERED} characters, or normalised to longer ones, are never
 * remembered. Thread-safe.
 */
public final class LinkResolver {

    /** URLs remembered by default. */
    public static final int DEFAULT_CAPACITY = 50_000;
    /** Characters of URLs remembered at most, keys and outcomes together. */
    static final long MAX_CHARS = 4_000_000;
    /** Longer absolute URLs are normalised every time, never remembered. */
    static final int MAX_REMEMBERED = 512;
    /** Stand-ins in the memory for a refused URL, and for one refused for its length. */
    private static final String REFUSED = "";
    private static final String TOO_LONG = "\u0000";

    private final UrlRules rules;
    private final int capacity;
    private final ConcurrentHashMap<String, String> outcomes;
    private final java.util.concurrent.atomic.AtomicLong chars = new java.util.concurrent.atomic.AtomicLong();

    public LinkResolver(UrlRules rules, int capacity) {
        this.rules = rules;
        this.capacity = capacity;
        this.outcomes = new ConcurrentHashMap<>(Math.min(capacity, 4096));
    }

    /** The crawl's URL rules. */
    public UrlRules rules() {
        return rules;
    }

    /**
     * The absolute form of {@code href} written on a page whose base URL is {@code base} (a {@code <base href>} or the
     * page's own URL), as jsoup's {@code absUrl} gives it; "" when it cannot be resolved.
     */
    public static String absolute(String base, String href) {
        if (plain(href)) {
            if (href.regionMatches(true, 0, "http://", 0, 7) || href.regionMatches(true, 0, "https://", 0, 8)) {
                return href;
            }
            if (href.length() > 1 && href.charAt(0) == '/' && href.charAt(1) != '/') {
                int origin = originEnd(base);
                if (origin > 0) {
                    return base.substring(0, origin) + href;
                }
            }
        }
        return StringUtil.resolve(base, href);
    }

    /** Whether a link has none of what jsoup's resolution would strip or reinterpret: control characters, spaces, backslashes. */
    private static boolean plain(String href) {
        int n = href.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = href.charAt(i);
            if (c <= ' ' || c == '\\' || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** Where an http(s) base URL's scheme and authority end (the index of its path), or -1. */
    private static int originEnd(String base) {
        int start;
        if (base.regionMatches(true, 0, "http://", 0, 7)) {
            start = 7;
        } else if (base.regionMatches(true, 0, "https://", 0, 8)) {
            start = 8;
        } else {
            return -1;
        }
        int i = start;
        while (i < base.length()) {
            char c = base.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                break;
            }
            if (c <= ' ' || c == '\\') {
                return -1;
            }
            i++;
        }
        return i > start ? i : -1;
    }

    /** The fetched form of an absolute URL under the crawl's rules ({@link UrlRules#normalize}), remembered. */
    public Optional<String> normalize(String absolute) {
        String known = outcomes.get(absolute);
        if (known == null) {
            known = compute(absolute);
            if (absolute.length() <= MAX_REMEMBERED && known.length() <= MAX_REMEMBERED) {
                if (outcomes.size() >= capacity || chars.get() > MAX_CHARS) {
                    outcomes.clear();
                    chars.set(0);
                }
                if (outcomes.put(absolute, known) == null) {
                    chars.addAndGet(absolute.length() + known.length());
                }
            }
        }
        return known.isEmpty() || TOO_LONG.equals(known) ? Optional.empty() : Optional.of(known);
    }

    /** Whether {@link #normalize} refused the URL for its length (before or after normalisation). */
    public boolean tooLong(String absolute) {
        String known = outcomes.get(absolute);
        return known != null ? TOO_LONG.equals(known) : UrlNormalizer.tooLong(absolute);
    }

    private String compute(String absolute) {
        Optional<String> n = rules.normalize(absolute);
        if (n.isPresent()) {
            return n.get();
        }
        return UrlNormalizer.tooLong(absolute) ? TOO_LONG : REFUSED;
    }

    /** URLs remembered now. */
    int remembered() {
        return outcomes.size();
    }
}
