package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.trawler.frontier.PageRecord;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Page records bounded to their columns: NUL-free, cut to size, and refused (for quarantine) when they cannot be stored. */
class PageRowTest {

    @Test
    void urlsAreBoundedAndTextIsStorable() {
        assertThrows(IllegalArgumentException.class, () -> row(Map.of("url", "http://a.test/" + "x".repeat(5000))));
        assertThrows(IllegalArgumentException.class, () -> row(Map.of()));
        assertThrows(IllegalArgumentException.class, () -> row(Map.of("url", "http://a.test/\u0000")));
        assertThrows(IllegalArgumentException.class, () -> row(Map.of("url", "http://a.test/", "outcome", "o".repeat(33))));
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
