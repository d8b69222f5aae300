package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The buffer a body starts with: its length when it says it and is not coded, bounded whatever it claims; and how it
 * grows: doubling, but to exactly the length it claimed and never past the cap, so that neither a truthful body nor
 * one cut off at the cap is copied once more at its end.
 */
class CappedBodyCapacityTest {

    @ParameterizedTest(name = "Content-Length {0}, coding ''{1}'', cap {2}: {3}")
    @CsvSource(nullValues = "none", value = {
        "8217, '', 1048576, 8217",
        "' 8217 ', identity, 1048576, 8217",
        "0, '', 1048576, 0",
        "none, '', 1048576, 8192",          // chunked: the default
        "8217, gzip, 1048576, 8192",        // coded: the length is not the decoded size
        "999999999999, '', 1048576, 65536", // a claim is not held bytes: at most 64 KiB up front
        "500000, '', 1000, 1000",           // never past the cap
        "none, '', 1000, 1000",
        "-5, '', 1048576, 0",
        "lots, '', 1048576, 8192",          // a broken header
    })
    void startsFromTheLengthWithinBounds(String length, String coding, int cap, int expected) {
        boolean uncoded = ContentDecoder.forEncodings(coding.isEmpty() ? List.of() : List.of(coding)).identity();
        assertEquals(expected, CappedBody.initialCapacity(length, uncoded, cap));
    }

    @ParameterizedTest(name = "capacity {0}, needed {1}, claimed {2}, cap {3}: {4}")
    @CsvSource({
        "0, 100, -1, 10485760, 8192",                   // the first bytes of a chunked body
        "65536, 70000, -1, 10485760, 131072",           // doubling
        "65536, 70000, 100000, 10485760, 100000",       // to the claimed length, not past it
        "65536, 70000, 60000, 10485760, 131072",        // a claim already exceeded is ignored
        "8388608, 8400000, 10485851, 10485760, 10485760", // never past the cap, whatever it claims
        "8388608, 8400000, -1, 10485760, 10485760",
        "65536, 300000, -1, 10485760, 300000",          // a chunk larger than the doubling
        "0, 5, 0, 1000, 1000",                          // a lying Content-Length: 0 is ignored, the cap bounds it
    })
    void growsByDoublingToTheClaimedLengthWithinTheCap(int capacity, int needed, long claimed, int cap, int expected) {
        assertEquals(expected, CappedBody.grownCapacity(capacity, needed, claimed, cap));
    }

    @org.junit.jupiter.api.Test
    void theBodysBytesAreCopiedOnlyWhenTheBufferIsLargerThanThem() {
        byte[] page = new byte[20_000];
        java.util.Arrays.fill(page, (byte) 'a');
        CappedBody capped = new CappedBody(20_000, new ByteBudget(1 << 30));
        capped.write(io.vertx.core.buffer.Buffer.buffer(page));   // no Content-Length: grown to the cap exactly
        capped.end((io.vertx.core.Handler<io.vertx.core.AsyncResult<Void>>) null);
        org.junit.jupiter.api.Assertions.assertArrayEquals(page, capped.bytes());
        org.junit.jupiter.api.Assertions.assertSame(capped.bytes(), capped.bytes(), "the buffer itself");
        CappedBody small = new CappedBody(1 << 20, new ByteBudget(1 << 30));
        small.write(io.vertx.core.buffer.Buffer.buffer(java.util.Arrays.copyOf(page, 100)));
        small.end((io.vertx.core.Handler<io.vertx.core.AsyncResult<Void>>) null);
        org.junit.jupiter.api.Assertions.assertEquals(100, small.bytes().length);
    }
}
