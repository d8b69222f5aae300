package io.trawler.testsupport;

import io.trawler.store.S3WarcArchive;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3Proxy (the jar the build copies to {@code target/s3proxy}) as a real S3 server on a loopback port, in its own
 * process with an in-memory store and signature checks on (AWS v2 and v4).
 */
public final class S3ProxyServer implements AutoCloseable {

    public static final String ACCESS_KEY = "trawler-test";
    public static final String SECRET_KEY = "trawler-test-secret";
    private static final Path JAR = Path.of("target/s3proxy/s3proxy.jar");

    private final Process process;
    private final int port;
    private final Path log;

    private S3ProxyServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts it and waits until it accepts connections. */
    public static S3ProxyServer start() throws IOException, InterruptedException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR + " is missing: the build copies it (mvn process-test-resources)");
        }
        int port = TestRedis.freePort();
        Path dir = Files.createTempDirectory("s3proxy-");
        Path props = dir.resolve("s3proxy.properties");
        Files.writeString(props, String.join("\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=transient",
                "jclouds.identity=" + ACCESS_KEY,
                "jclouds.credential=" + SECRET_KEY, ""));
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = dir.resolve("s3proxy.log");
        Process p = new ProcessBuilder(java, "-Xmx256m", "-jar", JAR.toAbsolutePath().toString(), "--properties", props.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("S3Proxy exited: " + Files.readString(log));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return new S3ProxyServer(p, port, log);
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("S3Proxy did not start on " + port + ": " + Files.readString(log));
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A client of this server, for tests that look into buckets. */
    public S3Client client() {
        return S3Client.builder().httpClientBuilder(UrlConnectionHttpClient.builder()).region(Region.US_EAST_1).endpointOverride(endpoint())
                .forcePathStyle(true).credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .build();
    }

    public void createBucket(String bucket) {
        try (S3Client c = client()) {
            c.createBucket(b -> b.bucket(bucket));
        }
    }

    /** Settings of an archive in the bucket, with this server's credentials. */
    public S3WarcArchive.Settings settings(String bucket) {
        return new S3WarcArchive.Settings(bucket, "warc/", Optional.of(endpoint()), "us-east-1", true, Optional.of(ACCESS_KEY),
                Optional.of(SECRET_KEY));
    }

    /** The process's own properties for an archive in the bucket ({@code trawler.warc-archive.*}). */
    public java.util.Map<String, String> properties(String bucket) {
        return java.util.Map.of("trawler.warc-archive.type", "s3", "trawler.warc-archive.s3.bucket", bucket,
                "trawler.warc-archive.s3.endpoint", endpoint().toString(), "trawler.warc-archive.s3.path-style", "true",
                "trawler.warc-archive.s3.access-key-id", ACCESS_KEY, "trawler.warc-archive.s3.secret-access-key", SECRET_KEY);
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Downloads every object of {@code bucket} into {@code into} and checks each is a complete, valid WARC file (jwarc's
     * validator); returns the objects' keys.
     */
    public java.util.List<String> validWarcFiles(String bucket, java.nio.file.Path into) throws java.io.IOException {
        java.nio.file.Files.createDirectories(into);
        java.util.List<String> keys = new java.util.ArrayList<>();
        try (var c = client()) {
            for (var o : c.listObjectsV2Paginator(b -> b.bucket(bucket)).contents()) {
                java.nio.file.Path f = into.resolve(o.key().substring(o.key().lastIndexOf('/') + 1));
                c.getObject(b -> b.bucket(bucket).key(o.key()), f);
                if (!Warcs.valid(f)) {
                    throw new AssertionError("not a valid WARC file: " + o.key());
                }
                keys.add(o.key());
            }
        }
        return keys;
    }
}
