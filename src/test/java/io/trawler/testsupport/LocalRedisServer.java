package io.trawler.testsupport;

import java.io.IOException;
import java.util.List;

/**
 * One Debian redis-server on a loopback port, configured as the cluster fixture's nodes are (no persistence, the
 * frontier's listpack limits), for benchmarks that compare it with {@link LocalRedisCluster}.
 */
public final class LocalRedisServer implements AutoCloseable {

    /** The settings every test server gets: no persistence, the listpack limits the frontier's hashes and sets need. */
    static final List<String> SETTINGS = List.of("--save", "", "--appendonly", "no", "--hash-max-listpack-value", "1024",
            "--hash-max-listpack-entries", "512", "--zset-max-listpack-entries", "512");

    private final Process process;
    private final int port;

    private LocalRedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts it on a free port and waits until it answers PING. */
    public static LocalRedisServer start() throws IOException, InterruptedException {
        int port = TestRedis.freePort();
        List<String> cmd = new java.util.ArrayList<>(List.of("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1"));
        cmd.addAll(SETTINGS);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        for (int i = 0; i < 100; i++) {
            try {
                if (LocalRedisCluster.cli(port, "PING").contains("PONG")) {
                    return new LocalRedisServer(p, port);
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(50);
        }
        p.destroy();
        throw new IllegalStateException("redis-server did not start on " + port);
    }

    public int port() {
        return port;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        process.destroy();
    }
}
