package io.trawler.fetch;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/** HTTP dates (RFC 1123, as in Last-Modified, If-Modified-Since and Retry-After) to and from epoch milliseconds. */
public final class HttpDates {

    private HttpDates() {
    }

    /** The date, or empty when the value is not an HTTP date. */
    public static Optional<Long> parse(String value) {
        try {
            return Optional.of(ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    public static String format(long epochMs) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.ofEpochMilli(epochMs).atZone(ZoneOffset.UTC));
    }
}
