package io.trawler.crawl;

import java.time.Instant;
import java.util.Map;

/**
 * A page record as a worker reported it in the crawl's stream, checked and bounded to the columns of the
 * {@code page} table. {@link #parse} refuses a record that cannot be stored as it is (it is quarantined instead).
 */
public record PageRecord(String streamId, String url, int status, String outcome, Instant fetchedAt, int partition, int depth,
        String contentType, String digest, String warcFile, Long warcOffset, Long bytes, boolean truncated, Integer fetchMs,
        String redirect, String error, Double relevance, Boolean relevant, LinkDecisions links) {

    static final int MAX_URL = 4096;

    /** The record of stream entry {@code streamId}; IllegalArgumentException naming what is wrong. */
    public static PageRecord parse(String streamId, Map<String, String> f) {
        String url = f.get("url");
        if (url == null || url.isEmpty()) {
            throw new IllegalArgumentException("no url");
        }
        if (url.length() > MAX_URL) {
            throw new IllegalArgumentException("url longer than " + MAX_URL + " characters (" + url.length() + ")");
        }
        if (url.indexOf('\u0000') >= 0) {
            throw new IllegalArgumentException("url contains a NUL character");
        }
        String outcome = io.trawler.config.Text.storable(f.getOrDefault("outcome", "unknown"));
        if (outcome.length() > 32) {
            throw new IllegalArgumentException("outcome longer than 32 characters");
        }
        String relevance = f.get("relevance");
        Long fetchMs = nullableLong(f, "fetchMs");
        return new PageRecord(streamId, url, intOf(f, "status", 0), outcome,
                Instant.ofEpochMilli(longOf(f, "fetchedAt", System.currentTimeMillis())), intOf(f, "partition", 0), intOf(f, "depth", 0),
                cut(f.get("contentType"), 255), cut(f.get("digest"), 64), cut(f.get("warcFile"), 255), nullableLong(f, "warcOffset"),
                nullableLong(f, "bytes"), f.get("truncated") != null && !f.get("truncated").isEmpty(),
                fetchMs == null ? null : (int) Math.min(Integer.MAX_VALUE, fetchMs),
                cut(f.get("redirect"), MAX_URL), cut(f.get("error"), 500),
                relevance == null || relevance.isEmpty() ? null : doubleOf("relevance", relevance),
                relevance == null || relevance.isEmpty() ? null : "1".equals(f.get("relevant")),
                f.get("scope") == null || f.get("scope").isEmpty() ? null : LinkDecisions.decode(f.get("scope")));
    }

    private static String cut(String v, int max) {
        if (v == null || v.isEmpty()) {
            return null;
        }
        return io.trawler.config.Text.storable(v.length() <= max ? v : v.substring(0, max));
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
        if (v == null || v.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: " + cut(v, 40));
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
            throw new IllegalArgumentException(key + " is not a number: " + cut(v, 40));
        }
    }
}
