package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fixed-position reading of IMF-fixdates agrees with the RFC 1123 formatter, value by value. */
class HttpDatesTest {

    private static Optional<Long> formatter(String v) {
        try {
            return Optional.of(ZonedDateTime.parse(v.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Sun, 06 Nov 1994 08:49:37 GMT", "Thu, 26 Nov 2026 02:30:00 GMT", "Mon, 06 Nov 1994 08:49:37 GMT",
            "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 +0100", "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:49:37 GMT", "Sun, 06 Nov 1994 08:60:37 GMT", "Sun, 06 Nov 1994 0x:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "sun, 06 nov 1994 08:49:37 GMT",
            "Sun, 06 Xyz 1994 08:49:37 GMT", " Sun, 06 Nov 1994 08:49:37 GMT ", "", "Tue, 29 Feb 2028 23:59:59 GMT"})
    void agreesWithTheFormatter(String value) {
        assertEquals(formatter(value), HttpDates.parse(value), value);
    }

    @Test
    void agreesOnEveryFormattedDate() {
        Random random = new Random(18);
        for (int i = 0; i < 20_000; i++) {
            long ms = (random.nextLong() & Long.MAX_VALUE) % 4_102_444_800_000L / 1000 * 1000;   // 1970 to 2100, whole seconds
            String v = HttpDates.format(ms);
            assertEquals(Optional.of(ms), HttpDates.parse(v), v);
            assertEquals(formatter(v), HttpDates.parse(v), v);
        }
    }
}
