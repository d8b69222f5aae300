package io.trawler.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import redis.embedded.RedisServer;

/**
 * A real Redis for tests that run without Quarkus: the cluster named by TRAWLER_REDIS_HOSTS with
 * TRAWLER_REDIS_CLIENT_TYPE=cluster (CI starts one with {@code .ci/redis-cluster}), the server named by
 * TRAWLER_REDIS_URL (CI sets it to the machine's Redis 7), otherwise an embedded redis-server on a free loopback port.
 */
public final class TestRedis {

    private static RedisServer server;
    private static String url;

    private TestRedis() {
    }

    /** A client for the test Redis, whichever shape it has. */
    public static io.vertx.redis.client.Redis client(io.vertx.core.Vertx vertx) {
        return io.vertx.redis.client.Redis.createClient(vertx, options());
    }

    /** Client options for the test Redis: its URLs and, for a cluster, the cluster client type. */
    public static io.vertx.redis.client.RedisOptions options() {
        io.vertx.redis.client.RedisOptions o = new io.vertx.redis.client.RedisOptions().setMaxPoolSize(cluster() ? 256 : 16).setMaxPoolWaiting(4096);
        if (cluster()) {
            o.setType(io.vertx.redis.client.RedisClientType.CLUSTER);
            for (String h : System.getenv("TRAWLER_REDIS_HOSTS").split(",")) {
                o.addConnectionString(h.trim());
            }
            return o;
        }
        return o.setConnectionString(url());
    }

    /** True when the tests run on a Redis Cluster (TRAWLER_REDIS_HOSTS with TRAWLER_REDIS_CLIENT_TYPE=cluster). */
    public static boolean cluster() {
        String hosts = System.getenv("TRAWLER_REDIS_HOSTS");
        return hosts != null && !hosts.isBlank() && "cluster".equalsIgnoreCase(System.getenv("TRAWLER_REDIS_CLIENT_TYPE"));
    }

    /**
     * Settings that point a Trawler process at the test Redis: {@code trawler.redis.hosts} and {@code client-type}
     * on a cluster, else {@code trawler.redis.url}.
     */
    public static java.util.Map<String, String> settings() {
        if (cluster()) {
            return java.util.Map.of("trawler.redis.hosts", System.getenv("TRAWLER_REDIS_HOSTS"), "trawler.redis.client-type", "cluster");
        }
        return java.util.Map.of("trawler.redis.url", url());
    }

    public static synchronized String url() {
        if (url != null) {
            return url;
        }
        if (cluster()) {
            url = System.getenv("TRAWLER_REDIS_HOSTS").split(",")[0].trim();
            return url;
        }
        String env = System.getenv("TRAWLER_REDIS_URL");
        if (env != null && !env.isBlank()) {
            url = env;
            return url;
        }
        int port = freePort();
        try {
            server = RedisServer.newRedisServer().bind("127.0.0.1").port(port).setting("save \"\"").setting("appendonly no").build();
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (IOException ignored) {
                // exiting anyway
            }
        }));
        url = "redis://127.0.0.1:" + port;
        return url;
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
