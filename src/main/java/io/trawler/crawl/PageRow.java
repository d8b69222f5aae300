package io.trawler.crawl;

import io.trawler.config.Text;
import io.trawler.frontier.LinkDecisions;
import io.trawler.frontier.PageRecord;
import java.time.Instant;

/**
 * A page record bounded to the columns of the {@code page} table: text cut to its column and free of NUL (which
 * PostgreSQL refuses). {@link #of} refuses a record that cannot be stored as it is (it is quarantined instead).
 */
public record PageRow(String streamId, String url, int status, String outcome, Instant fetchedAt, int partition, int depth,
        String contentType, String digest, String warcFile, Long warcOffset, Long bytes, boolean truncated, Integer fetchMs,
        String redirect, String error, Double relevance, Boolean relevant, LinkDecisions links, String recordId, String revisit,
        String refersTo, Long warcBytes, Long textOffset) {

    static final int MAX_URL = 4096;

    /** The row of stream entry {@code streamId}; IllegalArgumentException naming what is wrong. */
    public static PageRow of(String streamId, PageRecord r) {
        String url = r.url();
        if (url.length() > MAX_URL) {
            throw new IllegalArgumentException("url longer than " + MAX_URL + " characters (" + url.length() + ")");
        }
        if (url.indexOf('\u0000') >= 0) {
            throw new IllegalArgumentException("url contains a NUL character");
        }
        String outcome = Text.storable(r.outcome());
        if (outcome.length() > 32) {
            throw new IllegalArgumentException("outcome longer than 32 characters");
        }
        Long fetchMs = r.fetchMs();
        return new PageRow(streamId, url, r.status(), outcome, Instant.ofEpochMilli(r.fetchedAt()), r.partition(), r.depth(),
                cut(r.contentType(), 255), cut(r.digest(), 64), cut(r.warcFile(), 255), r.warcOffset(), r.bytes(), r.truncated() != null,
                fetchMs == null ? null : (int) Math.min(Integer.MAX_VALUE, fetchMs), cut(r.redirect(), MAX_URL), cut(r.error(), 500),
                r.relevance(), r.relevant(), r.scope(), cut(r.recordId(), 64), cut(r.revisit(), 32), cut(r.refersTo(), 64), r.warcBytes(),
                r.textOffset());
    }

    private static String cut(String v, int max) {
        if (v == null || v.isEmpty()) {
            return null;
        }
        return Text.storable(v.length() <= max ? v : v.substring(0, max));
    }
}
