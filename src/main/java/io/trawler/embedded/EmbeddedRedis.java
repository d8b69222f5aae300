package io.trawler.embedded;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.TrawlerConfig;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.logging.Logger;
import redis.embedded.RedisServer;

/**
 * Starts a real redis-server (from the {@code embedded-redis} artifact) when no external Redis is
 * configured: loopback only, AOF on ({@code appendfsync everysec}), files under
 * {@code <data-dir>/redis}, so the frontier survives a restart. A server left running by a process
 * that was killed is adopted when its data directory is ours.
 */
@ApplicationScoped
public class EmbeddedRedis {

    private static final Logger LOG = Logger.getLogger(EmbeddedRedis.class);
    private final EmbeddedRedisConfig config;
    private final TrawlerConfig trawler;
    private RedisServer server;

    public EmbeddedRedis(EmbeddedRedisConfig config, TrawlerConfig trawler) {
        this.config = config;
        this.trawler = trawler;
    }

    void start(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) throws IOException {
        if (config.url().isPresent()) {
            return;
        }
        if (trawler.role() == TrawlerConfig.Role.WORKER) {
            throw new IllegalStateException("the worker role needs a shared Redis: set trawler.redis.url (TRAWLER_REDIS_URL)");
        }
        Path dir = trawler.dataDir().resolve("redis").toAbsolutePath().normalize();
        Files.createDirectories(dir);
        int port = config.embeddedPort();
        RedisPing.Answer running = RedisPing.probe(port);
        if (running.answered()) {
            if (dir.toString().equals(running.dir())) {
                LOG.infof("Adopting the embedded Redis already running on 127.0.0.1:%d with data in %s", port, dir);
                return;
            }
            throw new IllegalStateException("port " + port + " is taken by a Redis with data in " + running.dir()
                    + "; set trawler.redis.embedded-port or trawler.redis.url");
        }
        server = RedisServer.newRedisServer()
                .bind("127.0.0.1")
                .port(port)
                .setting("dir " + dir)
                .setting("appendonly yes")
                .setting("appendfsync everysec")
                .setting("save \"\"")
                .setting("protected-mode yes")
                .onShutdownForceStop(false)
                .build();
        server.start();
        LOG.infof("Started embedded Redis on 127.0.0.1:%d (AOF in %s)", port, dir);
    }

    void stop(@Observes @Priority(Interceptor.Priority.LIBRARY_AFTER + 100) ShutdownEvent event) {
        if (server != null) {
            try {
                server.stop();
            } catch (IOException e) {
                LOG.warn("Embedded Redis did not stop cleanly", e);
            }
            server = null;
        }
    }
}
