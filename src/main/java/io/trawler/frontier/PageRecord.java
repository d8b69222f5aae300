package io.trawler.frontier;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a worker reports for one URL, from the worker through the frontier's stream to the manager's ingester, the
 * database and the update policies. Every field the worker or the frontier's script writes is a field here; the
 * stream holds it as named text fields, written by {@link #toFields()} and read by {@link #parse(Map)} (the only place
 * that knows the field names; {@code frontier.lua} writes the few of an abandoned URL's record by the same names).
 * Optional fields are null when absent.
 *
 * @param url          the URL as leased
 * @param status       the HTTP status (0: no response)
 * @param outcome      {@code fetched}, {@code truncated}, {@code blocked}, {@code robots-denied}, {@code error-…},
 *                     {@code abandoned}, …
 * @param fetchedAt    when the fetch started (epoch ms)
 * @param partition    the lane the URL was leased from
 * @param depth        link hops from a seed
 * @param contentType  the response's media type
 * @param bytes        the body's length as received
 * @param fetchMs      the fetch's duration
 * @param truncated    why the body was cut (null: it was not)
 * @param etag         the response's validator
 * @param lastModified the response's Last-Modified (epoch ms)
 * @param digest       the payload digest of the WARC record
 * @param warcFile     the WARC file holding the response
 * @param warcOffset   the record's offset in it
 * @param warcBytes    the bytes the exchange's records (response or revisit, and request) take in the file
 * @param textOffset   where the conversion record with the page's extracted text starts in the same file (null: none)
 * @param recordId     the WARC-Record-ID of that record ({@code urn:uuid:…})
 * @param revisit      null when the record is a response; the profile of a revisit record written instead
 *                     ({@code identical-payload-digest}: the payload was the one stored before; {@code server-not-modified}:
 *                     a 304), whose content is the record it refers to
 * @param refersTo     the WARC-Record-ID a revisit refers to (null when not known)
 * @param error        what went wrong
 * @param redirect     a redirect's resolved target
 * @param textFp       the fingerprint of the page's main text (a redirect's: of its target)
 * @param mainText     the main text, when the crawl keeps it
 * @param relevance    a focused crawl's sim(q, p)
 * @param relevant     whether it reached θ
 * @param links        every distinct outlink (the link graph), null when the page was not parsed
 * @param scope        what the crawl decided about the links
 * @param linksDropped links too long to keep
 * @param noindex      the page asked not to be indexed
 */
public record PageRecord(String url, int status, String outcome, long fetchedAt, int partition, int depth, String contentType, Long bytes,
        Long fetchMs, String truncated, String etag, Long lastModified, String digest, String warcFile, Long warcOffset, Long warcBytes, Long textOffset,
        String recordId,
        String revisit, String refersTo, String error,
        String redirect, Long textFp, String mainText, Double relevance, Boolean relevant, List<String> links, LinkDecisions scope,
        int linksDropped, boolean noindex) {

    public PageRecord {
        if (url == null || url.isEmpty()) {
            throw new IllegalArgumentException("no url");
        }
        outcome = outcome == null || outcome.isEmpty() ? "unknown" : outcome;
        links = links == null ? null : List.copyOf(links);
    }

    /** A record with the fields every record has; the rest set on the builder. */
    public static Builder builder(String url, int status, String outcome, long fetchedAt, int partition, int depth) {
        return new Builder(url, status, outcome, fetchedAt, partition, depth);
    }

    /** The record as the stream holds it: named text fields, absent ones left out, in a fixed order. */
    public Map<String, String> toFields() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("url", url);
        f.put("status", Integer.toString(status));
        f.put("outcome", outcome);
        f.put("fetchedAt", Long.toString(fetchedAt));
        f.put("partition", Integer.toString(partition));
        f.put("depth", Integer.toString(depth));
        put(f, "contentType", contentType);
        put(f, "bytes", bytes);
        put(f, "fetchMs", fetchMs);
        put(f, "truncated", truncated);
        put(f, "etag", etag);
        put(f, "lastModified", lastModified);
        put(f, "digest", digest);
        put(f, "warcFile", warcFile);
        put(f, "warcOffset", warcOffset);
        put(f, "warcBytes", warcBytes);
        put(f, "textOffset", textOffset);
        put(f, "recordId", recordId);
        put(f, "revisit", revisit);
        put(f, "refersTo", refersTo);
        put(f, "error", error);
        put(f, "redirect", redirect);
        put(f, "textFp", textFp == null ? null : Long.toHexString(textFp));
        put(f, "mainText", mainText);
        put(f, "relevance", relevance);
        put(f, "relevant", relevant == null ? null : relevant ? "1" : "0");
        put(f, "links", links == null ? null : String.join("\n", links));
        put(f, "scope", scope == null ? null : scope.encode());
        if (linksDropped > 0) {
            f.put("linksDropped", Integer.toString(linksDropped));
        }
        if (noindex) {
            f.put("noindex", "1");
        }
        return f;
    }

    private static void put(Map<String, String> f, String name, Object v) {
        if (v != null) {
            f.put(name, v.toString());
        }
    }

    /**
     * A record from the stream's fields (as any version wrote them: a missing field is absent, an unknown one ignored);
     * IllegalArgumentException naming the field that is wrong, so that the record can be set aside with the reason.
     */
    public static PageRecord parse(Map<String, String> f) {
        String relevance = f.get("relevance");
        Double sim = empty(relevance) ? null : doubleOf("relevance", relevance);
        String links = f.get("links");
        String textFp = f.get("textFp");
        return new PageRecord(f.get("url"), intOf(f, "status", 0), f.get("outcome"), longOf(f, "fetchedAt", System.currentTimeMillis()),
                intOf(f, "partition", 0), intOf(f, "depth", 0), text(f, "contentType"), nullableLong(f, "bytes"), nullableLong(f, "fetchMs"),
                text(f, "truncated"), text(f, "etag"), nullableLong(f, "lastModified"), text(f, "digest"), text(f, "warcFile"),
                nullableLong(f, "warcOffset"), nullableLong(f, "warcBytes"), nullableLong(f, "textOffset"), text(f, "recordId"), text(f, "revisit"), text(f, "refersTo"), text(f, "error"), text(f, "redirect"), empty(textFp) ? null : hex("textFp", textFp),
                text(f, "mainText"), sim, sim == null ? null : "1".equals(f.get("relevant")),
                links == null ? null : links.isEmpty() ? List.of() : Arrays.asList(links.split("\n")),
                empty(f.get("scope")) ? null : LinkDecisions.decode(f.get("scope")), intOf(f, "linksDropped", 0),
                "1".equals(f.get("noindex")));
    }

    private static boolean empty(String v) {
        return v == null || v.isEmpty();
    }

    private static String text(Map<String, String> f, String key) {
        String v = f.get(key);
        return empty(v) ? null : v;
    }

    private static int intOf(Map<String, String> f, String key, int d) {
        Long v = nullableLong(f, key);
        if (v == null) {
            return d;
        }
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(key + " out of range: " + v);
        }
        return (int) (long) v;
    }

    private static long longOf(Map<String, String> f, String key, long d) {
        Long v = nullableLong(f, key);
        return v == null ? d : v;
    }

    private static Long nullableLong(Map<String, String> f, String key) {
        String v = f.get(key);
        if (empty(v)) {
            return null;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: " + quote(v));
        }
    }

    private static long hex(String key, String v) {
        try {
            return Long.parseUnsignedLong(v, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a hexadecimal number: " + quote(v));
        }
    }

    private static double doubleOf(String key, String v) {
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException(key + " is not finite");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: " + quote(v));
        }
    }

    private static String quote(String v) {
        return v.length() <= 40 ? v : v.substring(0, 40);
    }

    /** Builds a record field by field (the worker fills it in as it learns about the page). */
    public static final class Builder {
        private final String url;
        private final int status;
        private final String outcome;
        private final long fetchedAt;
        private final int partition;
        private final int depth;
        private String contentType;
        private Long bytes;
        private Long fetchMs;
        private String truncated;
        private String etag;
        private Long lastModified;
        private String digest;
        private String warcFile;
        private Long warcOffset;
        private Long warcBytes;
        private Long textOffset;
        private String recordId;
        private String revisit;
        private String refersTo;
        private String error;
        private String redirect;
        private Long textFp;
        private String mainText;
        private Double relevance;
        private Boolean relevant;
        private List<String> links;
        private LinkDecisions scope;
        private int linksDropped;
        private boolean noindex;

        private Builder(String url, int status, String outcome, long fetchedAt, int partition, int depth) {
            this.url = url;
            this.status = status;
            this.outcome = outcome;
            this.fetchedAt = fetchedAt;
            this.partition = partition;
            this.depth = depth;
        }

        public Builder contentType(String v) {
            contentType = v;
            return this;
        }

        public Builder bytes(long v) {
            bytes = v;
            return this;
        }

        public Builder fetchMs(long v) {
            fetchMs = v;
            return this;
        }

        public Builder truncated(String why) {
            truncated = why;
            return this;
        }

        public Builder etag(String v) {
            etag = v;
            return this;
        }

        public Builder lastModified(long v) {
            lastModified = v;
            return this;
        }

        /** Where the response is stored: its payload digest, WARC file and offset. */
        public Builder stored(String digest, String file, long offset) {
            this.digest = digest;
            this.warcFile = file;
            this.warcOffset = offset;
            return this;
        }

        /** The bytes the exchange's records take in the WARC file. */
        public Builder warcBytes(long length) {
            this.warcBytes = length;
            return this;
        }

        /** Where the conversion record with the page's text starts (null: none was written). */
        public Builder textOffset(Long offset) {
            this.textOffset = offset;
            return this;
        }

        /** The stored record's id, and for a revisit record its profile and the id of the record it refers to. */
        public Builder record(String id, String revisitProfile, String refersToId) {
            this.recordId = id;
            this.revisit = revisitProfile;
            this.refersTo = refersToId;
            return this;
        }

        public Builder error(String v) {
            error = v;
            return this;
        }

        public Builder redirect(String v) {
            redirect = v;
            return this;
        }

        public Builder textFp(long v) {
            textFp = v;
            return this;
        }

        public Builder mainText(String v) {
            mainText = v;
            return this;
        }

        /** A focused crawl's verdict: sim(q, p) and whether it reached θ. */
        public Builder relevance(double sim, boolean isRelevant) {
            relevance = sim;
            relevant = isRelevant;
            return this;
        }

        /** The page's outlinks and what the crawl decided about them. */
        public Builder links(List<String> graphLinks, LinkDecisions decisions, int dropped) {
            links = new ArrayList<>(graphLinks);
            scope = decisions;
            linksDropped = dropped;
            return this;
        }

        public Builder noindex(boolean v) {
            noindex = v;
            return this;
        }

        public PageRecord build() {
            return new PageRecord(url, status, outcome, fetchedAt, partition, depth, contentType, bytes, fetchMs, truncated, etag,
                    lastModified, digest, warcFile, warcOffset, warcBytes, textOffset, recordId, revisit, refersTo, error, redirect, textFp, mainText, relevance, relevant, links, scope,
                    linksDropped, noindex);
        }
    }
}
