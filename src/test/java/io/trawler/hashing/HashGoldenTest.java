package io.trawler.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Both hash functions of seed 004 on values computed by hand (SPEC §4). */
class HashGoldenTest {

    @ParameterizedTest(name = "site hash of \"{0}\" = {1}")
    @CsvSource({
            "'', 0",
            "a, 97",                 // 'a' & 0x7F = 97
            "ab, 12514",             // (97 << 7) + 98
            "abc, 1601891",          // (12514 << 7) + 99, still below 2^21
            "abcd, 1618501",         // (1601891 << 7) + 100 = 205042148 → (205042148 & 0x1FFFFF) + (205042148 >>> 21) = 1618404 + 97
    })
    void siteHash(String host, int expected) {
        assertEquals(expected, SiteHash.of(host));
    }

    @ParameterizedTest(name = "path hash of \"{0}\" = {1}")
    @CsvSource({
            "'', 0",
            "ab, 34",                // s = (1 << 5) + 2, never folded: r ^ s = 34
            "abc, 1091",             // length 3: s = ((1 << 5) + 2 << 5) + 3 = 1091, r = 1091, s = 0 (the printed r*s would be 0)
            "/a/, 15407",            // '/' & 0x1F = 15: ((15 << 5) + 1 << 5) + 15 = 15407
            "abcab, 1121",           // r = 1091 after "abc", then s = 34: 0b10001000011 ^ 0b00000100010 = 1121
            "abcabc, 0",             // r = 1091 ^ 1091
    })
    void pathHash(String path, int expected) {
        assertEquals(expected, PathHash.of(path));
    }

    @Test
    void rangesHold() {
        for (String s : new String[] {"www.hollins.edu", "x".repeat(1000), "dustinpfister.github.io", "\u4e2d\u6587.example"}) {
            int site = SiteHash.of(s);
            int path = PathHash.of("/" + s + "/index.html?x=1");
            assertTrue(site >= 0 && site < SiteHash.SIZE, s);
            assertTrue(path >= 0 && path < PathHash.SIZE, s);
        }
    }

    @Test
    void twoLevelSeenSet() {
        TwoLevelSeenSet seen = new TwoLevelSeenSet();
        assertTrue(seen.add("a.test", "http://a.test/x"));
        assertFalse(seen.add("a.test", "http://a.test/x"));
        assertTrue(seen.add("a.test", "http://a.test/y"));
        assertTrue(seen.contains("a.test", "http://a.test/y"));
        assertFalse(seen.contains("a.test", "http://a.test/z"));
        assertFalse(seen.knowsSite("b.test"), "a new site");
        assertEquals(2, seen.size());
        assertEquals(1, seen.siteBuckets());
    }
}
