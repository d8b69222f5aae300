package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolitenessTest {

    private final Politeness p = new Politeness(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofHours(1), 3);

    @ParameterizedTest(name = "site {0} ms, robots {1} ms -> {2} ms")
    @CsvSource({"1000, 0, 1000", "1000, 5000, 5000", "1000, 60000, 10000", "0, -9223372036854775808, 0", "2000, 500, 2000"})
    void delay(long site, long robots, long expected) {
        assertEquals(expected, p.delayMs(site, robots));
    }

    @Test
    void retryAfterSecondsDateAndDefaults() {
        long now = 1_700_000_000_000L;
        assertEquals(120_000, p.backoffMs(Optional.of("120"), 0, now));
        assertEquals(3_600_000, p.backoffMs(Optional.of("999999"), 0, now), "capped");
        String date = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME
                .format(java.time.Instant.ofEpochMilli(now + 90_000).atZone(java.time.ZoneOffset.UTC));
        assertEquals(90_000, p.backoffMs(Optional.of(date), 0, now));
        assertEquals(30_000, p.backoffMs(Optional.empty(), 0, now));
        assertEquals(120_000, p.backoffMs(Optional.of("soon"), 2, now), "unparsable: doubled back-off");
    }

    @Test
    void attempts() {
        assertTrue(p.mayRetry(0));
        assertTrue(p.mayRetry(1));
        assertFalse(p.mayRetry(2));
        assertTrue(Politeness.isBackOff(429));
        assertTrue(Politeness.isBackOff(503));
        assertFalse(Politeness.isBackOff(500));
    }
}
