package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CrawlScopeTest {

    private final CrawlScope scope = new CrawlScope(List.of("a.test", "*.b.test"), List.of("/news/", "/blog/"),
            List.of("\\.pdf$", "[?&]sessionid="), 3);

    @ParameterizedTest(name = "{0} at depth {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "http://a.test/news/1.html | 0 | IN",
            "http://a.test:8080/blog/x | 3 | IN",
            "http://a.test/news/1.html | 4 | TOO_DEEP",
            "http://www.b.test/news/ | 1 | IN",
            "http://b.test/blog/ | 1 | IN",
            "http://c.test/news/ | 1 | HOST",
            "http://aa.test/news/ | 1 | HOST",
            "http://a.test/about/ | 1 | NOT_INCLUDED",
            "http://a.test/news/report.pdf | 1 | EXCLUDED",
            "http://a.test/news/x?a=1&sessionid=9 | 1 | EXCLUDED",
    })
    void verdicts(String url, int depth, CrawlScope.Verdict expected) {
        assertEquals(expected, scope.check(url, depth));
    }
}
