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

    @ParameterizedTest(name = "{0} at depth {1} -> {2}")
    @CsvSource({
            "http://a.test/archives/2009/05/post.html, 1, a.test/archives",
            "http://a.test/archives/2009/05/post.html, 2, a.test/archives/2009",
            "http://a.test/archives/2009/05/post.html, 3, a.test/archives/2009/05",
            "http://a.test/archives/2009/05/post.html, 9, a.test/archives/2009/05",
            "http://a.test/archives/index.html, 3, a.test/archives",
            "http://a.test/archives/2009/?p=/x/y/, 4, a.test/archives/2009",
            "http://a.test/, 3, a.test/",
    })
    void deeperPath(String url, int depth, String expected) {
        assertEquals(expected, UrlPath.of(url, depth));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "http://a.test/archives/2009/05/post.html, a.test/archives/2009/05",
            "http://a.test/archives/2010/01/post.html, a.test/archives/2010",
            "http://a.test/archives/index.html, a.test/archives",
            "http://a.test/tags/x/, a.test/tags",
            "http://a.test/about.html, a.test/",
    })
    void groupUnderSplitDirectories(String url, String expected) {
        assertEquals(expected, UrlPath.group(url, java.util.Set.of("a.test/archives", "a.test/archives/2009")));
    }
}
