package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.trawler.frontier.PageRecord;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Page records from the stream: bounded, NUL-free, and refused (for quarantine) with a reason when unusable. */
class PageRowTest {

    @ParameterizedTest(name = "{0}={1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "status | abc | status is not a number",
            "status | 99999999999 | status out of range",
            "fetchedAt | yesterday | fetchedAt is not a number",
            "relevance | NaN | relevance is not finite",
            "warcOffset | 1.5 | warcOffset is not a number",
    })
    void refusedWithTheReason(String field, String value, String reason) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> row(Map.of("url", "http://a.test/", field, value)));
        assertEquals(reason, e.getMessage().replaceFirst(": .*$", ""));
    }

    @Test
    void urlsAreBoundedAndTextIsStorable() {
        assertThrows(IllegalArgumentException.class, () -> row(Map.of("url", "http://a.test/" + "x".repeat(5000))));
        assertThrows(IllegalArgumentException.class, () -> row(Map.of()));
        PageRow r = row(Map.of("url", "http://a.test/", "error", "bad\u0000byte" + "e".repeat(900),
                "contentType", "text/html\u0000"));
        assertEquals(500, r.error().length());
        assertEquals("bad\uFFFDbyte", r.error().substring(0, 8));
        assertEquals("text/html\uFFFD", r.contentType());
    }

    private static PageRow row(Map<String, String> fields) {
        return PageRow.of("1-0", PageRecord.parse(fields));
    }
}
