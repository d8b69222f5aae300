package io.trawler.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.util.Optional;

/** Process-wide settings: which role this process plays, where it keeps its data, who may call the API. */
@ConfigMapping(prefix = "trawler")
public interface TrawlerConfig {

    /** Which parts of Trawler run in this process. */
    @WithDefault("all")
    Role role();

    /**
     * Directory for everything the embedded mode keeps: the H2 file, the Redis AOF, WARC files,
     * link-graph snapshots, the first admin's credentials and the embedded Redis password. Relative to the working directory.
     */
    @WithDefault("data")
    Path dataDir();

    /** API authentication beyond users and tokens. */
    Security security();

    interface Security {
        /**
         * A static bearer token with the admin role, for automation and tests; unset by default. People and
         * services use their own users and tokens ({@code /api/v1/users}); the first admin's credentials are written
         * to {@code <data-dir>/admin-credentials} (mode 0600) at first start.
         */
        Optional<String> adminToken();

        /** A browser session not used for this long is over: the user logs in again. */
        @io.smallrye.config.WithDefault("8h")
        java.time.Duration sessionIdleTimeout();

        /**
         * Whether the session cookie is marked Secure (sent over HTTPS only). Unset: when the login request came
         * over HTTPS (behind a TLS-terminating proxy, set {@code quarkus.http.proxy.proxy-address-forwarding} and
         * {@code quarkus.http.proxy.enable-forwarded-host}, or set this to true).
         */
        Optional<Boolean> secureCookie();

        /** A browser session ends this long after login, however busy. */
        @io.smallrye.config.WithDefault("7d")
        java.time.Duration sessionMaxAge();
    }

    /** The parts a process can run. */
    enum Role {
        /** Manager and worker in one process (the zero-setup default). */
        ALL,
        /** API, UI, planner, page-record ingestion; needs the database and Redis. */
        MANAGER,
        /** Fetch loop only; needs only Redis. */
        WORKER;

        public boolean runsWorker() {
            return this != MANAGER;
        }

        public boolean runsManager() {
            return this != WORKER;
        }
    }
}
