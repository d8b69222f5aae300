package io.trawler.ui;

import io.trawler.config.TrawlerConfig;
import io.trawler.crawl.Page;
import io.trawler.parse.HtmlParser;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Reads a page's stored exchange back from its WARC file: the response headers, the outlinks and main text parsed
 * again from the payload, and the raw record. WARC files are those of this process's worker ({@code <data-dir>/warc});
 * a manager without local workers has none.
 */
@ApplicationScoped
public class PageRecords {

    /** Payload bytes parsed for the page view; the fetch cap bounds stored payloads anyway. */
    static final int MAX_PARSE_BYTES = 5 * 1024 * 1024;
    static final int MAX_LINKS = 500;

    /** What the page view shows of a stored exchange; {@code problem} says why something is missing. */
    public record Detail(List<Map.Entry<String, String>> headers, List<String> outlinks, int moreLinks, String mainText, String problem) {
    }

    private final Path dir;

    public PageRecords(TrawlerConfig config) {
        this.dir = config.dataDir().resolve("warc");
    }

    public Detail detail(Page p) {
        Optional<Path> file = file(p);
        if (file.isEmpty()) {
            return new Detail(List.of(), List.of(), 0, "", p.warcFile == null ? "nothing was stored for this record"
                    : "the WARC file " + p.warcFile + " is not on this server");
        }
        try (FileChannel ch = FileChannel.open(file.get())) {
            ch.position(p.warcOffset);
            WarcReader reader = new WarcReader(ch);
            Optional<WarcRecord> record = reader.next();
            if (record.isEmpty() || !(record.get() instanceof WarcResponse response)) {
                return new Detail(List.of(), List.of(), 0, "", "no response record at offset " + p.warcOffset);
            }
            var http = response.http();
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            headers.add(Map.entry("", http.status() + " " + http.reason()));
            http.headers().map().forEach((k, vs) -> vs.forEach(v -> headers.add(Map.entry(k, v))));
            String type = http.contentType() == null ? "" : http.contentType().toString();
            if (!type.contains("html")) {
                return new Detail(headers, List.of(), 0, "", "not an HTML page: no links or text extracted");
            }
            byte[] body;
            try (InputStream in = http.body().stream()) {
                body = in.readNBytes(MAX_PARSE_BYTES);
            }
            Charset cs = http.contentType() == null ? StandardCharsets.UTF_8 : charset(http.contentType().parameters().get("charset"));
            HtmlParser.ParsedPage parsed = HtmlParser.parse(new String(body, cs), p.url, 100_000, true);
            List<String> links = parsed.links().stream().map(HtmlParser.Link::url).distinct().toList();
            return new Detail(headers, links.stream().limit(MAX_LINKS).toList(), Math.max(0, links.size() - MAX_LINKS), parsed.mainText(), null);
        } catch (IOException | RuntimeException e) {
            return new Detail(List.of(), List.of(), 0, "", "the WARC record could not be read: " + e.getClass().getSimpleName());
        }
    }

    /** The bytes of the page's record: from its offset to the next record (or the end of the file). */
    public Optional<byte[]> rawRecord(Page p) {
        Optional<Path> file = file(p);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try (FileChannel ch = FileChannel.open(file.get())) {
            ch.position(p.warcOffset);
            WarcReader reader = new WarcReader(ch);
            if (reader.next().isEmpty()) {
                return Optional.empty();
            }
            long end = reader.next().isPresent() ? reader.position() : ch.size();
            long length = end - p.warcOffset;
            if (length <= 0 || length > 64L * 1024 * 1024) {
                return Optional.empty();
            }
            ByteBuffer buf = ByteBuffer.allocate((int) length);
            ch.position(p.warcOffset);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read the whole record
            }
            return Optional.of(buf.array());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The page's WARC file, if it is a plain file name in this server's WARC directory. */
    private Optional<Path> file(Page p) {
        if (p.warcFile == null || p.warcOffset == null || p.warcFile.contains("/") || p.warcFile.contains("\\") || p.warcFile.startsWith(".")) {
            return Optional.empty();
        }
        Path f = dir.resolve(p.warcFile);
        return Files.isRegularFile(f) ? Optional.of(f) : Optional.empty();
    }

    private static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
