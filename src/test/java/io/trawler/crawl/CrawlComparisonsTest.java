package io.trawler.crawl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrawlComparisonsTest {

    /** A comparison with {@code changed} URLs whose content changed. */
    private static CrawlComparison.Diff diff(int changed) {
        Map<CrawlComparison.Kind, long[][]> kinds = new EnumMap<>(CrawlComparison.Kind.class);
        for (CrawlComparison.Kind k : CrawlComparison.Kind.values()) {
            int n = k == CrawlComparison.Kind.CONTENT ? changed : 0;
            kinds.put(k, new long[][] {new long[n], new long[n]});
        }
        return new CrawlComparison.Diff(new CrawlComparison.Summary(0, 0, 0, changed, 0), kinds);
    }

    private static CrawlComparisons.Key key(int i) {
        return new CrawlComparisons.Key("a" + i, "b", i, 1);
    }

    @Test
    void bytesCountTwoRecordIdsPerUrl() {
        long empty = diff(0).bytes();
        assertEquals(16 * 100_000L, diff(100_000).bytes() - empty);
    }

    @Test
    void keepsAtMostEightPairsLeastRecentlyViewedLeavingFirst() {
        CrawlComparisons c = new CrawlComparisons();
        for (int i = 0; i < 10; i++) {
            c.keep(key(i), diff(10));
        }
        assertEquals(CrawlComparisons.KEPT, c.held()[0]);
        assertFalse(c.holds(key(0)));
        assertFalse(c.holds(key(1)));
        assertTrue(c.holds(key(9)));
    }

    @Test
    void keepsAtMostTheBytesBound() {
        long one = diff(1_000).bytes();
        CrawlComparisons c = new CrawlComparisons(3 * one);
        for (int i = 0; i < 5; i++) {
            c.keep(key(i), diff(1_000));
            assertTrue(c.held()[1] <= 3 * one, "held " + c.held()[1]);
        }
        assertArrayEquals(new long[] {3, 3 * one}, c.held());
        assertTrue(c.holds(key(4)) && c.holds(key(3)) && c.holds(key(2)));
        // a comparison larger than the whole bound is not kept, and lets nothing go
        c.keep(key(9), diff(10_000));
        assertFalse(c.holds(key(9)));
        assertEquals(3, c.held()[0]);
        // one larger than the room left makes the eldest go until it fits
        c.keep(key(7), diff(2_000));
        assertTrue(c.holds(key(7)) && c.holds(key(4)));
        assertFalse(c.holds(key(2)) || c.holds(key(3)));
        assertTrue(c.held()[1] <= 3 * one);
    }

    @Test
    void keepingTheSamePairAgainCountsItOnce() {
        CrawlComparisons c = new CrawlComparisons();
        c.keep(key(1), diff(100));
        c.keep(key(1), diff(100));
        assertArrayEquals(new long[] {1, diff(100).bytes()}, c.held());
    }
}
