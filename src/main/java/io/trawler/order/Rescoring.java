package io.trawler.order;

/**
 * What the frontier does to scores when a page is fetched, inside the same atomic completion that admits
 * the page's links (so the work per fetch is proportional to the page's links, never to the frontier).
 */
public enum Rescoring {
    /** Scores never change. */
    NONE("none"),
    /** Each link of a fetched page gains one backlink: a queued URL moves up by one count. */
    BACKLINKS("backlinks"),
    /** The page's cash is split equally over its links; a queued URL's score is its cash (SPEC §2.4). */
    OPIC("opic"),
    /**
     * The page's rank is split over its links (temporary scores); the manager recomputes partial PageRank
     * every K fetches and re-scores the queued URLs in batches (SPEC §2.3).
     */
    PAGERANK("pagerank"),
    /** Links of relevant pages get sim / N_p (SPEC §2.7, T). */
    FOCUS_CONTENT("focus-t"),
    /** Links get sim / N_p with N_p excluding known irrelevant URLs, times a or b by URL prefix (T&amp;L). */
    FOCUS_LINKS("focus-tl"),
    /**
     * The learning focused strategy: links are scored by the worker (link context, tunnelling, the link model) and
     * queued URLs re-scored in bulk as the model learns.
     */
    FOCUS_LEARN("focus-learn");

    private final String code;

    Rescoring(String code) {
        this.code = code;
    }

    /** The value the frontier's Lua script reads. */
    public String code() {
        return code;
    }

    /** Whether the frontier keeps a URL → queue entry index to find and re-score queued URLs. */
    public boolean rescoresQueued() {
        return this == BACKLINKS || this == OPIC || this == PAGERANK || this == FOCUS_LEARN;
    }

    public boolean focused() {
        return this == FOCUS_CONTENT || this == FOCUS_LINKS || this == FOCUS_LEARN;
    }
}
