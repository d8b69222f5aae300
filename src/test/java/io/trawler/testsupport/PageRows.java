package io.trawler.testsupport;

import io.agroal.api.AgroalDataSource;
import io.trawler.crawl.HostStats;
import io.trawler.crawl.PageRow;
import io.trawler.crawl.StatusClasses;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.function.IntUnaryOperator;

/**
 * Crawls and page records written straight into the database (with the crawl's status-class counts, as the
 * ingester keeps them), for UI tests and benchmarks that need many records
 * without crawling them: a finished crawl of a site, and records whose status, path and content type follow their
 * index (every 50th a 404 unless told otherwise, every 10th a PDF, every 1,000th under /2019/).
 */
public final class PageRows {

    private PageRows() {
    }

    /** A finished one-lane crawl of the site, started an hour ago. */
    public static void finishedCrawl(AgroalDataSource db, String siteId, String crawlId, long pages) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO crawl (id, site_id, state, strategy, partitions, mode, spec,"
                        + " started_at, finished_at, fetched, unique_pages, drained) VALUES (?, ?, 'FINISHED', 'bfs', 1, 'independent', '{}', ?, ?, ?, ?, TRUE)")) {
            ps.setString(1, crawlId);
            ps.setString(2, siteId);
            ps.setTimestamp(3, Timestamp.from(Instant.now().minusSeconds(3600)));
            ps.setTimestamp(4, Timestamp.from(Instant.now()));
            ps.setLong(5, pages);
            ps.setLong(6, pages);
            ps.executeUpdate();
        }
    }

    /** Records {@code from} … {@code to − 1} of the crawl, with the status {@code status} gives for each index. */
    public static void insert(AgroalDataSource db, String crawlId, int from, int to, IntUnaryOperator status) throws SQLException {
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            StatusClasses.Tally tally = new StatusClasses.Tally();
            HostStats.Tally hosts = new HostStats.Tally();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page (crawl_id, url, status, outcome, fetched_at, partition_index,"
                    + " depth, content_type, bytes, fetch_ms, stream_id, url_key) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)")) {
                for (int i = from; i < to; i++) {
                    int s = status.applyAsInt(i);
                    ps.setString(1, crawlId);
                    ps.setString(2, "http://127.0.0.1:9/" + (i % 1000 == 7 ? "2019/" : "section" + (i % 97) + "/") + "page-" + i + ".html");
                    ps.setInt(3, s);
                    ps.setString(4, s == 0 ? "error" : "fetched");
                    ps.setTimestamp(5, Timestamp.from(Instant.now()));
                    ps.setInt(6, i % 12);
                    ps.setString(7, i % 10 == 0 ? "application/pdf" : "text/html; charset=utf-8");
                    ps.setLong(8, 20_000 + i % 5000);
                    ps.setInt(9, 40 + i % 100);
                    ps.setString(10, "0-" + i);
                    ps.setString(11, "http://127.0.0.1:9/" + (i % 1000 == 7 ? "2019/" : "section" + (i % 97) + "/") + "page-" + i + ".html");
                    ps.addBatch();
                    tally.add(s);
                    hosts.add(new PageRow("0-" + i, "http://127.0.0.1:9/", s, "fetched", Instant.now(), 0, 0, null, null,
                            null, null, 20_000L + i % 5000, false, 40 + i % 100, null, null, null, null, null, null, null, null, null, null));
                    if (i % 5000 == 4999) {
                        ps.executeBatch();
                    }
                }
                ps.executeBatch();
            }
            tally.addTo(c, crawlId);   // as the ingester counts them
            hosts.addTo(c, crawlId);
            c.commit();
        }
    }

    /** The benchmark's mix: every 50th record a 404, the others 200. */
    public static int mostlyOk(int i) {
        return i % 50 == 0 ? 404 : 200;
    }
}
