package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CrawlScopeTest {

    private final CrawlScope scope = new CrawlScope(List.of("a.test", "*.b.test", "c.test:8080"), List.of("/news/", "/blog/"),
            List.of("\\.pdf$", "[?&]sessionid="), 3);

    @ParameterizedTest(name = "{0} at depth {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "http://a.test/news/1.html | 0 | IN",
            "http://a.test:8080/blog/x | 3 | HOST",
            "https://a.test/blog/x | 3 | IN",
            "https://a.test:8443/blog/x | 3 | HOST",
            "http://a.test:6379/news/ | 1 | HOST",
            "http://c.test:8080/news/ | 1 | IN",
            "http://c.test/news/ | 1 | HOST",
            "http://a.test/news/1.html | 4 | TOO_DEEP",
            "http://www.b.test/news/ | 1 | IN",
            "http://b.test/blog/ | 1 | IN",
            "http://d.test/news/ | 1 | HOST",
            "http://aa.test/news/ | 1 | HOST",
            "http://a.test/about/ | 1 | NOT_INCLUDED",
            "http://a.test/news/report.pdf | 1 | EXCLUDED",
            "http://a.test/news/x?a=1&sessionid=9 | 1 | EXCLUDED",
    })
    void verdicts(String url, int depth, CrawlScope.Verdict expected) {
        assertEquals(expected, scope.check(url, depth));
    }

    /** A pattern that makes a backtracking engine take seconds per URL runs in linear time with RE2J. */
    @org.junit.jupiter.api.Test
    void catastrophicPatternsRunInLinearTime() {
        CrawlScope hostile = new CrawlScope(List.of("a.test"), List.of(), List.of("(.*a){12}$"), 10);
        String url = "http://a.test/" + "a".repeat(2000) + "b";
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), () -> {
            for (int i = 0; i < 100; i++) {
                hostile.check(url, 1);
            }
        });
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"(unclosed", "(?<=x)y", "\\1"})
    void patternsRe2CannotRunAreRefused(String pattern) {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> CrawlScope.compile(pattern));
    }
}
