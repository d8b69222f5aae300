package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.frontier.UrlFingerprint;
import java.util.List;
import org.junit.jupiter.api.Test;

/** URLs fetched as the site wrote them, deduplicated by a key that ignores parameter order; per-site sort and drops. */
class UrlRulesTest {

    private static final UrlRules KEEP = UrlRules.DEFAULT;
    private static final UrlRules SORT = new UrlRules(UrlRules.QueryOrder.SORT, List.of());
    private static final UrlRules DROP = new UrlRules(UrlRules.QueryOrder.KEEP, List.of("utm_*", "PHPSESSID", "sid"));

    @Test
    void fetchedForms() {
        String[][] table = {
                // rules, raw, fetched
                { "keep", "http://Example.COM:80/w/index.php?title=Main&action=history#top", "http://example.com/w/index.php?title=Main&action=history" },
                { "sort", "http://Example.COM:80/w/index.php?title=Main&action=history#top", "http://example.com/w/index.php?action=history&title=Main" },
                { "keep", "http://a.test/p?z=1&y=2&x=3", "http://a.test/p?z=1&y=2&x=3" },
                { "keep", "http://a.test/p?b=%7e&a=%41", "http://a.test/p?b=~&a=A" },
                { "keep", "http://a.test/p?b=2&&a=1&", "http://a.test/p?b=2&a=1" },
                { "keep", "http://a.test/p?only=1", "http://a.test/p?only=1" },
                { "keep", "http://a.test/a/../b/./c?q=1", "http://a.test/b/c?q=1" },
                { "drop", "http://a.test/p?utm_source=news&id=3&UTM_Medium=mail&phpsessid=abc&sidebar=1", "http://a.test/p?id=3&sidebar=1" },
                { "drop", "http://a.test/p?utm_source=news&sid=9", "http://a.test/p" },
        };
        for (String[] row : table) {
            UrlRules rules = switch (row[0]) {
                case "keep" -> KEEP;
                case "sort" -> SORT;
                default -> DROP;
            };
            assertEquals(row[2], rules.normalize(row[1]).orElseThrow(), row[0] + " " + row[1]);
        }
        assertEquals(KEEP.normalize("http://a.test/p?z=1&y=2"), UrlNormalizer.normalize("http://a.test/p?z=1&y=2"), "the default rules");
        assertTrue(KEEP.normalize("mailto:x@y.test").isEmpty());
    }

    @Test
    void parameterOrderIsNotPartOfTheKey() {
        String a = KEEP.normalize("http://a.test/w?title=X&action=edit").orElseThrow();
        String b = KEEP.normalize("http://a.test/w?action=edit&title=X").orElseThrow();
        assertNotEquals(a, b, "each fetched as written");
        assertEquals(UrlRules.key(a), UrlRules.key(b));
        assertEquals(UrlFingerprint.of(a), UrlFingerprint.of(b), "one URL for the seen set");
        assertNotEquals(UrlFingerprint.of(a), UrlFingerprint.of(KEEP.normalize("http://a.test/w?title=Y&action=edit").orElseThrow()));
        assertEquals("http://a.test/x", UrlRules.key("http://a.test/x"));
        assertEquals("http://a.test/x?b=1", UrlRules.key("http://a.test/x?b=1"));
    }

    @Test
    void dropNames() {
        assertTrue(UrlRules.validDropName("utm_*"));
        assertTrue(UrlRules.validDropName("PHPSESSID"));
        assertFalse(UrlRules.validDropName("a*b"));
        assertFalse(UrlRules.validDropName("a=b"));
        assertFalse(UrlRules.validDropName(" "));
        assertFalse(UrlRules.validDropName("x".repeat(101)));
        assertEquals(List.of("utm_*", "sid"), new UrlRules(null, List.of(" UTM_* ", "sid", "SID", "")).dropParameters());
    }
}
