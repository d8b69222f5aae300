package io.trawler.testsite;

import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A real static site served from a folder: directories answer with their index.html, and in
 * robots.txt and sitemap.xml the live host the site names ({@code liveBase}) is mapped to the test
 * server, so sitemap discovery works on loopback.
 */
public final class StaticSite {

    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "xml", "application/xml",
            "txt", "text/plain", "css", "text/css", "js", "application/javascript", "png", "image/png", "jpg", "image/jpeg",
            "json", "application/json");

    private final Path root;
    private final String liveBase;

    public StaticSite(Path root, String liveBase) {
        this.root = root.toAbsolutePath().normalize();
        this.liveBase = liveBase;
    }

    void serve(HttpServerRequest req, String base) {
        String path = URLDecoder.decode(req.path(), StandardCharsets.UTF_8);
        Path file = root.resolve(path.substring(1)).normalize();
        if (!file.startsWith(root)) {
            req.response().setStatusCode(403).end();
            return;
        }
        if (Files.isDirectory(file)) {
            file = file.resolve("index.html");
        }
        if (!Files.isRegularFile(file)) {
            req.response().setStatusCode(404).putHeader("Content-Type", "text/html").end("<html>not found</html>");
            return;
        }
        String name = file.getFileName().toString();
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
        try {
            byte[] body = Files.readAllBytes(file);
            if (name.equals("robots.txt") || name.equals("sitemap.xml")) {
                body = new String(body, StandardCharsets.UTF_8).replace(liveBase, base + "/").getBytes(StandardCharsets.UTF_8);
            }
            req.response().putHeader("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"))
                    .end(io.vertx.core.buffer.Buffer.buffer(body));
        } catch (IOException e) {
            req.response().setStatusCode(500).end();
        }
    }

    /** Extracts a .tar.gz (plain ustar/GNU tar) into {@code target} once; returns the folder. */
    public static Path extract(Path tarGz, Path target) {
        Path done = target.resolve(".extracted");
        if (Files.exists(done)) {
            return target;
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tarGz), 1 << 16)) {
            byte[] header = new byte[512];
            String longName = null;
            while (in.readNBytes(header, 0, 512) == 512) {
                if (header[0] == 0) {
                    break;
                }
                String name = longName != null ? longName : cString(header, 0, 100);
                longName = null;
                String prefix = cString(header, 345, 155);
                if (!prefix.isEmpty() && header[156] != 'L') {
                    name = prefix + "/" + name;
                }
                long size = Long.parseLong(cString(header, 124, 12).trim().isEmpty() ? "0" : cString(header, 124, 12).trim(), 8);
                char type = (char) header[156];
                byte[] data = in.readNBytes((int) size);
                in.skipNBytes((512 - size % 512) % 512);
                if (type == 'L') {
                    longName = new String(data, StandardCharsets.UTF_8).replace("\0", "");
                    continue;
                }
                Path out = target.resolve(name).normalize();
                if (!out.startsWith(target.normalize())) {
                    continue;
                }
                if (type == '5') {
                    Files.createDirectories(out);
                } else if (type == '0' || type == 0) {
                    Files.createDirectories(out.getParent());
                    Files.write(out, data);
                }
            }
            Files.writeString(done, "ok");
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String cString(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }
}
