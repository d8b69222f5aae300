package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsupport.SharedData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The resolver's shortcuts give what jsoup's {@code absUrl} followed by the site's URL rules gives: link by link on a
 * table of awkward forms, and on every link of the real blog's pages.
 */
class LinkResolverTest {

    private static final UrlRules RULES = UrlRules.DEFAULT;

    /** The reference: jsoup resolves (as HtmlParser did before the shortcuts), then the rules normalise. */
    private static Optional<String> reference(String base, String href) {
        Document doc = Jsoup.parse("<a></a>", base);
        Element a = doc.selectFirst("a");
        a.attr("href", href);
        String abs = a.absUrl("href");
        return abs.isEmpty() ? Optional.empty() : RULES.normalize(abs);
    }

    private static Optional<String> resolved(LinkResolver r, String base, String href) {
        String abs = LinkResolver.absolute(base, href);
        return abs.isEmpty() ? Optional.empty() : r.normalize(abs);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "http://example.com/a/b.html | /c/d.html",
            "http://example.com/a/b.html | /c/../d.html",
            "http://example.com/a/b.html | /c/./d.html?x=1&a=2#frag",
            "http://example.com/a/b.html | /%7Euser/",
            "http://example.com/a/b.html | /caf\u00e9/men\u00fc",
            "http://example.com/a/b.html | /a//b",
            "http://example.com/a/b.html | //other.example/x",
            "http://example.com/a/b.html | c.html",
            "http://example.com/a/b.html | ../c.html",
            "http://example.com/a/b.html | ?page=2",
            "http://example.com/a/b.html | #top",
            "http://example.com/a/b.html | ''",
            "http://example.com/a/b.html | ' /padded '",
            "http://example.com/a/b.html | '/tab\there'",
            "http://example.com/a/b.html | /back\\slash",
            "http://example.com/a/b.html | HTTP://EXAMPLE.COM:80/Up",
            "http://example.com/a/b.html | https://example.com:443/x?b=1&a=2",
            "http://example.com/a/b.html | http://example.com",
            "http://example.com/a/b.html | http://[2606:4700::1111]/v6",
            "http://example.com/a/b.html | mailto:someone@example.com",
            "http://example.com/a/b.html | javascript:alert(1)",
            "http://example.com/a/b.html | http://bad host/",
            "http://example.com/a/b.html | http:/one-slash",
            "https://Example.COM:8443/dir/ | /x",
            "https://example.com?q=1 | /x",
            "https://user:pw@example.com/dir/ | /x",
            "http://example.com/a/b.html | /x?utm_source=a&id=3",
            "http://example.com/a/b.html | /\u4e2d\u6587.html",
    })
    void shortcutsAgreeWithJsoup(String base, String href) {
        LinkResolver r = new LinkResolver(RULES, 100);
        assertEquals(reference(base, href), resolved(r, base, href), base + " + " + href);
        assertEquals(reference(base, href), resolved(r, base, href), "remembered: " + base + " + " + href);
    }

    @Test
    void everyLinkOfTheRealBlogResolvesAsJsoupResolvesIt() throws Exception {
        Path site = SharedData.blog();
        List<Path> pages = SharedData.blogPages(300);
        assertFalse(pages.isEmpty());
        LinkResolver r = new LinkResolver(RULES, 1_000);
        int links = 0;
        List<String> differing = new ArrayList<>();
        for (Path p : pages) {
            String base = "https://dustinpfister.github.io/" + site.relativize(p).toString().replace('\\', '/');
            Document doc = Jsoup.parse(new String(Files.readAllBytes(p), StandardCharsets.UTF_8), base);
            for (Element a : doc.select("a[href]")) {
                links++;
                String href = a.attr("href");
                if (!reference(doc.baseUri(), href).equals(resolved(r, doc.baseUri(), href))) {
                    differing.add(base + " + " + href);
                }
            }
        }
        assertTrue(links > 1_000, "links checked: " + links);
        assertEquals(List.of(), differing);
    }

    @Test
    void memoryIsBoundedAndLongUrlsAreNotRemembered() {
        LinkResolver r = new LinkResolver(RULES, 10);
        for (int i = 0; i < 25; i++) {
            assertTrue(r.normalize("http://example.com/p" + i).isPresent());
            assertTrue(r.remembered() <= 10);
        }
        String longUrl = "http://example.com/" + "x".repeat(LinkResolver.MAX_REMEMBERED);
        int before = r.remembered();
        assertTrue(r.normalize(longUrl).isPresent());
        assertEquals(before, r.remembered());
        String growing = "http://example.com/" + "\u00e9".repeat(200);   // 219 characters, normalised to over 1,200
        assertTrue(r.normalize(growing).orElseThrow().length() > LinkResolver.MAX_REMEMBERED);
        assertEquals(before, r.remembered(), "an outcome longer than the limit is not remembered either");
        String tooLong = "http://example.com/" + "%".repeat(UrlNormalizer.MAX_LENGTH);
        assertTrue(r.normalize(tooLong).isEmpty());
        assertTrue(r.tooLong(tooLong));
        assertFalse(r.tooLong("http://example.com/fine"));
    }

    @Test
    void theSitesRulesApply() {
        LinkResolver r = new LinkResolver(new UrlRules(UrlRules.QueryOrder.KEEP, List.of("utm_*", "sid")), 100);
        assertEquals(Optional.of("http://example.com/x?b=2&a=1"), r.normalize("http://example.com/x?b=2&utm_source=z&a=1&sid=9"));
    }
}
