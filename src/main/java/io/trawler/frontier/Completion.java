package io.trawler.frontier;

import java.util.List;
import java.util.Map;

/**
 * What a worker reports for a lease, applied in one atomic step: the lease is released, the host's
 * politeness state updated, the outcome counted, the page record appended and the discovered links
 * admitted. Either all of it happens or none.
 *
 * @param lease      the lease being completed
 * @param hostNextAt earliest time (epoch ms) the host may be fetched again
 * @param hostDelay  delay (ms) between fetch starts for the host from now on; negative keeps the current one
 * @param retry      put the URL back (attempts + 1) instead of finishing it
 * @param counter    the stats counter to increment ({@code fetched}, {@code errors}, {@code robotsDenied}), or empty
 * @param record     page record fields for the manager, in order; empty for none
 * @param links      discovered URLs to admit
 * @param focus      the page's topic relevance in a focused crawl, else null
 */
public record Completion(Lease lease, long hostNextAt, long hostDelay, boolean retry, String counter,
        Map<String, String> record, List<Discovery> links, Relevance focus) {

    public Completion(Lease lease, long hostNextAt, long hostDelay, boolean retry, String counter, Map<String, String> record,
            List<Discovery> links) {
        this(lease, hostNextAt, hostDelay, retry, counter, record, links, null);
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
