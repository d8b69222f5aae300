package io.trawler.embedded;

import io.quarkus.redis.client.RedisHostsProvider;
import io.smallrye.common.annotation.Identifier;
import io.trawler.config.Secrets;
import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;

/**
 * Where the Redis client connects ({@code quarkus.redis.hosts-provider-name=trawler}): {@code trawler.redis.hosts}
 * (a cluster's seed nodes or the Sentinels) or {@code trawler.redis.url} when set, else the embedded server on loopback with its password, which is generated at first start into
 * {@code <data-dir>/redis/password} (mode 0600) and read from there by every process sharing the data directory.
 */
@ApplicationScoped
@Identifier("trawler")
@jakarta.enterprise.inject.Default
public class RedisHosts implements RedisHostsProvider {

    private final EmbeddedRedisConfig config;
    private final TrawlerConfig trawler;
    private volatile String password;

    public RedisHosts(EmbeddedRedisConfig config, TrawlerConfig trawler) {
        this.config = config;
        this.trawler = trawler;
    }

    @Override
    public Set<URI> getHosts() {
        if (config.external()) {
            Set<URI> uris = new java.util.LinkedHashSet<>();
            config.externalUrls().forEach(u -> uris.add(URI.create(u.trim())));
            return uris;
        }
        return Set.of(URI.create(url()));
    }

    /** The first URL the client uses (with the embedded server's password in it). */
    public String url() {
        return config.external() ? config.externalUrls().get(0) : config.url().orElseGet(() -> "redis://:" + URLEncoder.encode(password(), StandardCharsets.UTF_8) + "@127.0.0.1:"
                + config.embeddedPort());
    }

    /** The embedded server's password, created on first use. */
    public String password() {
        String p = password;
        if (p == null) {
            synchronized (this) {
                if (password == null) {
                    Path file = trawler.dataDir().resolve("redis").resolve("password").toAbsolutePath().normalize();
                    try {
                        password = Secrets.readOrCreatePrivateFile(file, Secrets.random(32)).trim();
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot create or read " + file, e);
                    }
                }
                p = password;
            }
        }
        return p;
    }
}
