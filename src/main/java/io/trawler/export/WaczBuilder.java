package io.trawler.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.trawler.store.WarcMembers;
import io.trawler.store.WarcStore;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.URIs;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.Warcinfo;

/**
 * Builds a WACZ 1.1.1 package (Webrecorder's Web Archive Collection Zipped) of one crawl: {@code archive/data.warc.gz}
 * holds the crawl's response records and the request record written after each, copied byte for byte from the WARC
 * files the workers wrote (which may hold other crawls' records too); {@code indexes/index.cdxj} indexes the responses
 * (SURT-sorted, pywb's CDXJ fields); {@code pages/pages.jsonl} lists the pages answered 2xx with HTML; {@code
 * datapackage.json} names every file with its SHA-256 and size, {@code datapackage-digest.json} the manifest's own. The
 * WARC file is STORED (not re-compressed), as the specification recommends, so replay tools can read it by range.
 */
public final class WaczBuilder {

    static final String WARC_NAME = "data.warc.gz";
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Opens a whole WARC file by name; empty when this node cannot read it. */
    @FunctionalInterface
    public interface WarcFiles {
        Optional<InputStream> open(String fileName) throws IOException;
    }

    /** What went in: response records copied, and those named by the crawl's records that could not be read. */
    public record Summary(int records, int missing, long warcBytes) {
    }

    private final Path work;
    private final List<String> cdxj = new ArrayList<>();
    private final List<String> pages = new ArrayList<>();
    private int records;
    private int missing;
    private long warcBytes;
    private final CRC32 warcCrc = new CRC32();
    private final MessageDigest warcSha = sha256();

    /** Works in a new temporary file under {@code tmpDir} (deleted by {@link #writeTo}). */
    public WaczBuilder(Path tmpDir) throws IOException {
        Files.createDirectories(tmpDir);
        this.work = Files.createTempFile(tmpDir, "wacz-", ".warc.gz");
    }

    /**
     * Copies the records at {@code offsets} of each file (response records, as page records name them) and the request
     * record following each. Files are read once, in order.
     */
    public Summary collect(Map<String, Set<Long>> offsetsByFile, WarcFiles files) throws IOException {
        return collect(offsetsByFile, files, List.of());
    }

    /**
     * As {@link #collect(Map, WarcFiles)}, the package's WARC file beginning with a {@code warcinfo} record: the
     * software, format, and the given fields (what the package holds: the crawl, its site, the operator).
     */
    public Summary collect(Map<String, Set<Long>> offsetsByFile, WarcFiles files, List<Map.Entry<String, String>> info) throws IOException {
        try (OutputStream out = new BufferedOutputStream(new CheckedOutputStream(new DigestOutputStream(Files.newOutputStream(work), warcSha),
                warcCrc), 64 * 1024)) {
            byte[] warcinfo = warcinfo(info);
            out.write(warcinfo);
            warcBytes += warcinfo.length;
            for (Map.Entry<String, Set<Long>> f : offsetsByFile.entrySet()) {
                Optional<InputStream> in = files.open(f.getKey());
                if (in.isEmpty()) {
                    missing += f.getValue().size();
                    continue;
                }
                Set<Long> found = new HashSet<>();
                try (InputStream s = in.get()) {
                    copy(s, f.getValue(), found, out);
                } catch (IOException e) {
                    // a damaged file: what was copied before the damage stays, the rest counts as missing
                }
                missing += f.getValue().size() - found.size();
            }
        }
        return new Summary(records, missing, warcBytes);
    }

    private void copy(InputStream file, Set<Long> offsets, Set<Long> found, OutputStream out) throws IOException {
        Object[] lastResponse = {null};
        WarcMembers.copy(file, (record, offset) -> {
            if (offsets.contains(offset) && (record instanceof WarcResponse || record instanceof WarcRevisit)) {
                WarcCaptureRecord capture = (WarcCaptureRecord) record;
                found.add(offset);
                lastResponse[0] = capture.id();
                return new Indexed(cdxFields(capture), page(capture));
            }
            boolean request = record instanceof WarcRequest req && lastResponse[0] != null && req.concurrentTo().contains(lastResponse[0]);
            lastResponse[0] = null;
            return request ? Boolean.TRUE : null;
        }, (token, offset, bytes, length) -> {
            if (token instanceof Indexed ix) {
                ObjectNode fields = ix.fields();
                fields.put("offset", Long.toString(warcBytes)).put("length", Integer.toString(length)).put("filename", WARC_NAME);
                cdxj.add(ix.fields().remove("surt").asText() + " " + ix.fields().remove("ts").asText() + " " + JSON.writeValueAsString(fields));
                if (ix.page() != null) {
                    pages.add(ix.page());
                }
                records++;
            }
            out.write(bytes, 0, length);
            warcBytes += length;
        });
    }

    private record Indexed(ObjectNode fields, String page) {
    }

    /** A warcinfo record describing the package's WARC file, as its own gzip member. */
    private static byte[] warcinfo(List<Map.Entry<String, String>> info) throws IOException {
        byte[] fields = WarcStore.warcinfoFields("Trawler (WACZ export)", info);
        Warcinfo record = new Warcinfo.Builder().filename(WARC_NAME).body(MediaType.WARC_FIELDS, fields).build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(record.serializeHeader());
            gz.write(fields);
            gz.write("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return bytes.toByteArray();
    }

    /** The HTTP response of a response record, or the head a revisit record keeps. */
    private static HttpResponse http(WarcCaptureRecord r) throws IOException {
        return r instanceof WarcRevisit revisit ? revisit.http() : ((WarcResponse) r).http();
    }

    /**
     * pywb's CDXJ fields of a response or revisit record (the SURT key and timestamp are taken out when the line is
     * written); a revisit is indexed as {@code warc/revisit} with the payload digest of the content it refers to, which
     * replay tools look up.
     */
    private static ObjectNode cdxFields(WarcCaptureRecord r) throws IOException {
        ObjectNode o = JSON.createObjectNode();
        String url = r.target();
        o.put("surt", URIs.toNormalizedSurt(url));
        o.put("ts", TIMESTAMP.format(r.date()));
        o.put("url", url);
        try {
            var http = http(r);
            o.put("mime", r instanceof WarcRevisit ? "warc/revisit" : http.contentType() == null ? "unk" : http.contentType().base().toString());
            o.put("status", Integer.toString(http.status()));
        } catch (IOException | RuntimeException e) {
            o.put("mime", r instanceof WarcRevisit ? "warc/revisit" : "unk");
        }
        r.payloadDigest().ifPresent(d -> o.put("digest", d.prefixedBase32()));
        return o;
    }

    /** The pages.jsonl line of a 2xx HTML response or revisit (a 304's revisit too: its page is unchanged), else null. */
    private static String page(WarcCaptureRecord r) throws IOException {
        try {
            var http = http(r);
            boolean notModified = r instanceof WarcRevisit && http.status() == 304;
            boolean html = http.contentType() != null && http.contentType().base().toString().contains("html");
            if (!(notModified && (html || http.contentType() == null)) && (http.status() / 100 != 2 || !html)) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        ObjectNode p = JSON.createObjectNode();
        p.put("id", r.id().toString().replaceAll("[<>]|urn:uuid:", ""));
        p.put("url", r.target());
        p.put("ts", r.date().toString());
        return JSON.writeValueAsString(p);
    }

    /** Writes the package and deletes the temporary file. */
    public void writeTo(OutputStream target, String title, Instant created) throws IOException {
        try {
            ZipOutputStream zip = new ZipOutputStream(target);
            Map<String, Object[]> resources = new LinkedHashMap<>();
            ZipEntry warc = new ZipEntry("archive/" + WARC_NAME);
            warc.setMethod(ZipEntry.STORED);
            warc.setSize(warcBytes);
            warc.setCompressedSize(warcBytes);
            warc.setCrc(warcCrc.getValue());
            zip.putNextEntry(warc);
            Files.copy(work, zip);
            zip.closeEntry();
            resources.put("archive/" + WARC_NAME, new Object[] {HexFormat.of().formatHex(warcSha.digest()), warcBytes});

            cdxj.sort(null);
            resources.put("indexes/index.cdxj", deflated(zip, "indexes/index.cdxj", lines(cdxj, null)));
            String header = "{\"format\": \"json-pages-1.0\", \"id\": \"pages\", \"title\": \"All Pages\"}";
            resources.put("pages/pages.jsonl", deflated(zip, "pages/pages.jsonl", lines(pages, header)));

            ObjectNode pkg = JSON.createObjectNode();
            pkg.put("profile", "data-package");
            pkg.put("wacz_version", "1.1.1");
            pkg.put("title", title);
            pkg.put("created", created.toString());
            pkg.put("modified", created.toString());
            pkg.put("software", "Trawler");
            ArrayNode list = pkg.putArray("resources");
            resources.forEach((path, v) -> list.addObject().put("name", path.substring(path.lastIndexOf('/') + 1)).put("path", path)
                    .put("hash", "sha256:" + v[0]).put("bytes", (Long) v[1]));
            byte[] manifest = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(pkg);
            deflated(zip, "datapackage.json", manifest);
            ObjectNode digest = JSON.createObjectNode();
            digest.put("path", "datapackage.json");
            digest.put("hash", "sha256:" + HexFormat.of().formatHex(sha256().digest(manifest)));
            deflated(zip, "datapackage-digest.json", JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(digest));
            zip.finish();
            zip.flush();
        } finally {
            Files.deleteIfExists(work);
        }
    }

    /** Deletes the temporary file (when the package is not written). */
    public void discard() throws IOException {
        Files.deleteIfExists(work);
    }

    private static byte[] lines(List<String> lines, String header) {
        StringBuilder b = new StringBuilder();
        if (header != null) {
            b.append(header).append('\n');
        }
        for (String l : lines) {
            b.append(l).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Object[] deflated(ZipOutputStream zip, String name, byte[] content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content);
        zip.closeEntry();
        return new Object[] {HexFormat.of().formatHex(sha256().digest(content)), (long) content.length};
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
