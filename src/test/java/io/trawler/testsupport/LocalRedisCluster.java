package io.trawler.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Redis Cluster of 3 masters and 3 replicas on loopback, from Debian's redis-server, started and stopped with
 * {@code .ci/redis-cluster} (the same fixture CI runs the crawl suites on). Its nodes are asked with redis-cli.
 */
public final class LocalRedisCluster implements AutoCloseable {

    private static final Path SCRIPT = Path.of(".ci/redis-cluster");
    private final int firstPort;
    private final String hosts;

    private LocalRedisCluster(int firstPort, String hosts) {
        this.firstPort = firstPort;
        this.hosts = hosts;
    }

    /** True when redis-server and redis-cli are installed (CI installs them; a fresh machine may lack them). */
    public static boolean available() {
        return onPath("redis-server") && onPath("redis-cli");
    }

    public static LocalRedisCluster start(int firstPort) throws IOException, InterruptedException {
        String out = run(List.of("bash", SCRIPT.toString(), "start", Integer.toString(firstPort))).trim();
        String[] lines = out.split("\n");
        return new LocalRedisCluster(firstPort, lines[lines.length - 1].trim());
    }

    /** The seed URLs, comma-separated ({@code trawler.redis.hosts}). */
    public String hosts() {
        return hosts;
    }

    /** The port of the healthy master serving {@code key}'s hash slot, as a live node sees it; -1 while there is none. */
    public int masterOf(String key) throws IOException, InterruptedException {
        int asked = -1;
        for (int port : ports()) {
            try {
                cli(port, "PING");
                asked = port;
                break;
            } catch (IOException dead) {
                // ask the next node
            }
        }
        int slot = Integer.parseInt(cli(asked, "CLUSTER", "KEYSLOT", key).trim());
        for (String line : cli(asked, "CLUSTER", "NODES").split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length < 9 || !f[2].contains("master") || f[2].contains("fail")) {
                continue;
            }
            int port = Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1, f[1].indexOf('@')));
            for (int i = 8; i < f.length; i++) {
                String[] range = f[i].split("-");
                int lo = Integer.parseInt(range[0]);
                int hi = range.length > 1 ? Integer.parseInt(range[1]) : lo;
                if (slot >= lo && slot <= hi) {
                    return port;
                }
            }
        }
        return -1;
    }

    /** The ports of the healthy masters that own slots, as the first node sees them. */
    public List<Integer> masters() throws IOException, InterruptedException {
        List<Integer> masters = new ArrayList<>();
        for (String line : cli(firstPort, "CLUSTER", "NODES").split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length > 8 && f[2].contains("master") && !f[2].contains("fail")) {   // a master that owns slots
                masters.add(Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1, f[1].indexOf('@'))));
            }
        }
        java.util.Collections.sort(masters);
        return masters;
    }

    /** The ports of every node, masters and replicas. */
    public List<Integer> ports() {
        List<Integer> ports = new ArrayList<>();
        for (int p = firstPort; p < firstPort + 6; p++) {
            ports.add(p);
        }
        return ports;
    }

    /** Keys matching {@code pattern} on the node at {@code port}. */
    public List<String> keys(int port, String pattern) throws IOException, InterruptedException {
        List<String> keys = new ArrayList<>();
        for (String k : cli(port, "--scan", "--pattern", pattern).split("\n")) {
            if (!k.isBlank()) {
                keys.add(k.trim());
            }
        }
        return keys;
    }

    /** Kills the node at {@code port} with SIGKILL (its replica takes over after the cluster's node timeout, 2 s). */
    public void kill(int port) throws IOException, InterruptedException {
        Path pidFile = Path.of(System.getProperty("java.io.tmpdir"), "trawler-redis-cluster-" + firstPort, Integer.toString(port), "redis.pid");
        String pid = Files.readString(pidFile).trim();
        run(List.of("kill", "-9", pid));
    }

    /** Waits until the cluster reports state ok on a live node. */
    public void awaitOk(int livePort, long timeoutMs) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (!cli(livePort, "CLUSTER", "INFO").contains("cluster_state:ok")) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the cluster did not recover");
            }
            Thread.sleep(100);
        }
    }

    public static String cli(int port, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("redis-cli", "-p", Integer.toString(port)));
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run(List.of("bash", SCRIPT.toString(), "stop", Integer.toString(firstPort)));
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
        b.environment().put("TMPDIR", System.getProperty("java.io.tmpdir"));
        Process p = b.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    private static boolean onPath(String binary) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, binary))) {
                return true;
            }
        }
        return false;
    }
}
