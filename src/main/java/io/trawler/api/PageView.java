package io.trawler.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.trawler.crawl.Page;
import io.trawler.frontier.LinkDecisions;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One page record as GET /api/v1/crawls/{id}/pages lists it. */
public record PageView(long id, String url, int status, String outcome, Instant fetchedAt, int partition, int depth,
        @Schema(nullable = true) String contentType, @Schema(nullable = true) String digest, @Schema(nullable = true) Warc warc, @Schema(nullable = true) Long bytes, boolean truncated, @Schema(nullable = true) Integer fetchMs, @Schema(nullable = true) String redirect,
        @Schema(nullable = true) String error, @JsonInclude(JsonInclude.Include.NON_NULL) Double relevance,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean relevant,
        @Schema(nullable = true, description = "What became of the page's distinct links (fetched HTML pages only)") LinkDecisions links) {

    /**
     * Where the page's record is stored, its WARC-Record-ID, and for a revisit record (the page was unchanged) its
     * profile and the record it refers to, which holds the content; where the page's extracted text is stored.
     */
    public record Warc(@Schema(nullable = true) String file, @Schema(nullable = true) Long offset,
            @Schema(nullable = true, description = "the record's WARC-Record-ID (null for records stored before version 18 of the schema)") String recordId,
            @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "a revisit record's profile: identical-payload-digest or server-not-modified",
                    enumeration = {"identical-payload-digest", "server-not-modified"}) String revisit,
            @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "the WARC-Record-ID a revisit record refers to") String refersTo,
            @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "where the conversion record with the page's extracted text"
                    + " (text/plain, the title on its first line, the main text after it) starts in the same file; absent when none was stored")
            Long textOffset) {
    }

    /** A page of page records; pass {@code next} as {@code after} for the following one (null at the end). */
    public record Listing(List<PageView> pages, @Schema(nullable = true) Long next) {
    }

    static PageView of(Page p) {
        return new PageView(p.id, p.url, p.status, p.outcome, p.fetchedAt, p.partition, p.depth, p.contentType, p.digest,
                p.warcFile == null ? null : new Warc(p.warcFile, p.warcOffset, p.recordId, p.revisit, p.refersTo, p.textOffset), p.bytes, p.truncated, p.fetchMs, p.redirect,
                p.error, p.relevance, p.relevant, p.linkDecisions());
    }
}
