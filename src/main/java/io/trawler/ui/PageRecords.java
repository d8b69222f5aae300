package io.trawler.ui;

import io.trawler.crawl.Page;
import io.trawler.parse.HtmlParser;
import io.trawler.store.WarcRecordReader;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Reads a page's stored exchange back from its WARC file: the response headers, the outlinks and main text parsed
 * again from the payload, and the raw record. The file is read from this server's WARC directory while it is there,
 * else from the WARC archive (an S3-compatible store, where edge workers' closed files go); with the default local
 * archive, the records of another node's workers are not readable here.
 */
@ApplicationScoped
public class PageRecords {

    /** Payload bytes parsed for the page view; the fetch cap bounds stored payloads anyway. */
    static final int MAX_PARSE_BYTES = 5 * 1024 * 1024;
    static final int MAX_LINKS = 500;

    /** What the page view shows of a stored exchange; {@code problem} says why something is missing. */
    public record Detail(List<Map.Entry<String, String>> headers, List<String> outlinks, int moreLinks, String mainText, String problem) {
    }

    private final WarcRecordReader reader;

    public PageRecords(WarcRecordReader reader) {
        this.reader = reader;
    }

    public Detail detail(Page p) {
        if (p.warcFile == null || p.warcOffset == null) {
            return problem("nothing was stored for this record");
        }
        try {
            return reader.read(p.warcFile, p.warcOffset, record -> record instanceof WarcResponse response ? detail(p, response)
                    : problem("no response record at offset " + p.warcOffset))
                    .orElseGet(() -> problem(reader.sharedArchive()
                            ? "the WARC file " + p.warcFile + " is not in the archive yet: a worker sends each file when it closes"
                                    + " (at the latest trawler.worker.warc-max-file-age after it opened)"
                            : "the WARC file " + p.warcFile + " is not on this server (with trawler.warc-archive.type=local,"
                                    + " only the node that fetched a page has its record)"));
        } catch (IOException | RuntimeException e) {
            return problem("the WARC record could not be read: " + e.getClass().getSimpleName());
        }
    }

    private static Detail detail(Page p, WarcResponse response) throws IOException {
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
    }

    private static Detail problem(String why) {
        return new Detail(List.of(), List.of(), 0, "", why);
    }

    /** The bytes of the page's response record, byte for byte as stored (one gzip member). */
    public Optional<byte[]> rawRecord(Page p) {
        if (p.warcFile == null || p.warcOffset == null) {
            return Optional.empty();
        }
        try {
            return reader.raw(p.warcFile, p.warcOffset);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
