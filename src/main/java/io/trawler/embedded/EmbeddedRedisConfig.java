package io.trawler.embedded;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/** Where the frontier's Redis is: an external server, cluster or Sentinel group, or one Trawler starts itself. */
@ConfigMapping(prefix = "trawler.redis")
public interface EmbeddedRedisConfig {

    /**
     * URL of an external Redis, e.g. {@code redis://127.0.0.1:6379}. When neither this nor {@link #hosts()} is set
     * (and the role is not {@code worker}), Trawler starts an embedded redis-server with AOF persistence under
     * {@code <data-dir>/redis}.
     */
    Optional<String> url();

    /**
     * Several {@code redis://} URLs, comma-separated: the seed nodes of a Redis Cluster ({@code client-type=cluster})
     * or the Sentinels of a replicated group ({@code client-type=sentinel}). Takes precedence over {@link #url()}.
     */
    Optional<List<String>> hosts();

    /**
     * How the servers are organised: {@code standalone} (one server, or a primary), {@code cluster} (Redis Cluster:
     * keys spread over masters by hash slot) or {@code sentinel} (the primary named {@link #masterName()}, found
     * through the Sentinels in {@link #hosts()}).
     */
    @WithDefault("standalone")
    ClientType clientType();

    /** The primary's name in the Sentinels' configuration ({@code client-type=sentinel} only). */
    @WithDefault("mymaster")
    String masterName();

    /** Loopback port of the embedded redis-server. */
    @WithDefault("6390")
    int embeddedPort();

    /** True when an external Redis (server, cluster or Sentinel group) is configured. */
    default boolean external() {
        return hosts().filter(h -> !h.isEmpty()).isPresent() || url().isPresent();
    }

    /** The URLs the client connects to when Redis is external: {@link #hosts()}, else {@link #url()}. */
    default List<String> externalUrls() {
        return hosts().filter(h -> !h.isEmpty()).orElseGet(() -> url().map(List::of).orElse(List.of()));
    }

    /** The shapes of Redis deployment the Quarkus Redis client supports. */
    enum ClientType {
        STANDALONE, CLUSTER, SENTINEL
    }
}
