package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlNormalizerTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
            "HTTP://Example.COM/a/b.html | http://example.com/a/b.html",
            "http://example.com:80/x | http://example.com/x",
            "https://example.com:443/x | https://example.com/x",
            "http://example.com:8080/x | http://example.com:8080/x",
            "http://example.com/a/./b/../c.html#frag | http://example.com/a/c.html",
            "http://example.com | http://example.com/",
            "http://example.com/%7euser/ | http://example.com/~user/",
            "http://example.com/a b | http://example.com/a%20b",
            "http://bücher.example/ | http://xn--bcher-kva.example/",
            "ftp://example.com/file | NONE",
            "mailto:someone@example.com | NONE",
            "javascript:void(0) | NONE",
            "not a url | NONE",
            "http://[2606:4700::1111]/ | http://[2606:4700::1111]/",
            "HTTP://[2606:4700:0:0:0:0:0:1111]:80/a/../b#x | http://[2606:4700::1111]/b",
            "https://[2001:DB8:0:0:1:0:0:1]:8443/ | https://[2001:db8::1:0:0:1]:8443/",
            "http://[::1]/ | http://[::1]/",
            "http://[::ffff:127.0.0.1]/ | http://[::ffff:127.0.0.1]/",
            "http://[fe80::1%25eth0]/ | NONE",
            "http://[2606:4700::zz]/ | NONE",
            "http://[2606:4700::1111/ | NONE",
            "http://example.com/[x] | http://example.com/%5Bx%5D",
            "http://example.com:99999/ | NONE",
            "http://example.com:65535/ | http://example.com:65535/",
            "http://example.com:0/ | NONE",
    })
    void normalises(String in, String expected) {
        assertEquals(Optional.ofNullable(expected), UrlNormalizer.normalize(in));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "http://example.com/a | example.com | example.com",
            "http://example.com:8080/a?b | example.com | example.com:8080",
            "http://user@example.com:81/ | example.com | user@example.com:81",
            "http://[2606:4700::1111]:8080/a | [2606:4700::1111] | [2606:4700::1111]:8080",
    })
    void hostAndAuthority(String url, String host, String authority) {
        assertEquals(host, UrlNormalizer.hostOf(url));
        assertEquals(authority, UrlNormalizer.authorityOf(url));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "[0::1] | [::1]",
            "[0:0:0:0:0:0:0:1]:8080 | [::1]:8080",
            "Example.COM:8080 | example.com:8080",
            "[2001:DB8::1] | [2001:db8::1]",
            "[not-v6] | [not-v6]",
    })
    void scopeHostsAsUrlsCarryThem(String host, String expected) {
        assertEquals(expected, UrlNormalizer.canonicalHost(host));
    }
}
