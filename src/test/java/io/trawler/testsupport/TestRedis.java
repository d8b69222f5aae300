package io.trawler.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import redis.embedded.RedisServer;

/**
 * A real Redis for tests that run without Quarkus: the server named by TRAWLER_REDIS_URL when set
 * (CI sets it to the machine's Redis 7), otherwise an embedded redis-server on a free loopback port.
 */
public final class TestRedis {

    private static RedisServer server;
    private static String url;

    private TestRedis() {
    }

    public static synchronized String url() {
        if (url != null) {
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
