package io.trawler.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A replicated Redis group under Sentinel on loopback, from Debian's redis-server: a primary, one replica and three
 * Sentinels (quorum 2) watching them as {@value #MASTER_NAME}, with a 1 s down-after so that a killed primary is
 * replaced within seconds.
 */
public final class LocalRedisSentinel implements AutoCloseable {

    public static final String MASTER_NAME = "trawler";

    private final List<Process> processes;
    private final Process primary;
    private final int primaryPort;
    private final int replicaPort;
    private final List<Integer> sentinels;

    private LocalRedisSentinel(List<Process> processes, Process primary, int primaryPort, int replicaPort, List<Integer> sentinels) {
        this.processes = processes;
        this.primary = primary;
        this.primaryPort = primaryPort;
        this.replicaPort = replicaPort;
        this.sentinels = sentinels;
    }

    public static LocalRedisSentinel start() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("redis-sentinel-");
        List<Process> all = new ArrayList<>();
        int primaryPort = TestRedis.freePort();
        int replicaPort = TestRedis.freePort();
        Process primary = server(dir, primaryPort, List.of());
        all.add(primary);
        all.add(server(dir, replicaPort, List.of("--replicaof", "127.0.0.1", Integer.toString(primaryPort))));
        awaitPing(primaryPort);
        awaitPing(replicaPort);
        long deadline = System.currentTimeMillis() + 30_000;
        while (!LocalRedisCluster.cli(replicaPort, "INFO", "replication").contains("master_link_status:up")) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the replica did not sync");
            }
            Thread.sleep(50);
        }
        List<Integer> sentinels = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int port = TestRedis.freePort();
            Path conf = dir.resolve("sentinel-" + port + ".conf");
            Files.writeString(conf, String.join("\n", "port " + port, "bind 127.0.0.1", "dir " + dir,
                    "sentinel monitor " + MASTER_NAME + " 127.0.0.1 " + primaryPort + " 2",
                    "sentinel down-after-milliseconds " + MASTER_NAME + " 1000",
                    "sentinel failover-timeout " + MASTER_NAME + " 10000",
                    "sentinel parallel-syncs " + MASTER_NAME + " 1", ""));
            all.add(new ProcessBuilder("redis-server", conf.toString(), "--sentinel").redirectErrorStream(true)
                    .redirectOutput(dir.resolve("sentinel-" + port + ".log").toFile()).start());
            sentinels.add(port);
        }
        for (int port : sentinels) {
            awaitPing(port);
        }
        return new LocalRedisSentinel(all, primary, primaryPort, replicaPort, sentinels);
    }

    private static Process server(Path dir, int port, List<String> extra) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1", "--dir",
                dir.toString()));
        cmd.addAll(LocalRedisServer.SETTINGS);
        cmd.addAll(extra);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("redis-" + port + ".log").toFile()).start();
    }

    private static void awaitPing(int port) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            try {
                if (LocalRedisCluster.cli(port, "PING").contains("PONG")) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("redis on " + port + " did not start");
    }

    /** The Sentinels' URLs, comma-separated ({@code trawler.redis.hosts} with {@code client-type=sentinel}). */
    public String hosts() {
        return String.join(",", sentinels.stream().map(p -> "redis://127.0.0.1:" + p).toList());
    }

    /** The port of the primary as the first Sentinel that answers names it. */
    public int primaryPort() throws IOException, InterruptedException {
        for (int port : sentinels) {
            try {
                String[] addr = LocalRedisCluster.cli(port, "SENTINEL", "get-master-addr-by-name", MASTER_NAME).trim().split("\\s+");
                return Integer.parseInt(addr[addr.length - 1]);
            } catch (IOException | RuntimeException tryNext) {
                // the next Sentinel
            }
        }
        return -1;
    }

    public int initialPrimaryPort() {
        return primaryPort;
    }

    public int replicaPort() {
        return replicaPort;
    }

    /** SIGKILL of the initial primary. */
    public void killPrimary() throws InterruptedException {
        primary.destroyForcibly();
        primary.waitFor();
    }

    @Override
    public void close() {
        for (Process p : processes) {
            p.destroyForcibly();
        }
    }
}
