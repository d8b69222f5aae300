package io.trawler.bench;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A throw-away nginx serving a folder on a loopback port (for benchmarks). */
final class Nginx {

    private Nginx() {
    }

    static Process start(Path prefix, Path root, int port) throws Exception {
        String bin = Files.exists(Path.of("/usr/sbin/nginx")) ? "/usr/sbin/nginx" : "nginx";
        Files.createDirectories(prefix.resolve("logs"));
        Files.createDirectories(prefix.resolve("tmp"));
        String conf = """
                worker_processes 1;
                daemon off;
                error_log %1$s/logs/error.log warn;
                pid %1$s/nginx.pid;
                events { worker_connections 4096; }
                http {
                    types { text/html html; text/plain txt; application/xml xml; }
                    default_type application/octet-stream;
                    charset utf-8;
                    access_log off;
                    sendfile on;
                    keepalive_requests 100000;
                    keepalive_timeout 60s;
                    client_body_temp_path %1$s/tmp;
                    proxy_temp_path %1$s/tmp;
                    fastcgi_temp_path %1$s/tmp;
                    uwsgi_temp_path %1$s/tmp;
                    scgi_temp_path %1$s/tmp;
                    server {
                        listen 127.0.0.1:%2$d;
                        root %3$s;
                        index index.html;
                    }
                }
                """.formatted(prefix.toAbsolutePath(), port, root.toAbsolutePath());
        Path file = prefix.resolve("nginx.conf");
        Files.writeString(file, conf);
        Process p = new ProcessBuilder(bin, "-p", prefix.toAbsolutePath().toString(), "-c", file.toAbsolutePath().toString())
                .redirectErrorStream(true).redirectOutput(prefix.resolve("logs/stdout.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return p;
            } catch (IOException notYet) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("nginx exited: " + Files.readString(prefix.resolve("logs/stdout.log")));
                }
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("nginx did not start");
    }

    static void stop(Process p, Path prefix) throws InterruptedException {
        p.destroy();
        p.waitFor(10, TimeUnit.SECONDS);
    }
}
