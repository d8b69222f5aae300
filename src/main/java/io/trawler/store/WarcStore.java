package io.trawler.store;

import io.trawler.fetch.FetchResult;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;

/**
 * Writes fetched exchanges as WARC/1.0 response and request records with jwarc, each record its own
 * gzip member (so any record can be read from its offset), into files rotated by size. The stored
 * response carries the decoded entity: transfer and content codings are removed from its headers
 * and Content-Length is set to the bytes stored. Thread-safe.
 */
public final class WarcStore implements AutoCloseable {

    /** Where a response record went, and the SHA-1 of its payload. */
    public record Stored(String file, long offset, String payloadDigest) {
    }

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS", Locale.ROOT);
    private static final Set<String> DROPPED = Set.of("content-encoding", "transfer-encoding", "content-length");

    private final Path dir;
    private final long maxFileBytes;
    private final String node;
    private final String software;
    private WarcWriter writer;
    private String fileName;
    private int sequence;

    public WarcStore(Path dir, long maxFileBytes, String node, String software) {
        this.dir = dir;
        this.maxFileBytes = maxFileBytes;
        this.node = node.replaceAll("[^A-Za-z0-9.-]", "_");
        this.software = software;
    }

    public synchronized Stored write(FetchResult r, List<Map.Entry<String, String>> requestHeaders) throws IOException {
        if (writer == null || writer.position() >= maxFileBytes) {
            rotate();
        }
        byte[] body = r.body();
        byte[] head = httpHead(r, body.length);
        byte[] block = new byte[head.length + body.length];
        System.arraycopy(head, 0, block, 0, head.length);
        System.arraycopy(body, 0, block, head.length, body.length);
        WarcDigest payloadDigest = sha1(body);
        WarcResponse.Builder response = new WarcResponse.Builder(URI.create(r.url()))
                .date(r.startedAt())
                .blockDigest(sha1(block))
                .payloadDigest(payloadDigest)
                .body(MediaType.HTTP_RESPONSE, block);
        if (r.truncated() != null) {
            response.truncated(r.truncated().equals("time") ? WarcTruncationReason.TIME : WarcTruncationReason.LENGTH);
        }
        WarcResponse res = response.build();
        byte[] req = httpRequest(r.url(), requestHeaders);
        WarcRequest request = new WarcRequest.Builder(URI.create(r.url()))
                .date(r.startedAt())
                .blockDigest(sha1(req))
                .concurrentTo(res.id())
                .body(MediaType.HTTP_REQUEST, req)
                .build();
        long offset = writer.position();
        writer.write(res);
        writer.write(request);
        return new Stored(fileName, offset, payloadDigest.prefixedBase32());
    }

    private void rotate() throws IOException {
        close();
        Files.createDirectories(dir);
        String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(STAMP);
        fileName = "TRAWLER-" + stamp + "-" + String.format("%05d", sequence++) + "-" + node + ".warc.gz";
        Path path = dir.resolve(fileName);
        writer = new WarcWriter(FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                WarcCompression.GZIP);
        writer.write(new Warcinfo.Builder().filename(fileName).fields(Map.of(
                "software", List.of(software),
                "format", List.of("WARC File Format 1.0"),
                "conformsTo", List.of("http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.0/")))
                .build());
    }

    /** The directory files are written to. */
    public Path dir() {
        return dir;
    }

    @Override
    public synchronized void close() throws IOException {
        if (writer != null) {
            writer.close();
            writer = null;
        }
    }

    private static byte[] httpHead(FetchResult r, int bodyLength) {
        StringBuilder s = new StringBuilder(512);
        s.append("HTTP/1.1 ").append(r.status()).append(' ').append(r.reason() == null ? "" : r.reason()).append("\r\n");
        for (Map.Entry<String, String> h : r.headers()) {
            if (!DROPPED.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                s.append(h.getKey()).append(": ").append(clean(h.getValue())).append("\r\n");
            }
        }
        s.append("Content-Length: ").append(bodyLength).append("\r\n\r\n");
        return s.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] httpRequest(String url, List<Map.Entry<String, String>> headers) {
        URI u = URI.create(url);
        String target = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        StringBuilder s = new StringBuilder(256).append("GET ").append(target).append(" HTTP/1.1\r\n");
        for (Map.Entry<String, String> h : headers) {
            s.append(h.getKey()).append(": ").append(clean(h.getValue())).append("\r\n");
        }
        return s.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String clean(String v) {
        return v.replace('\r', ' ').replace('\n', ' ');
    }

    private static WarcDigest sha1(byte[] data) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-1");
            md.update(data);
            return new WarcDigest(md);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
