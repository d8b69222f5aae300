package io.trawler.config;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The data directory holds password hashes, the Redis password, crawled content: at start it is made readable by
 * this user only (mode 0700), whatever the umask gave it.
 */
@ApplicationScoped
public class DataDirectory {

    private static final Logger LOG = Logger.getLogger(DataDirectory.class);

    void secure(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE - 10) StartupEvent event, TrawlerConfig config)
            throws IOException {
        Path dir = config.dataDir().toAbsolutePath().normalize();
        Files.createDirectories(dir);
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir);
            Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rwx------");
            if (!perms.equals(ownerOnly)) {
                Files.setPosixFilePermissions(dir, ownerOnly);
                LOG.infof("Data directory %s made private (was %s)", dir, PosixFilePermissions.toString(perms));
            }
        } catch (UnsupportedOperationException notPosix) {
            // not a POSIX file system
        }
    }
}
