package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The URL path rule of SPEC §1 (seed 000 §2.2), every example of the SPEC and the edge cases. */
class UrlPathTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "http://today.hit.edu.cn/articles/1/2.html, today.hit.edu.cn/articles",
            "http://www.hit.edu.cn/index.html, www.hit.edu.cn/",
            "http://www.hit.edu.cn, www.hit.edu.cn/",
            "http://www.hit.edu.cn/, www.hit.edu.cn/",
            "http://www.hit.edu.cn/news/, www.hit.edu.cn/news",
            "http://WWW.Hit.edu.cn:8080/news/a.html, www.hit.edu.cn/news",
            "http://a.test/news?x=/y/z, a.test/",
            "http://a.test/news/?x=1, a.test/news",
            "http://a.test/a.html#/b/c, a.test/",
    })
    void path(String url, String expected) {
        assertEquals(expected, UrlPath.of(url));
    }
}
