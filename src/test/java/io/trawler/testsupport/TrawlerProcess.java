package io.trawler.testsupport;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged server ({@code target/quarkus-app}) as a separate process, for tests and benchmarks that
 * restart it, kill it, or run several roles side by side. Its output goes to {@code <data-dir>/server.log}.
 */
public final class TrawlerProcess implements AutoCloseable {

    public static final String TOKEN = "it-token";
    private static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar");

    private final Process process;
    private final Path dataDir;
    private final int port;

    private TrawlerProcess(Process process, Path dataDir, int port) {
        this.process = process;
        this.dataDir = dataDir;
        this.port = port;
    }

    /** The shared properties of a set of processes, with {@code trawler.role} set to {@code role} for one of them. */
    public static Map<String, String> withRole(Map<String, String> shared, String role) {
        Map<String, String> m = new java.util.HashMap<>(shared);
        m.put("trawler.role", role);
        return m;
    }

    /** Starts the server with the given data directory, HTTP port, heap and extra system properties, and waits until it is ready. */
    public static TrawlerProcess start(Path dataDir, int port, String heap, Map<String, String> properties) throws Exception {
        return start(JAR, dataDir, port, List.of("-Xmx" + heap), properties);
    }

    /**
     * Starts the server packaged as {@code jar} (another build's {@code quarkus-run.jar}, for A/B benchmarks, or a native
     * executable built by {@code native/build-worker.sh}: a path not ending in .jar) with the given JVM
     * options (none: the JVM's defaults; an option {@code NAME=value} is an environment variable of the process instead)
     * and system properties, and waits until it is ready.
     */
    public static TrawlerProcess start(Path jar, Path dataDir, int port, List<String> jvmOptions, Map<String, String> properties)
            throws Exception {
        if (!Files.exists(jar)) {
            throw new IllegalStateException("build the application first (./mvnw package): " + jar + " is missing");
        }
        boolean nativeImage = !jar.toString().endsWith(".jar");
        Files.createDirectories(dataDir);
        // a native executable takes the same -D and -X options as the JVM, and no -jar
        List<String> command = new ArrayList<>(List.of(nativeImage ? jar.toAbsolutePath().toString()
                : Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        Map<String, String> environment = new java.util.HashMap<>();
        for (String o : jvmOptions) {
            if (o.matches("[A-Z_][A-Z0-9_]*=.*")) {   // NAME=value: an environment variable of the process (MALLOC_ARENA_MAX=2)
                environment.put(o.substring(0, o.indexOf('=')), o.substring(o.indexOf('=') + 1));
            } else {
                command.add(o);
            }
        }
        command.addAll(List.of("-Dquarkus.http.port=" + port, "-Dtrawler.data-dir=" + dataDir.toAbsolutePath(),
                "-Dtrawler.security.admin-token=" + TOKEN, "-Dtrawler.fetch.allow-private-networks=true"));
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        if (!nativeImage) {
            command.addAll(List.of("-jar", jar.toString()));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dataDir.resolve("server.log").toFile()));
        builder.environment().putAll(environment);
        Process p = builder.start();
        TrawlerProcess t = new TrawlerProcess(p, dataDir, port);
        if ("worker".equals(properties.get("trawler.role"))) {
            OpenApiContract.noApi(port);   // a worker serves no API (its /api answers 404): nothing to check
        } else {
            OpenApiContract.token(port, TOKEN);
        }
        t.awaitReady();
        return t;
    }

    private void awaitReady() throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("server exited: " + log());
            }
            try {
                if (given().port(port).get("/q/health/ready").statusCode() == 200) {
                    return;
                }
            } catch (Exception notYet) {
                // still starting
            }
            Thread.sleep(100);
        }
        throw new AssertionError("server did not start: " + log());
    }

    public RequestSpecification api() {
        return given().port(port).header("Authorization", "Bearer " + TOKEN).contentType(ContentType.JSON);
    }

    public long pid() {
        return process.pid();
    }

    public Path dataDir() {
        return dataDir;
    }

    /** SIGTERM: a clean shutdown. */
    public void stop() throws InterruptedException {
        process.destroy();
        process.waitFor(60, TimeUnit.SECONDS);
    }

    /** SIGKILL: no shutdown at all. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(60, TimeUnit.SECONDS);
    }

    public String log() throws IOException {
        return Files.readString(dataDir.resolve("server.log"));
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            stop();
        }
    }

    /** An embedded Redis orphaned by SIGKILL is still running: shut it down (it takes the data directory's password). */
    public static void shutDownOrphanedRedis(Path dataDir, int redisPort) throws IOException {
        if (dataDir == null) {
            return;
        }
        Path passwordFile = dataDir.resolve("redis").resolve("password");
        String password = Files.exists(passwordFile) ? Files.readString(passwordFile).trim() : "";
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", redisPort)) {
            java.io.OutputStream out = s.getOutputStream();
            out.write(("*2\r\n$4\r\nAUTH\r\n$" + password.length() + "\r\n" + password + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.write("*2\r\n$8\r\nSHUTDOWN\r\n$6\r\nNOSAVE\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
            s.getInputStream().read();
        } catch (IOException ignored) {
            // not running
        }
    }
}
