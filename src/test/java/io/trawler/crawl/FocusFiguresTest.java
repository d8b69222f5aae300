package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The harvest curve: at most 100 points, evenly spread over the measured pages, each the relevant pages among the first n. */
class FocusFiguresTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7, 100, 101, 2_345})
    void theCurveIsSampledEvenlyFromTheRecords(int pages) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:focus" + pages)) {
            c.createStatement().execute("CREATE TABLE page (id BIGINT PRIMARY KEY, crawl_id VARCHAR(20), relevant BOOLEAN, relevance DOUBLE, url VARCHAR(200))");
            Random random = new Random(pages);
            boolean[] rel = new boolean[pages];
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page VALUES (?, ?, ?, ?, ?)")) {
                for (int i = 0; i < pages; i++) {
                    rel[i] = random.nextInt(3) == 0;
                    ps.setLong(1, 10 + 2L * i);
                    ps.setString(2, "c1");
                    ps.setBoolean(3, rel[i]);
                    ps.setDouble(4, random.nextDouble());
                    ps.setString(5, "http://example.com/" + i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            FocusFigures f = FocusFigures.read(c, "c1");
            int k = Math.min(FocusFigures.POINTS, pages);
            assertEquals(k, f.harvest().size());
            for (int i = 0; i < k; i++) {
                int n = (int) ((long) (i + 1) * pages / k);
                long expected = 0;
                for (int j = 0; j < n; j++) {
                    expected += rel[j] ? 1 : 0;
                }
                assertArrayEquals(new long[] {n, expected}, f.harvest().get(i), "point " + i);
            }
            long relevant = 0;
            for (boolean r : rel) {
                relevant += r ? 1 : 0;
            }
            assertEquals(relevant, f.relevant());
            assertEquals(pages - relevant, f.irrelevant());
            assertEquals(Math.min(FocusFigures.BEST, pages), f.best().size());
        }
    }
}
