package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The crawl page's rate over a crawl's whole run, grouped by the database (H2 here, as the default run has it). */
class RateHistoryTest {

    @ParameterizedTest(name = "{0} ms of run: buckets of {1} s")
    @CsvSource({"1000, 1", "300000, 1", "300001, 2", "3000000, 10", "3600000, 15", "86400000, 300", "864000000, 3600"})
    void bucketsFitTheRunInAtMost300Points(long runMs, int seconds) {
        assertEquals(seconds, RateHistory.bucketSeconds(runMs));
    }

    @Test
    void ratesCoverTheRunFromItsStart() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:rates;DB_CLOSE_DELAY=-1")) {
            c.createStatement().execute("CREATE TABLE page (id BIGINT AUTO_INCREMENT PRIMARY KEY, crawl_id VARCHAR(40),"
                    + " fetched_at TIMESTAMP WITH TIME ZONE NOT NULL)");
            long start = 1_780_000_000_000L;
            // a crawl of 20 minutes: 600 pages in its first minute, then 1 a second, and another crawl's pages
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page (crawl_id, fetched_at) VALUES (?, ?)")) {
                for (int i = 0; i < 600; i++) {
                    add(ps, "a", start + i * 100L);
                }
                for (int s = 60; s < 1200; s++) {
                    add(ps, "a", start + s * 1000L + 500);
                    add(ps, "b", start + s * 1000L);
                }
                ps.executeBatch();
            }
            RateHistory.Series series = RateHistory.read(c, "a", start, start + 1_200_000);
            assertEquals(5, series.bucketSeconds(), "20 minutes in at most 300 points");
            assertEquals(240, series.rates().length);
            assertEquals(start, series.startMs());
            for (int b = 0; b < 12; b++) {
                assertEquals(10.0, series.rates()[b], 1e-9, "first minute, bucket " + b + " " + java.util.Arrays.toString(series.rates()));
            }
            for (int b = 12; b < 240; b++) {
                assertEquals(1.0, series.rates()[b], 1e-9, "later, bucket " + b);
            }
            double pages = 0;
            for (double r : series.rates()) {
                pages += r * series.bucketSeconds();
            }
            assertEquals(600 + 1140, pages, 1e-6, "every page of the run counted once");
            assertArrayEquals(new double[] {0.0}, RateHistory.read(c, "none", start, start + 1000).rates());
        }
    }

    private static void add(PreparedStatement ps, String crawl, long at) throws Exception {
        ps.setString(1, crawl);
        ps.setTimestamp(2, new Timestamp(at));
        ps.addBatch();
    }
}
