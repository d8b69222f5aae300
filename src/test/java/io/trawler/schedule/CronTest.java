package io.trawler.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cron expressions as crontab writes them, stepped through time zones (daylight saving included). */
class CronTest {

    record Case(String cron, String zone, String after, String next) {
    }

    @Test
    void nextRuns() {
        for (Case c : List.of(
                new Case("0 3 * * *", "UTC", "2026-11-25T10:00:00Z", "2026-11-26T03:00:00Z"),
                new Case("0 3 * * *", "Asia/Shanghai", "2026-11-25T10:00:00Z", "2026-11-25T19:00:00Z"),     // 03:00 +08:00
                new Case("30 2 * * 1", "UTC", "2026-11-25T10:00:00Z", "2026-11-30T02:30:00Z"),            // Mondays
                new Case("*/15 * * * *", "UTC", "2026-11-25T10:07:00Z", "2026-11-25T10:15:00Z"),
                new Case("@daily", "UTC", "2026-11-25T10:00:00Z", "2026-11-26T00:00:00Z"),
                new Case("@hourly", "UTC", "2026-11-25T10:00:00Z", "2026-11-25T11:00:00Z"),
                new Case("0 0 1 * *", "UTC", "2026-11-25T10:00:00Z", "2026-12-01T00:00:00Z"),
                // Europe/Berlin: 03:00 on the day clocks go back (25 Oct 2026) is 02:00 UTC, the day after at UTC+1
                new Case("0 3 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z", "2026-10-25T02:00:00Z"),
                new Case("0 3 * * *", "Europe/Berlin", "2026-10-25T12:00:00Z", "2026-10-26T02:00:00Z"),
                new Case("0 3 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z", "2026-03-29T01:00:00Z"))) {
            assertEquals(Instant.parse(c.next()), ScheduleRunner.nextRun(c.cron(), c.zone(), Instant.parse(c.after())), c.toString());
        }
    }

    @Test
    void refusalsSayWhatIsWrong() {
        for (String[] bad : new String[][] { { "", "five fields" }, { "* * * *", "4 fields" }, { "0 3 * * * *", "6 fields" },
                { "61 * * * *", "61" }, { "@sometimes", "unknown macro" }, { "0 25 * * *", "25" },
                // valid, but longer than a schedule keeps (once a 500), and valid but never firing (once accepted)
                { java.util.stream.IntStream.range(0, 60).mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(",")) + " * * * *",
                        "at most 100 characters" },
                { "0 0 31 2 *", "never fires" }, { "0 0 30 2 *", "never fires" }, { "0 0 31 4,6,9,11 *", "never fires" } }) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Cron.parse(bad[0]), bad[0]);
            assertTrue(e.getMessage().contains(bad[1]), bad[0] + ": " + e.getMessage());
        }
        assertTrue(Cron.parse("30 2 * * 1").describe().contains("02:30"), Cron.parse("30 2 * * 1").describe());
    }
}
