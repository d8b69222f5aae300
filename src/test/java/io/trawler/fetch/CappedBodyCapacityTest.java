package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The buffer a body starts with: its length when it says it and is not coded, bounded whatever it claims. */
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
}
