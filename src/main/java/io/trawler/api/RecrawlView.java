package io.trawler.api;

import io.trawler.revisit.Recrawl;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A recrawl request and its progress: URLs accepted (queued), how many of them have been fetched since the
 * request, the rejected ones with their reasons (in the answer to the request only), and the crawl that takes
 * them. {@code state} is PENDING until every accepted URL was fetched, then DONE.
 */
public record RecrawlView(String id, String siteId, @Schema(nullable = true) String crawlId, int priority, Instant requestedAt, int accepted, int fetched,
        String state, @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) List<Rejected> rejected) {

    public record Rejected(@Schema(nullable = true) String url, String reason) {
    }

    /** The view of a request of which {@code fetched} URLs were fetched; {@code rejected} null outside the answer to it. */
    static RecrawlView of(Recrawl r, int fetched, List<Rejected> rejected) {
        return new RecrawlView(r.id, r.siteId, r.crawlId, r.priority, r.requestedAt, r.accepted, fetched,
                fetched >= r.accepted ? "DONE" : "PENDING", rejected);
    }
}
