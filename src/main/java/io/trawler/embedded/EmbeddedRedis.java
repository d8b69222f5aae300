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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;
import redis.embedded.RedisServer;

/**
 * Starts a real redis-server (from the {@code embedded-redis} artifact) when no external Redis is
 * configured: loopback only, AOF on ({@code appendfsync everysec}), files under
 * {@code <data-dir>/redis}, so the frontier survives a restart. It is stopped with SHUTDOWN after
 * everything else. A server left running by a process that was killed is adopted when its data
 * directory is ours.
 */
@ApplicationScoped
public class EmbeddedRedis {

    private static final Logger LOG = Logger.getLogger(EmbeddedRedis.class);
    private final EmbeddedRedisConfig config;
    private final TrawlerConfig trawler;
    private Process process;

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
                awaitReady(port, null, dir);
                return;
            }
            throw new IllegalStateException("port " + port + " is taken by a Redis with data in " + running.dir()
                    + "; set trawler.redis.embedded-port or trawler.redis.url");
        }
        // the artifact's binary and config, run as our own child process: its RedisServer.start() adds a JVM
        // shutdown hook that would kill Redis while the worker is still completing its last pages
        List<String> command = RedisServer.newRedisServer()
                .bind("127.0.0.1")
                .port(port)
                .setting("dir " + dir)
                .setting("appendonly yes")
                .setting("appendfsync everysec")
                .setting("save \"\"")
                .setting("protected-mode yes")
                .buildCommandArgs();
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
        awaitReady(port, process, dir);
        LOG.infof("Started embedded Redis on 127.0.0.1:%d (AOF in %s)", port, dir);
    }

    /** Runs after the worker and the manager have stopped: SHUTDOWN flushes the AOF, then the process ends. */
    void stop(@Observes @Priority(Interceptor.Priority.LIBRARY_AFTER + 100) ShutdownEvent event) {
        if (process == null) {
            return;
        }
        RedisPing.shutdown(config.embeddedPort());
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroy();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
        }
        process = null;
    }

    /** Waits until the server answers PING, which it does only once its AOF is loaded (a big one takes a while). */
    private static void awaitReady(int port, Process process, Path dir) {
        long deadline = System.currentTimeMillis() + 300_000;
        while (!RedisPing.ready(port)) {
            if ((process != null && !process.isAlive()) || System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("embedded redis-server did not become ready; see " + dir.resolve("redis.log"));
            }
            sleep(20);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
