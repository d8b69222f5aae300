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

    /** The rule as it reads without the shortcut for exact entries: host and port, then suffixes. */
    private static boolean byHostAndPort(List<String> entries, String url) {
        String host = UrlNormalizer.hostOf(url);
        int port = UrlNormalizer.portOf(url);
        boolean defaultPort = port == UrlNormalizer.defaultPort(url);
        String withPort = host + ":" + port;
        for (String raw : entries) {
            String e = raw.toLowerCase(java.util.Locale.ROOT);
            if (e.startsWith("*.")) {
                String suffix = e.substring(1);
                if (withPort.equals(e.substring(2)) || (defaultPort && host.equals(e.substring(2))) || withPort.endsWith(suffix)
                        || (defaultPort && host.endsWith(suffix))) {
                    return true;
                }
            } else if (withPort.equals(e) || (defaultPort && host.equals(e))) {
                return true;
            }
        }
        return false;
    }

    @org.junit.jupiter.api.Test
    void anExactEntryAdmitsWhatTheHostAndPortRuleAdmitsAndNothingElse() {
        List<List<String>> scopes = List.of(List.of("example.com"), List.of("example.com:8080"), List.of("127.0.0.1:34013"),
                List.of("*.example.com"), List.of("example.com:80"), List.of("example.com:0080"), List.of("[::1]:8080"),
                List.of("user@example.com"), List.of("example.com:"), List.of("EXAMPLE.com"), List.of("a.test", "b.test:81"));
        List<String> urls = List.of("http://example.com/", "https://example.com/a", "http://example.com:80/", "http://example.com:8080/x",
                "http://example.com:0080/", "http://www.example.com/", "http://127.0.0.1:34013/d1/p1.html", "http://127.0.0.1/",
                "http://[::1]:8080/", "http://user@example.com/", "http://example.com:/", "http://a.test/?q", "http://b.test:81#f",
                "http://b.test/", "http://example.com.evil.test/", "http://example.com:443/", "https://example.com:443/", "http://example.com:+80/",
                "http://example.com:\u0668\u0660/", "http://127.0.0.1:034013/x", "http://a.test:81:81/");
        for (List<String> entries : scopes) {
            CrawlScope scope = new CrawlScope(entries, List.of(), List.of(), 10);
            for (String url : urls) {
                assertEquals(byHostAndPort(entries, url), scope.urlAllowed(url), entries + " and " + url);
            }
        }
    }
}
