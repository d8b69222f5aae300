package io.trawler.crawl;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.jboss.logging.Logger;

/**
 * Makes a transaction's commit durable before it returns, whatever the database's defaults, so that the ingester
 * may trim a Redis stream as soon as the commit that stored its records returns.
 *
 * <ul>
 * <li><b>H2</b> (MVStore) keeps commits in memory for {@code WRITE_DELAY} ms (500 by default) and writes them in the
 * background: a {@code kill -9} in that window loses commits that readers had already seen. With {@code WRITE_DELAY 0}
 * every commit writes its chunk to the file before it returns (to the operating system, not fsync'd: it survives the
 * process, not a power loss). The setting is persistent; it is set once per database when it is not already 0.
 * H2 also commits whenever an identity column's sequence has handed out its cached values (32 by default), and
 * each of those commits writes a chunk too: one per 32 page rows, which made the sequence the ingester's largest
 * cost. The page table's ids are therefore cached {@value #PAGE_ID_CACHE} at a time (a crash skips the unused ones:
 * a gap in the ids, nothing else; ids still rise in the order they are handed out).</li>
 * <li><b>PostgreSQL</b> flushes its WAL at commit unless {@code synchronous_commit} is off (a server, database or role
 * default an operator may have chosen for speed); the transaction sets it on for itself ({@code SET LOCAL}).</li>
 * </ul>
 */
final class DurableCommits {

    private static final Logger LOG = Logger.getLogger(DurableCommits.class);

    private enum Kind { H2, POSTGRESQL, OTHER }

    /** Page ids H2 reserves at a time. */
    static final int PAGE_ID_CACHE = 4096;

    private volatile Kind kind;
    private volatile boolean h2Checked;

    /** Call on a connection with auto-commit off, before the transaction's first statement. */
    void begin(Connection c) throws SQLException {
        Kind k = kind;
        if (k == null) {
            String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
            k = product.contains("h2") ? Kind.H2 : product.contains("postgres") ? Kind.POSTGRESQL : Kind.OTHER;
            kind = k;
        }
        switch (k) {
            case POSTGRESQL -> {
                try (Statement s = c.createStatement()) {
                    s.execute("SET LOCAL synchronous_commit TO on");
                }
            }
            case H2 -> {
                if (!h2Checked) {
                    prepareH2(c);
                }
            }
            default -> {
                // another database: its commit is taken at its word
            }
        }
    }

    /**
     * Before the transaction's first statement. The id cache is an optimisation: if it cannot be set, that is logged
     * and the ingester goes on without it (H2 keeps sequence options through its own system session, so a rollback of
     * this transaction leaves them as set).
     */
    private synchronized void prepareH2(Connection c) throws SQLException {
        if (h2Checked) {
            return;
        }
        try (Statement s = c.createStatement()) {
            if (!"0".equals(value(s, "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'"))) {
                LOG.info("H2's WRITE_DELAY was not 0: setting it to 0 so that every commit is on disk when it returns");
                s.execute("SET WRITE_DELAY 0");
            }
            try {
                String cache = value(s, "SELECT IDENTITY_CACHE FROM INFORMATION_SCHEMA.COLUMNS"
                        + " WHERE TABLE_SCHEMA = CURRENT_SCHEMA AND LOWER(TABLE_NAME) = 'page' AND LOWER(COLUMN_NAME) = 'id'");
                if (cache != null && Long.parseLong(cache) < PAGE_ID_CACHE) {
                    s.execute("ALTER TABLE page ALTER COLUMN id SET CACHE " + PAGE_ID_CACHE);
                }
            } catch (SQLException | NumberFormatException e) {
                LOG.warnf("H2: the page ids' cache was not raised (%s); page records are stored as before, more slowly", e.toString());
            }
        }
        h2Checked = true;
    }

    private static String value(Statement s, String query) throws SQLException {
        try (ResultSet rs = s.executeQuery(query)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
