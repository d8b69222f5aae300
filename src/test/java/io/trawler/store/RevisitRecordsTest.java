package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.fetch.FetchResult;
import io.trawler.testsupport.Warcio;
import io.trawler.testsupport.Warcs;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

/**
 * Revisit records (WARC 1.1 §6.7): an unchanged payload, or a 304, is written as a revisit record referring to the
 * stored response by id, target URI and date, its HTTP head kept and its body dropped; the files stay valid WARC.
 */
class RevisitRecordsTest {

    @TempDir
    Path dir;

    private static final String URL = "http://a.test/page";
    /** A page of 20 kB of text that compresses as prose does, not to nothing. */
    private static final byte[] BODY = page(20_000);

    private static byte[] page(int chars) {
        java.util.Random rnd = new java.util.Random(1);
        StringBuilder s = new StringBuilder("<html><body><p>");
        while (s.length() < chars) {
            int word = 2 + rnd.nextInt(9);
            for (int i = 0; i < word; i++) {
                s.append((char) ('a' + rnd.nextInt(26)));
            }
            s.append(rnd.nextInt(12) == 0 ? ".</p><p>" : " ");
        }
        return s.append("</p></body></html>").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static FetchResult fetched(int status, byte[] body, Instant at) {
        return new FetchResult(URL, status, status == 304 ? "Not Modified" : "OK",
                List.of(Map.entry("Content-Type", "text/html"), Map.entry("ETag", "\"v1\"")), body, null, null, null, at, 12);
    }

    private static final List<Map.Entry<String, String>> REQUEST = List.of(Map.entry("User-Agent", "Trawler-test"));

    @Test
    void anUnchangedPayloadAndA304AreRevisitsOfTheStoredResponse() throws Exception {
        WarcStore.Stored first;
        WarcStore.Stored same;
        WarcStore.Stored notModified;
        WarcStore.Stored changed;
        Instant t0 = Instant.parse("2026-11-28T02:00:00.123456Z");
        try (WarcStore store = new WarcStore(dir, 1_000_000_000L, "node", "Trawler-test")) {
            first = store.write(fetched(200, BODY, t0), REQUEST, null);
            WarcStore.Previous previous = new WarcStore.Previous(first.payloadDigest(), t0.toEpochMilli(), first.recordId());
            same = store.write(fetched(200, BODY, t0.plusSeconds(600)), REQUEST, previous);
            notModified = store.write(fetched(304, new byte[0], t0.plusSeconds(1200)), REQUEST, previous);
            changed = store.write(fetched(200, "<html>new</html>".getBytes(StandardCharsets.UTF_8), t0.plusSeconds(1800)), REQUEST, previous);
        }
        assertNull(first.revisit());
        assertTrue(first.recordId().startsWith("urn:uuid:"), first.recordId());
        assertEquals("identical-payload-digest", same.revisit());
        assertEquals(first.recordId(), same.refersTo());
        assertEquals(first.payloadDigest(), same.payloadDigest());
        assertEquals("server-not-modified", notModified.revisit());
        assertEquals(first.payloadDigest(), notModified.payloadDigest(), "a 304's content is the stored one");
        assertNull(changed.revisit(), "a changed payload is stored in full");

        Path file = dir.resolve(first.file());
        assertTrue(Warcs.valid(file), "jwarc validates the file");
        WarcResponse original = assertInstanceOf(WarcResponse.class, Warcs.recordAt(file, first.offset()).orElseThrow());
        WarcRevisit identical = assertInstanceOf(WarcRevisit.class, Warcs.recordAt(file, same.offset()).orElseThrow());
        assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_0, identical.profile());
        assertEquals(original.id(), identical.refersTo().orElseThrow());
        assertEquals(URI.create(URL), identical.refersToTargetURI().orElseThrow());
        assertEquals(original.date(), identical.refersToDate().orElseThrow(), "WARC-Refers-To-Date is the original's WARC-Date");
        assertEquals(original.payloadDigest(), identical.payloadDigest());
        assertEquals(200, identical.http().status());
        assertEquals("\"v1\"", identical.http().headers().first("ETag").orElseThrow(), "the headers are kept");
        assertEquals(0, identical.http().body().stream().readAllBytes().length, "the body is dropped");
        WarcRevisit revisit304 = assertInstanceOf(WarcRevisit.class, Warcs.recordAt(file, notModified.offset()).orElseThrow());
        assertEquals(WarcRevisit.SERVER_NOT_MODIFIED_1_0, revisit304.profile());
        assertEquals(304, revisit304.http().status());
        assertEquals(original.date(), revisit304.refersToDate().orElseThrow());
        assertInstanceOf(WarcResponse.class, Warcs.recordAt(file, changed.offset()).orElseThrow());

        // Webrecorder's warcio.js reads the file whole, with the same records as jwarc
        assertEquals(Map.of(file.toAbsolutePath(), Warcio.jwarcCounts(file)), Warcio.read(List.of(file)));
        assertEquals(Map.of("request", 4, "response", 2, "revisit", 2, "warcinfo", 1), Warcio.jwarcCounts(file));

        long fullBytes = same.offset() - first.offset();
        long revisitBytes = notModified.offset() - same.offset();
        assertTrue(revisitBytes < fullBytes, "a revisit pair is smaller than a response pair: " + revisitBytes + " vs " + fullBytes);
    }

    @Test
    void aRevisitWithoutTheOriginalsIdStillNamesItsTargetAndDate() throws Exception {
        WarcStore.Stored same;
        Instant t0 = Instant.parse("2026-11-28T02:00:00Z");
        try (WarcStore store = new WarcStore(dir, 1_000_000_000L, "node", "Trawler-test")) {
            WarcStore.Stored first = store.write(fetched(200, BODY, t0), REQUEST, null);
            same = store.write(fetched(200, BODY, t0.plusSeconds(60)), REQUEST, new WarcStore.Previous(first.payloadDigest(), t0.toEpochMilli(), null));
        }
        assertNull(same.refersTo());
        WarcRevisit r = assertInstanceOf(WarcRevisit.class, Warcs.recordAt(dir.resolve(same.file()), same.offset()).orElseThrow());
        assertTrue(r.refersTo().isEmpty());
        assertEquals(URI.create(URL), r.refersToTargetURI().orElseThrow());
        assertEquals(t0, r.refersToDate().orElseThrow());
        WarcRecord next = readAfter(dir.resolve(same.file()), same.offset());
        assertInstanceOf(WarcRequest.class, next, "the request record follows, concurrent to the revisit");
        assertTrue(((WarcRequest) next).concurrentTo().contains(r.id()));
    }

    private static WarcRecord readAfter(Path file, long offset) throws Exception {
        try (var reader = new org.netpreserve.jwarc.WarcReader(Files.newByteChannel(file))) {
            reader.position(offset);
            reader.next().orElseThrow();
            return reader.next().orElseThrow();
        }
    }
}
