package io.trawler.account;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.Secrets;
import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.logging.Logger;

/**
 * At the first start of a manager (no users yet) creates the user {@code admin} with a random password and an API
 * token, and writes both to {@code <data-dir>/admin-credentials}, created with mode 0600. Nothing secret is logged.
 * An older installation's {@code <data-dir>/admin-token} (which that version printed in its log) is not carried over:
 * it is deleted, with a warning.
 */
@ApplicationScoped
public class FirstAdmin {

    private static final Logger LOG = Logger.getLogger(FirstAdmin.class);
    static final String FILE = "admin-credentials";

    void onStart(@Observes StartupEvent event, TrawlerConfig config, AccountService accounts) {
        if (!config.role().runsManager()) {
            return;
        }
        Path file = config.dataDir().resolve(FILE).toAbsolutePath().normalize();
        Path legacy = config.dataDir().resolve("admin-token");
        String written = QuarkusTransaction.requiringNew().call(() -> {
            if (User.count() > 0) {
                return null;
            }
            String password = Secrets.random(18);
            User admin = accounts.createUser("admin", password, Role.ADMIN);
            String token = accounts.issueToken(admin, "first admin token").token();
            String content = "# Trawler's first admin account. Keep this file private: sign in, create your own users and\n"
                    + "# tokens, then change this password and revoke this token.\n"
                    + "username=admin\npassword=" + password + "\ntoken=" + token + "\n";
            write(file, content);
            return content;
        });
        if (written != null && Files.isRegularFile(legacy)) {
            try {
                Files.delete(legacy);
                LOG.warnf("The admin token of an earlier version (%s, printed in that version's log) is no longer valid and was"
                        + " deleted; use the credentials in %s", legacy.toAbsolutePath().normalize(), file);
            } catch (IOException e) {
                LOG.warnf("The admin token of an earlier version is no longer valid; delete %s", legacy.toAbsolutePath().normalize());
            }
        }
        if (written != null) {
            LOG.infof("Created the first admin account; its user name, password and API token are in %s (readable only by"
                    + " this user)", file);
        }
    }

    private static void write(Path file, String content) {
        try {
            Files.deleteIfExists(file);   // left from a database that was since reset: its secrets are void
            Secrets.writePrivateFile(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
