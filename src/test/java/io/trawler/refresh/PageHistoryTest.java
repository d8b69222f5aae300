package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PageHistoryTest {

    private static PageHistory.Fetch ok(long at, long fp) {
        return new PageHistory.Fetch(at, 200, fp, 0, "\"v" + fp + "\"");
    }

    @Test
    void visitsAreObservedByFingerprintAndStatus() {
        PageHistory h = new PageHistory();
        assertNull(h.add(ok(1_000, 1)), "the first visit observes nothing");
        assertEquals(new PageHistory.Observation(1_000, false), h.add(ok(2_000, 1)));
        assertEquals(new PageHistory.Observation(1_000, true), h.add(ok(3_000, 2)));
        assertEquals(new PageHistory.Observation(500, false), h.add(new PageHistory.Fetch(3_500, 304, 0, 0, null)));
        assertNull(h.add(new PageHistory.Fetch(4_000, 503, 0, 0, null)), "a 5xx says nothing about the page");
        assertNull(h.add(new PageHistory.Fetch(4_000, 0, 0, 0, null)), "nor does a failed fetch");
        assertEquals(new PageHistory.Observation(1_000, true), h.add(new PageHistory.Fetch(4_500, 404, 0, 0, null)), "gone is a change");
        assertEquals(new PageHistory.Observation(500, false), h.add(new PageHistory.Fetch(5_000, 404, 0, 0, null)));
        assertEquals(new PageHistory.Observation(500, true), h.add(ok(5_500, 2)), "back after a 404 is a change");
        assertEquals(7, h.visits());
        assertEquals(3, h.changes());
        assertEquals(6, h.observed());
        assertEquals("\"v2\"", h.etag());
    }

    @Test
    void packedFormKeepsEverythingAndStaysSmall() {
        PageHistory h = new PageHistory();
        Random rnd = new Random(1);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < 40; i++) {
            t += 1 + rnd.nextInt(86_400_000);
            h.add(new PageHistory.Fetch(t, 200, rnd.nextInt(3), 1_690_000_000_000L, "\"abc\""));
        }
        byte[] packed = h.encode();
        assertTrue(packed.length <= 33 + 2 * PageHistory.WINDOW + 5, "packed " + packed.length + " bytes");
        PageHistory back = PageHistory.decode(packed);
        assertEquals(h.lastFetch(), back.lastFetch());
        assertEquals(h.fingerprint(), back.fingerprint());
        assertEquals(h.visits(), back.visits());
        assertEquals(h.changes(), back.changes());
        assertEquals(h.etag(), back.etag());
        assertEquals(h.lastModified(), back.lastModified());
        assertEquals(PageHistory.WINDOW, back.observed());
        assertEquals(h.ratePerSecond(), back.ratePerSecond(), h.ratePerSecond() * 1e-12);
        double[] a = new double[PageHistory.WINDOW * 2];
        int[] k = {0};
        h.forEachVisit((ms, changed) -> a[k[0]++] = ms);
        k[0] = 0;
        back.forEachVisit((ms, changed) -> assertEquals(a[k[0]++], ms, 0));
    }

    /** The stored content (digest, date, record id, place) survives packing; a revisit or a 304 leaves it as it was. */
    @Test
    void theContentLastStoredInFullIsKeptUntilNewContentIsStored() {
        PageHistory h = new PageHistory();
        PageHistory.Content first = new PageHistory.Content("sha1:2OQ6X2ZPQJ5HPMA2BBBKWC5EHM4PEE7N", 1_700_000_000_123L,
                "urn:uuid:3f1e4c1a-9b7d-4c2e-8f00-5a6b7c8d9e0f", "trawler-20261128120000-00001-node-1-c42.warc.gz", 9_876_543_210L);
        h.add(new PageHistory.Fetch(1_700_000_000_123L, 200, 7, 0, "\"v1\"", first));
        h.add(new PageHistory.Fetch(1_700_000_600_000L, 200, 7, 0, "\"v1\"", null));   // a revisit record
        h.add(new PageHistory.Fetch(1_700_001_200_000L, 304, 0, 0, null, null));
        byte[] packed = h.encode();
        assertTrue(packed.length <= 33 + 2 * PageHistory.WINDOW + 5 + 1 + 37 + 22 + 1 + 47 + 6, "packed " + packed.length + " bytes");
        assertEquals(first, PageHistory.decode(packed).content());
        PageHistory.Content second = new PageHistory.Content("sha1:AAAAX2ZPQJ5HPMA2BBBKWC5EHM4PEE7N", 1_700_002_000_000L, null);
        h.add(new PageHistory.Fetch(1_700_002_000_000L, 200, 8, 0, null, second));
        assertEquals(second, PageHistory.decode(h.encode()).content(), "a record id not known stays unknown");
        assertEquals(null, PageHistory.decode(new PageHistory().encode()).content());
        h.forgetContent();
        assertEquals(null, PageHistory.decode(h.encode()).content(), "its file deleted, the content is forgotten");
    }

    @Test
    void historiesPackedBeforeTheContentsPlaceWasKeptStillRead() {
        PageHistory h = new PageHistory();
        PageHistory.Content unplaced = new PageHistory.Content("sha1:2OQ6X2ZPQJ5HPMA2BBBKWC5EHM4PEE7N", 1_700_000_000_123L,
                "urn:uuid:3f1e4c1a-9b7d-4c2e-8f00-5a6b7c8d9e0f");
        h.add(new PageHistory.Fetch(1_700_000_000_123L, 200, 7, 0, "\"v1\"", unplaced));
        byte[] v3 = h.encode();
        byte[] v2 = java.util.Arrays.copyOf(v3, v3.length - 1);   // version 2 ended after the record id
        v2[0] = 2;
        PageHistory back = PageHistory.decode(v2);
        assertEquals(unplaced, back.content());
        assertTrue(!back.content().located());
    }

    @Test
    void historiesPackedBeforeContentWasKeptStillRead() {
        PageHistory h = new PageHistory();
        h.add(new PageHistory.Fetch(1_700_000_000_000L, 200, 7, 0, "\"v1\""));
        byte[] v2 = h.encode();
        byte[] v1 = java.util.Arrays.copyOf(v2, v2.length - 1);   // version 1 ended after the ETag
        v1[0] = 1;
        PageHistory back = PageHistory.decode(v1);
        assertEquals("\"v1\"", back.etag());
        assertEquals(1_700_000_000_000L, back.lastFetch());
        assertEquals(null, back.content());
    }

    @Test
    void intervalsKeepTheirLengthToAFewHundredthsOfAPercent() {
        for (long ms : new long[] {1, 37, 999, 86_400_000L, 30L * 86_400_000L, 3L * 365 * 86_400_000L}) {
            double back = PageHistory.decodeInterval(PageHistory.encodeInterval(ms));
            assertTrue(Math.abs(back - ms) <= Math.max(0.01, ms * 5e-4), ms + " -> " + back);
        }
    }

    @Test
    void estimateFromRegularVisitsMatchesTheRegularEstimatorOnTheWindow() {
        PageHistory h = new PageHistory();
        long t = 0;
        h.add(ok(t += 1000, 0));
        int changes = 0;
        for (int i = 0; i < PageHistory.WINDOW; i++) {
            boolean changed = i % 3 == 0;
            changes += changed ? 1 : 0;
            h.add(ok(t += 60_000, changed ? i + 1 : (i == 0 ? 0 : h.fingerprint())));
        }
        double expected = ChangeRateEstimator.biasReduced(PageHistory.WINDOW, changes, 60);
        assertEquals(expected, h.ratePerSecond(), expected * 2e-3);
    }
}
