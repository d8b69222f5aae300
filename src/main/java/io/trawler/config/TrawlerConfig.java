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
     * link-graph snapshots and the generated admin token. Relative to the working directory.
     */
    @WithDefault("data")
    Path dataDir();

    /** API authentication. */
    Security security();

    interface Security {
        /**
         * Bearer token with the admin role. When unset, a token is generated at first start, stored in
         * {@code <data-dir>/admin-token} and printed once in the log.
         */
        Optional<String> adminToken();
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
