package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.fetch.FetchResult;
import io.trawler.testsupport.Warcio;
import io.trawler.testsupport.Warcs;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcResponse;

/**
 * A page's extracted text stored beside its response as a WARC conversion record (title on the first line, main text
 * after): written for a response only, found at the offset the store reports, read back as written, bounded, and the
 * file stays valid WARC for jwarc and warcio.js.
 */
class PageTextRecordsTest {

    @TempDir
    Path dir;

    private static final List<Map.Entry<String, String>> REQUEST = List.of(Map.entry("User-Agent", "Trawler-test"));

    private static FetchResult fetched(int status, String body, Instant at) {
        return new FetchResult("http://a.test/%C3%BCber?q=1", status, "OK", List.of(Map.entry("Content-Type", "text/html; charset=utf-8")),
                body.getBytes(StandardCharsets.UTF_8), null, null, null, at, 12);
    }

    @Test
    void aResponsesTextFollowsItsRequestAsAConversionRecordReadBackAsWritten() throws Exception {
        Instant t0 = Instant.parse("2026-11-29T04:00:00Z");
        PageText text = new PageText("Café 東京 — a title", "First paragraph, ümlauts and 😀.\nSecond paragraph\r\nthird.");
        String html = "<html><head><title>Café 東京 — a title</title></head><body><p>First</p></body></html>";
        WarcStore.Stored first;
        WarcStore.Stored same;
        WarcStore.Stored plain;
        try (WarcStore store = new WarcStore(dir, 1_000_000_000L, "node", "Trawler-test")) {
            first = store.write(fetched(200, html, t0), REQUEST, null, text);
            // the same payload again: a revisit record, and no text (the original's is the page's)
            same = store.write(fetched(200, html, t0.plusSeconds(60)), REQUEST,
                    new WarcStore.Previous(first.payloadDigest(), t0.toEpochMilli(), first.recordId()), text);
            plain = store.write(fetched(200, "<html>other</html>", t0.plusSeconds(120)), REQUEST, null);
        }
        assertNotNull(first.textOffset());
        assertTrue(first.textOffset() > first.offset() && first.textOffset() < first.offset() + first.length(),
                "the conversion record is part of the exchange's bytes: " + first);
        assertNull(same.textOffset(), "a revisit has no text of its own");
        assertNull(plain.textOffset(), "no text given, none written");

        Path file = dir.resolve(first.file());
        assertTrue(Warcs.valid(file), "jwarc validates the file (block digests included)");
        WarcResponse response = assertInstanceOf(WarcResponse.class, Warcs.recordAt(file, first.offset()).orElseThrow());
        WarcConversion conversion = assertInstanceOf(WarcConversion.class, Warcs.recordAt(file, first.textOffset()).orElseThrow());
        assertEquals(response.id(), conversion.refersTo().orElseThrow());
        assertEquals(response.target(), conversion.target());
        assertEquals(response.date(), conversion.date());
        assertEquals("text/plain", conversion.contentType().base().toString());
        assertEquals("utf-8", conversion.contentType().parameters().get("charset"));

        WarcRecordReader reader = new WarcRecordReader(dir, new LocalWarcArchive(dir));
        assertEquals(text, reader.text(first.file(), first.textOffset()).orElseThrow());
        assertTrue(reader.text(first.file(), first.offset()).isEmpty(), "a response is not a text record");
        // a batch's texts, the file opened once: a response, an offset inside a record and one past the end have none
        assertEquals(Map.of(first.textOffset(), text), reader.texts(first.file(),
                new long[] {first.textOffset(), first.offset(), first.textOffset() + 3, Long.MAX_VALUE / 2}));
        assertEquals(Map.of(), reader.texts("missing.warc.gz", new long[] {first.textOffset()}));

        assertEquals(Map.of(file.toAbsolutePath(), Warcio.jwarcCounts(file)), Warcio.read(List.of(file)));
        assertEquals(Map.of("conversion", 1, "request", 3, "response", 2, "revisit", 1, "warcinfo", 1), Warcio.jwarcCounts(file));
    }

    @Test
    void textIsBoundedAndTheTitleKeptOnOneLine() throws Exception {
        String longText = "a".repeat(PageText.MAX_CHARS - 1) + "😀" + "tail";   // the limit falls inside a surrogate pair
        PageText t = new PageText("two\nlines\rtitle " + "t".repeat(PageText.MAX_TITLE_CHARS), longText);
        assertEquals(PageText.MAX_CHARS - 1, t.mainText().length(), "a surrogate pair is not split");
        assertEquals(PageText.MAX_TITLE_CHARS, t.title().length());
        assertTrue(t.title().startsWith("two lines title "));
        assertEquals(t, PageText.ofBlock(new String(t.block(), StandardCharsets.UTF_8)));
        assertEquals(new PageText("", "text"), PageText.ofBlock("\ntext"));
        assertEquals(new PageText("only a title", ""), PageText.ofBlock("only a title"));
        assertEquals(new PageText("", ""), new PageText(null, null));

        try (WarcStore store = new WarcStore(dir, 1_000_000_000L, "node", "Trawler-test")) {
            WarcStore.Stored s = store.write(fetched(200, "<html></html>", Instant.parse("2026-11-29T04:00:00Z")), REQUEST, null, t);
            assertEquals(t, new WarcRecordReader(dir, new LocalWarcArchive(dir)).text(s.file(), s.textOffset()).orElseThrow());
            assertEquals(URI.create("http://a.test/%C3%BCber?q=1"), Warcs.recordAt(dir.resolve(s.file()), s.textOffset()).orElseThrow()
                    .headers().first("WARC-Target-URI").map(URI::create).orElseThrow());
        }
    }
}
