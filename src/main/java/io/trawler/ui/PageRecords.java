package io.trawler.ui;

import io.trawler.crawl.Page;
import io.trawler.crawl.PageContent;
import io.trawler.parse.HtmlParser;
import io.trawler.store.StoredPayload;
import io.trawler.store.WarcRecordReader;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netpreserve.jwarc.WarcRequest;
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

    /**
     * What the page view shows of a stored exchange; {@code problem} says why something is missing; {@code renderable}
     * whether the stored body can be shown in the sandboxed frame (HTML or plain text).
     */
    public record Detail(List<Map.Entry<String, String>> headers, List<Map.Entry<String, String>> requestHeaders, List<String> outlinks,
            int moreLinks, String mainText, boolean renderable, String problem, Page source) {

        Detail(List<Map.Entry<String, String>> headers, List<Map.Entry<String, String>> requestHeaders, List<String> outlinks,
                int moreLinks, String mainText, boolean renderable, String problem) {
            this(headers, requestHeaders, outlinks, moreLinks, mainText, renderable, problem, null);
        }

        Detail withRequest(List<Map.Entry<String, String>> request) {
            return new Detail(headers, request, outlinks, moreLinks, mainText, renderable, problem, source);
        }

        /** The record the content was read from, when it is not the page's own (the page's record is a revisit). */
        Detail from(Page original) {
            return new Detail(headers, requestHeaders, outlinks, moreLinks, mainText, renderable, problem, original);
        }
    }

    /** A stored response's body and its media type (with charset), for the sandboxed frame. */
    public record Body(byte[] bytes, String contentType) {
    }

    private final WarcRecordReader reader;
    private final PageContent contents;

    public PageRecords(WarcRecordReader reader, PageContent contents) {
        this.reader = reader;
        this.contents = contents;
    }

    /**
     * What the page view shows of the page's stored exchange; for a revisit record, of the response it refers to (the
     * content is that record's), marked with it.
     */
    public Detail detail(Page page) {
        if (page.revisit == null) {
            return stored(page);
        }
        return contents.source(page).map(o -> stored(o).from(o))
                .orElseGet(() -> problem("the page was unchanged (a revisit record), and the record it refers to is no longer stored"));
    }

    private Detail stored(Page p) {
        if (p.warcFile == null || p.warcOffset == null) {
            return problem("nothing was stored for this record");
        }
        try {
            return reader.readPair(p.warcFile, p.warcOffset, (record, next) -> record instanceof WarcResponse response
                    ? detail(p, response).withRequest(requestHeaders(response, next))
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
        Optional<StoredPayload> payload = StoredPayload.of(response, MAX_PARSE_BYTES);
        if (payload.isEmpty() || !payload.get().html()) {
            return new Detail(headers, List.of(), List.of(), 0, "", payload.isPresent(), "not an HTML page: no links or text extracted");
        }
        HtmlParser.ParsedPage parsed = HtmlParser.parse(payload.get().text(), p.url, 100_000, true);
        List<String> links = parsed.links().stream().map(HtmlParser.Link::url).distinct().toList();
        return new Detail(headers, List.of(), links.stream().limit(MAX_LINKS).toList(), Math.max(0, links.size() - MAX_LINKS),
                parsed.mainText(), true, null);
    }

    /** The headers of the request record written after the response (concurrent to it), or none. */
    private static List<Map.Entry<String, String>> requestHeaders(WarcResponse response, WarcRecordReader.NextRecord next) throws IOException {
        Optional<org.netpreserve.jwarc.WarcRecord> after = next.get();
        if (after.isEmpty() || !(after.get() instanceof WarcRequest request) || !request.concurrentTo().contains(response.id())) {
            return List.of();
        }
        var http = request.http();
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        headers.add(Map.entry("", http.method() + " " + http.target() + " " + http.version()));
        http.headers().map().forEach((k, vs) -> vs.forEach(v -> headers.add(Map.entry(k, v))));
        return headers;
    }

    private static Detail problem(String why) {
        return new Detail(List.of(), List.of(), List.of(), 0, "", false, why);
    }

    /**
     * The stored response body of an HTML or plain-text page, for the sandboxed frame of the page view; empty when
     * nothing was stored, the record cannot be read or the body is of another type.
     */
    public Optional<Body> body(Page page) {
        Page p = contents.source(page).orElse(null);
        if (p == null || p.warcFile == null || p.warcOffset == null) {
            return Optional.empty();
        }
        try {
            return reader.read(p.warcFile, p.warcOffset, record -> record instanceof WarcResponse response
                    ? StoredPayload.of(response, MAX_PARSE_BYTES)
                            .map(t -> new Body(t.text().getBytes(StandardCharsets.UTF_8), t.mediaType() + "; charset=UTF-8")).orElse(null)
                    : null);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The bytes of the page's own record (a response, or a revisit), byte for byte as stored (one gzip member). */
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
}
