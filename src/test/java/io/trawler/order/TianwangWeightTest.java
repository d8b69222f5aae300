package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Directory depth and the Tianwang weight on hand-computed examples (seed 001, SPEC §1 and §2.6). */
class TianwangWeightTest {

    @ParameterizedTest(name = "depth of {0} = {1}")
    @CsvSource({
            "http://www.25yi.com, 0",
            "http://www.25yi.com/, 0",
            "http://www.25yi.com/cs, 1",
            "http://a.com/a/b.html, 2",
            "http://a.com/a/, 1",
            "http://a.com/a/b/c/?x=/y/z, 3",
    })
    void depth(String url, int depth) {
        assertEquals(depth, DirectoryDepth.of(url));
    }

    @ParameterizedTest(name = "weight of {0} = {1}")
    @CsvSource({
            "http://www.25yi.com, 10",                           // depth 0
            "http://www.25yi.com/cs, 9",                         // depth 1
            "http://www.25yi.com/a/b.php?x=1&y=2, 6",            // 10 − 2 (depth) − 1 (?) − 1 (&)
            "http://www.25yi.com/search/results?q=gate, 3",      // 10 − 2 − 1 (?) − 2 (search) − 2 (gate)
            "http://proxy.example/Search?a=1&b=2&c=3, 2",        // 10 − 1 (depth) − 1 (?) − 2 (&&) − 2 (proxy) − 2 (search)
            "http://a.com/search/proxy/gate/x?search=1&proxy=2, 0", // 10 − 4 − 1 − 1 − 4 − 4 − 2 = −6, floored at 0
    })
    void weight(String url, int weight) {
        assertEquals(weight, TianwangWeight.of(url));
    }
}
