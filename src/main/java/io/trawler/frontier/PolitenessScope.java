package io.trawler.frontier;

import java.util.Locale;
import java.util.Optional;

/**
 * Whose politeness a crawl keeps, a choice per site. {@link #SITE} (the default): one delay, concurrency cap and
 * back-off per host, whichever node fetches, so a site sees one polite client however many nodes crawl it.
 * {@link #NODE}: each node (each of its source addresses) is its own polite client per host, so N nodes may send a
 * host N times what one client would; only an admin may choose it, with the site owner's consent.
 */
public enum PolitenessScope {
    SITE("site"), NODE("node");

    private final String code;

    PolitenessScope(String code) {
        this.code = code;
    }

    /** The name the API, the frontier and the database use. */
    public String code() {
        return code;
    }

    public static Optional<PolitenessScope> parse(String code) {
        if (code == null) {
            return Optional.empty();
        }
        String c = code.trim().toLowerCase(Locale.ROOT);
        for (PolitenessScope s : values()) {
            if (s.code.equals(c)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
