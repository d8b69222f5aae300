package io.trawler.frontier;

/**
 * A URL a worker took from the frontier. It stays in the crawl's in-flight set, scored by its
 * deadline, until the worker completes it; if the worker dies the lease goes back to its queue, as soon as the
 * worker misses its heartbeats or at the latest when the deadline passes. {@code member} is the exact in-flight
 * member, so a late completion of a reclaimed and re-issued lease is recognised as stale.
 */
public record Lease(String crawlId, String member, long id, int partition, String score, FrontierEntry entry) {

    /**
     * Parses {@code "leaseId partition score worker|client depth hops attempts url"} (leases made by earlier
     * versions lack {@code worker|client}).
     */
    public static Lease parse(String crawlId, String member) {
        int a = member.indexOf(' ');
        int b = member.indexOf(' ', a + 1);
        int c = member.indexOf(' ', b + 1);
        if (a < 0 || b < 0 || c < 0) {
            throw new IllegalArgumentException("not a lease: " + member);
        }
        int d = member.indexOf(' ', c + 1);
        int entry = d > 0 && member.lastIndexOf('|', d) > c ? d + 1 : c + 1;
        return new Lease(crawlId, member, Long.parseLong(member, 0, a, 10), Integer.parseInt(member, a + 1, b, 10),
                member.substring(b + 1, c), FrontierEntry.parse(member.substring(entry)));
    }

    public String url() {
        return entry.url();
    }

    /** The polite client the lease was made for (a source address or a node; empty for leases without one). */
    public String client() {
        int a = member.indexOf(' ');
        int b = member.indexOf(' ', a + 1);
        int c = member.indexOf(' ', b + 1);
        int d = member.indexOf(' ', c + 1);
        int bar = d > 0 ? member.lastIndexOf('|', d) : -1;
        return bar > c ? member.substring(bar + 1, d) : "";
    }
}
