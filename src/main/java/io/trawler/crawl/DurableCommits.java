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
 * process, not a power loss). The setting is persistent; it is set once per database when it is not already 0.</li>
 * <li><b>PostgreSQL</b> flushes its WAL at commit unless {@code synchronous_commit} is off (a server, database or role
 * default an operator may have chosen for speed); the transaction sets it on for itself ({@code SET LOCAL}).</li>
 * </ul>
 */
final class DurableCommits {

    private static final Logger LOG = Logger.getLogger(DurableCommits.class);

    private enum Kind { H2, POSTGRESQL, OTHER }

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
                    ensureH2WriteDelayZero(c);
                }
            }
            default -> {
                // another database: its commit is taken at its word
            }
        }
    }

    private synchronized void ensureH2WriteDelayZero(Connection c) throws SQLException {
        if (h2Checked) {
            return;
        }
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            String delay = rs.next() ? rs.getString(1) : null;
            if (!"0".equals(delay)) {
                LOG.infof("H2's WRITE_DELAY was %s ms: setting it to 0 so that every commit is on disk when it returns", delay);
                s.execute("SET WRITE_DELAY 0");
            }
        }
        h2Checked = true;
    }
}
