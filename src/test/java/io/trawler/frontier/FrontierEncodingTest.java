package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FrontierEncodingTest {

    @Test
    void entryAndLeaseRoundTrip() {
        FrontierEntry e = new FrontierEntry(3, 1, 2, "http://a.test/x?y=1");
        assertEquals(e, FrontierEntry.parse(e.member()));
        Lease l = Lease.parse("c1", "42 0 17 " + e.member());
        assertEquals(42, l.id());
        assertEquals("17", l.score());
        assertEquals(e, l.entry());
        assertThrows(IllegalArgumentException.class, () -> FrontierEntry.of("http://a.test/a b", 0));
    }

    /** A learning focused crawl's entries carry their tunnel distance in the hops field; older members read as tunnel 0. */
    @Test
    void tunnelDistanceRoundTrips() {
        FrontierEntry t = new FrontierEntry(4, 1, 0, "http://a.test/tags/x/page/2/", 2);
        assertEquals("4 1:2 0 http://a.test/tags/x/page/2/", t.member());
        assertEquals(t, FrontierEntry.parse(t.member()));
        assertEquals(t, Lease.parse("c1", "7 0 -0.25 w1|c " + t.member()).entry());
        assertEquals("3 0 0 http://a.test/", FrontierEntry.of("http://a.test/", 3).member(), "tunnel 0 writes the old form");
        assertEquals(0, FrontierEntry.parse("3 0 1 http://a.test/").tunnel());
        assertEquals(3, FrontierEntry.of("http://a.test/", 0).withTunnel(3).tunnel());
        assertThrows(IllegalArgumentException.class, () -> new FrontierEntry(0, 0, 0, "http://a.test/", -1));
    }

    @ParameterizedTest
    @CsvSource({"1, 8", "100000, 9", "1000000, 12", "4000000, 14", "1000000000, 16"})
    void bucketBits(long maxUrls, int bits) {
        assertEquals(bits, UrlFingerprint.bucketBitsFor(maxUrls));
    }

    @Test
    void bucketAndRemainderCoverTheTopBits() {
        long fp = UrlFingerprint.of("http://a.test/");
        int bits = 12;
        int bucket = UrlFingerprint.bucket(fp, bits);
        long rem = UrlFingerprint.remainder(fp, bits);
        assertTrue(bucket >= 0 && bucket < 4096);
        assertTrue(rem >= 0 && rem < (1L << 48));
        assertEquals(fp >>> (64 - bits - 48), ((long) bucket << 48) | rem);
    }
}
