package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The page record's one pair of writer and reader: every field round-trips, absent ones stay absent, wrong ones are named. */
class PageRecordTest {

    @Test
    void everyFieldRoundTrips() {
        PageRecord r = PageRecord.builder("http://a.test/p", 200, "fetched", 1_700_000_000_123L, 3, 2).contentType("text/html")
                .bytes(10).fetchMs(5).truncated("time").etag("W/\"x\"").lastModified(1_600_000_000_000L).stored("sha1:AB", "f.warc.gz", 7)
                .warcBytes(900).textOffset(812L).record("urn:uuid:1", "identical-payload-digest", "urn:uuid:0")
                .error("e").redirect("http://a.test/q").textFp(-1L).mainText("t").relevance(0.5, true)
                .links(List.of("http://a.test/1", "http://a.test/2"), new LinkDecisions(2, 0, 0, 0, false), 1).noindex(true).build();
        assertEquals(r, PageRecord.parse(r.toFields()));
        assertEquals(30, r.toFields().size(), "every field is written");
    }

    @Test
    void absentFieldsStayAbsent() {
        PageRecord r = PageRecord.builder("http://a.test/", 0, "robots-denied", 5, 0, 0).build();
        assertEquals(List.of("url", "status", "outcome", "fetchedAt", "partition", "depth"), List.copyOf(r.toFields().keySet()));
        PageRecord back = PageRecord.parse(r.toFields());
        assertEquals(r, back);
        assertNull(back.links(), "not parsed: no link graph entry");
        assertNull(back.relevant());
        assertFalse(back.noindex());
    }

    @Test
    void anEmptyLinkListIsNotNoLinks() {
        PageRecord r = PageRecord.builder("http://a.test/", 200, "fetched", 5, 0, 0).links(List.of(), new LinkDecisions(0, 0, 0, 0, true), 0)
                .build();
        assertEquals(List.of(), PageRecord.parse(r.toFields()).links());
    }

    @ParameterizedTest(name = "{0}={1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "status | abc | status is not a number",
            "status | 99999999999 | status out of range",
            "depth | 99999999999 | depth out of range",
            "fetchedAt | yesterday | fetchedAt is not a number",
            "warcOffset | 1.5 | warcOffset is not a number",
            "relevance | NaN | relevance is not finite",
            "textFp | xyz | textFp is not a hexadecimal number",
            "relevance | Infinity | relevance is not finite",
            "scope | 1,2 | scope is not in,host,pattern,deep,followed",
    })
    void aWrongFieldIsNamed(String field, String value, String reason) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PageRecord.parse(Map.of("url", "http://a.test/", field, value)));
        assertEquals(reason, e.getMessage().replaceFirst(": .*$", ""));
        assertEquals("no url", assertThrows(IllegalArgumentException.class, () -> PageRecord.parse(Map.of("status", "200"))).getMessage());
    }
}
