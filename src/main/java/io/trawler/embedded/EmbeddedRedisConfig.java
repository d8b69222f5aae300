package io.trawler.embedded;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** Where the frontier's Redis is: an external server, or one Trawler starts itself. */
@ConfigMapping(prefix = "trawler.redis")
public interface EmbeddedRedisConfig {

    /**
     * URL of an external Redis, e.g. {@code redis://127.0.0.1:6379}. When unset (and the role is not
     * {@code worker}), Trawler starts an embedded redis-server with AOF persistence under
     * {@code <data-dir>/redis}.
     */
    Optional<String> url();

    /** Loopback port of the embedded redis-server. */
    @WithDefault("6390")
    int embeddedPort();
}
