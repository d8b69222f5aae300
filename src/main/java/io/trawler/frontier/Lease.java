package io.trawler.frontier;

/**
 * A URL a worker took from the frontier. It stays in the crawl's in-flight set, scored by its
 * deadline, until the worker completes it; if the worker dies the lease expires and the URL goes
 * back to its queue. {@code member} is the exact in-flight member, so a late completion of an
 * expired and re-issued lease is recognised as stale.
 */
public record Lease(String crawlId, String member, long id, int partition, String score, FrontierEntry entry) {

    /** Parses {@code "leaseId partition score depth hops attempts url"}. */
    public static Lease parse(String crawlId, String member) {
        int a = member.indexOf(' ');
        int b = member.indexOf(' ', a + 1);
        int c = member.indexOf(' ', b + 1);
        if (a < 0 || b < 0 || c < 0) {
            throw new IllegalArgumentException("not a lease: " + member);
        }
        return new Lease(crawlId, member, Long.parseLong(member, 0, a, 10), Integer.parseInt(member, a + 1, b, 10),
                member.substring(b + 1, c), FrontierEntry.parse(member.substring(c + 1)));
    }

    public String url() {
        return entry.url();
    }
}
