package io.trawler.frontier;

import java.util.List;

/**
 * What a worker reports for a lease, applied in one atomic step: the lease is released, the host's
 * politeness state updated, the outcome counted, the page record appended and the discovered links
 * admitted. Either all of it happens or none.
 *
 * @param lease      the lease being completed
 * @param hostNextAt earliest time (epoch ms) the host may be fetched again
 * @param hostDelay  delay (ms) between fetch starts for the host from now on; negative keeps the current one
 * @param retry      put the URL back (attempts + 1) instead of finishing it
 * @param tally      which of the crawl's counts the completion adds to
 * @param record     the page record for the manager; null for none
 * @param links      discovered URLs to admit
 * @param focus      the page's topic relevance in a focused crawl, else null
 */
public record Completion(Lease lease, long hostNextAt, long hostDelay, boolean retry, Tally tally, PageRecord record,
        List<Discovery> links, Relevance focus) {

    public Completion {
        tally = tally == null ? Tally.NONE : tally;
        links = links == null ? List.of() : links;
    }

    public Completion(Lease lease, long hostNextAt, long hostDelay, boolean retry, Tally tally, PageRecord record, List<Discovery> links) {
        this(lease, hostNextAt, hostDelay, retry, tally, record, links, null);
    }

    /** The crawl's count a completion adds one to ({@link FrontierCounts}). */
    public enum Tally {
        /** A response was received (whatever its status): a page fetched. */
        FETCHED,
        /** No response: a network error, a blocked address, robots.txt out of reach. */
        ERRORS,
        /** robots.txt forbids the URL. */
        ROBOTS_DENIED,
        /** Nothing counted (a retry). */
        NONE
    }

    /**
     * A fetched page's relevance to a focused crawl's topic.
     *
     * @param similarity sim(q, p)
     * @param relevant   whether it reached θ (the page joins queue 2; else queue 3)
     */
    public record Relevance(double similarity, boolean relevant) {
    }
}
