package io.trawler.embedded;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.Secrets;
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
 * Starts a real redis-server (from the {@code embedded-redis} artifact) when no external Redis is configured:
 * loopback only, a password ({@link RedisHosts}: random, in {@code <data-dir>/redis/password}, mode 0600), AOF on
 * ({@code appendfsync everysec}), files under {@code <data-dir>/redis}, so the frontier survives a restart. Its
 * configuration file (holding the password) is written with mode 0600 and the password never appears on a command
 * line. A watchdog restarts it from its AOF if it dies; while it is down the API answers 503 and crawls wait. It is
 * stopped with SHUTDOWN after everything else. A server left running by a process that was killed is adopted when
 * it takes our password and its data directory is ours.
 */
@ApplicationScoped
public class EmbeddedRedis {

    private static final Logger LOG = Logger.getLogger(EmbeddedRedis.class);
    private static final long WATCH_MS = 500;

    private final EmbeddedRedisConfig config;
    private final TrawlerConfig trawler;
    private final RedisHosts hosts;
    private volatile Process process;
    private volatile boolean stopping;
    /** A server left running by a killed process that this one took over: stopped at shutdown like our own. */
    private volatile boolean adopted;
    private Thread watchdog;
    private Path dir;
    private int restarts;

    public EmbeddedRedis(EmbeddedRedisConfig config, TrawlerConfig trawler, RedisHosts hosts) {
        this.config = config;
        this.trawler = trawler;
        this.hosts = hosts;
    }

    void start(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) throws IOException {
        if (config.external()) {
            return;
        }
        if (trawler.role() == TrawlerConfig.Role.WORKER) {
            throw new IllegalStateException("the worker role needs a shared Redis: set trawler.redis.url (TRAWLER_REDIS_URL) or trawler.redis.hosts");
        }
        dir = trawler.dataDir().resolve("redis").toAbsolutePath().normalize();
        Files.createDirectories(dir);
        try {
            // the AOF holds every crawl's frontier: only this user may read it
            Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException notPosix) {
            // not a POSIX file system
        }
        int port = config.embeddedPort();
        String password = hosts.password();
        RedisPing.Answer running = RedisPing.probe(port, password);
        if (running.answered()) {
            if (running.ours() && dir.toString().equals(running.dir())) {
                LOG.infof("Adopting the embedded Redis already running on 127.0.0.1:%d with data in %s", port, dir);
                awaitReady(port, password, null, dir);
                adopted = true;
            } else {
                throw new IllegalStateException("port " + port + " is taken by another Redis"
                        + (running.ours() ? " with data in " + running.dir() : " that does not take this data directory's password")
                        + "; set trawler.redis.embedded-port or trawler.redis.url");
            }
        } else {
            launch();
            LOG.infof("Started embedded Redis on 127.0.0.1:%d (AOF and password in %s)", port, dir);
        }
        watchdog = new Thread(this::watch, "trawler-redis-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private synchronized void launch() throws IOException {
        int port = config.embeddedPort();
        Path conf = dir.resolve("redis.conf");
        String content = String.join("\n", List.of("bind 127.0.0.1", "port " + port, "dir \"" + dir + "\"", "appendonly yes",
                "appendfsync everysec", "save \"\"", "protected-mode yes", "requirepass \"" + hosts.password() + "\"",
                // compact revisit state (RefreshStore): hashes of up to 512 fields of up to 1 KiB stay listpacks
                // (the ziplist names are accepted by Redis 6 and 7 alike)
                "hash-max-ziplist-value 1024", "hash-max-ziplist-entries 512", "zset-max-ziplist-entries 512")) + "\n";
        Files.deleteIfExists(conf);
        Secrets.writePrivateFile(conf, content);
        // the artifact's binary, run as our own child process: its RedisServer.start() adds a JVM shutdown hook that
        // would kill Redis while the worker is still completing its last pages
        String binary = RedisServer.newRedisServer().port(port).buildCommandArgs().get(0);
        process = new ProcessBuilder(binary, conf.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
        awaitReady(port, hosts.password(), process, dir);
    }

    /** Restarts the server (from its AOF) whenever it stops answering, until Trawler shuts down. */
    private void watch() {
        int port = config.embeddedPort();
        while (!stopping) {
            try {
                Thread.sleep(WATCH_MS);
                Process p = process;
                boolean dead = p != null ? !p.isAlive() : !RedisPing.probe(port, hosts.password()).answered();
                if (dead && !stopping) {
                    restarts++;
                    LOG.warnf("The embedded Redis on 127.0.0.1:%d is gone; restarting it from its AOF (restart %d)", port, restarts);
                    adopted = false;
                    launch();
                    LOG.infof("The embedded Redis is back on 127.0.0.1:%d", port);
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                LOG.errorf(e, "Restarting the embedded Redis failed; trying again");
            }
        }
    }

    /** Times the watchdog restarted the server. */
    public int restarts() {
        return restarts;
    }

    /** Runs after the worker and the manager have stopped: SHUTDOWN flushes the AOF, then the process ends. */
    void stop(@Observes @Priority(Interceptor.Priority.LIBRARY_AFTER + 100) ShutdownEvent event) {
        stopping = true;
        if (watchdog != null) {
            watchdog.interrupt();
        }
        Process p = process;
        if (p == null && !adopted) {
            return;   // an external Redis
        }
        RedisPing.shutdown(config.embeddedPort(), hosts.password());
        if (p == null) {
            // adopted, not our child: wait until it stops answering
            long deadline = System.currentTimeMillis() + 15_000;
            while (RedisPing.probe(config.embeddedPort(), hosts.password()).answered() && System.currentTimeMillis() < deadline) {
                sleep(50);
            }
            adopted = false;
            return;
        }
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
        }
        process = null;
    }

    /** The process of the server this Trawler started (null when it adopted one or uses an external Redis). */
    public Process process() {
        return process;
    }

    /** Waits until the server answers PING, which it does only once its AOF is loaded (a big one takes a while). */
    private static void awaitReady(int port, String password, Process process, Path dir) {
        long deadline = System.currentTimeMillis() + 300_000;
        while (!RedisPing.ready(port, password)) {
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
