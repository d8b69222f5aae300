package io.trawler.api;

import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import org.jboss.logging.Logger;

/**
 * The admin bearer token: {@code trawler.security.admin-token} when set; otherwise the one stored in
 * {@code <data-dir>/admin-token}, generated and printed once at first start.
 */
@ApplicationScoped
public class AdminToken {

    private static final Logger LOG = Logger.getLogger(AdminToken.class);
    private final byte[] token;

    public AdminToken(TrawlerConfig config) {
        this.token = config.security().adminToken().orElseGet(() -> stored(config.dataDir().resolve("admin-token")))
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Creates (and, the first time, prints) the token at start-up in the roles that serve the API. */
    static void init(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event, TrawlerConfig config,
            jakarta.enterprise.inject.Instance<AdminToken> token) {
        if (config.role().runsManager()) {
            token.get().matches("");
        }
    }

    /** Constant-time comparison with the admin token. */
    public boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }

    private static String stored(Path file) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.UTF_8).trim();
            }
            byte[] b = new byte[32];
            new SecureRandom().nextBytes(b);
            String t = Base64.getUrlEncoder().withoutPadding().encodeToString(b);
            Files.createDirectories(file.getParent());
            Files.writeString(file, t + "\n", StandardCharsets.UTF_8);
            try {
                Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system
            }
            LOG.infof("Generated the admin token (stored in %s): %s", file.toAbsolutePath(), t);
            return t;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
