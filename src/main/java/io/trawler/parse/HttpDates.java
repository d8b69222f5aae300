package io.trawler.parse;

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
        long fixed = imfFixdate(value);
        if (fixed != Long.MIN_VALUE) {
            return Optional.of(fixed);
        }
        try {
            return Optional.of(ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static final String MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";
    private static final String DAYS = "MonTueWedThuFriSatSun";

    /**
     * The IMF-fixdate form every current server sends ({@code Sun, 06 Nov 1994 08:49:37 GMT}, RFC 9110 §5.6.7) read by
     * position, without the general formatter; {@link Long#MIN_VALUE} when the value is not exactly that form (the
     * formatter then decides, as for the obsolete forms).
     */
    static long imfFixdate(String v) {
        if (v.length() != 29 || v.charAt(3) != ',' || v.charAt(4) != ' ' || v.charAt(7) != ' ' || v.charAt(11) != ' '
                || v.charAt(16) != ' ' || v.charAt(19) != ':' || v.charAt(22) != ':' || !v.endsWith(" GMT")) {
            return Long.MIN_VALUE;
        }
        int dayOfWeek = DAYS.indexOf(v.substring(0, 3));
        int month = MONTHS.indexOf(v.substring(8, 11));
        int day = digits(v, 5, 2);
        int year = digits(v, 12, 4);
        int hour = digits(v, 17, 2);
        int minute = digits(v, 20, 2);
        int second = digits(v, 23, 2);
        if (dayOfWeek < 0 || dayOfWeek % 3 != 0 || month < 0 || month % 3 != 0 || day < 1 || year < 0 || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return Long.MIN_VALUE;
        }
        try {
            java.time.LocalDate date = java.time.LocalDate.of(year, month / 3 + 1, day);
            if (date.getDayOfWeek().getValue() != dayOfWeek / 3 + 1) {
                return Long.MIN_VALUE;   // a wrong day name: the formatter refuses it too
            }
            return (date.toEpochDay() * 86_400L + hour * 3_600L + minute * 60L + second) * 1000L;
        } catch (java.time.DateTimeException e) {
            return Long.MIN_VALUE;
        }
    }

    private static int digits(String v, int from, int n) {
        int x = 0;
        for (int i = from; i < from + n; i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            x = x * 10 + (c - '0');
        }
        return x;
    }

    public static String format(long epochMs) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.ofEpochMilli(epochMs).atZone(ZoneOffset.UTC));
    }
}
