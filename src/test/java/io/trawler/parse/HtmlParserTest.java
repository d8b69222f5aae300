package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HtmlParserTest {

    @Test
    void linksFromEveryElementResolvedAgainstBaseHref() {
        String html = """
                <html><head><base href="http://b.test/dir/"><link rel="canonical" href="/canon.html"></head><body>
                <a href="a.html">a</a> <a href="../up.html" rel="nofollow">up</a>
                <map><area href="area.html"></map><iframe src="frame/i.html"></iframe><frameset><frame src="f.html"></frameset>
                <a href="#top">same page</a> <a>no href</a></body></html>""";
        HtmlParser.ParsedPage p = HtmlParser.parse(html, "http://a.test/x/page.html", 100);
        assertEquals(Optional.of("http://b.test/canon.html"), p.canonical());
        assertTrue(p.followable().containsAll(List.of("http://b.test/dir/a.html", "http://b.test/dir/area.html",
                "http://b.test/dir/frame/i.html", "http://b.test/canon.html")), p.followable().toString());
        assertFalse(p.followable().contains("http://b.test/up.html"), "rel=nofollow is not followed");
        assertFalse(p.noindex());
    }

    @Test
    void metaRobots() {
        HtmlParser.ParsedPage none = HtmlParser.parse("<meta name=robots content='NONE'><a href=/x>x</a>", "http://a.test/", 100);
        assertTrue(none.noindex());
        assertTrue(none.nofollow());
        assertEquals(List.of(), none.followable());
        HtmlParser.ParsedPage noindex = HtmlParser.parse("<meta name=ROBOTS content='noindex, follow'><a href=/x>x</a>", "http://a.test/", 100);
        assertTrue(noindex.noindex());
        assertEquals(List.of("http://a.test/x"), noindex.followable());
    }

    @Test
    void linkCap() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            s.append("<a href=/p").append(i).append(">p</a>");
        }
        assertEquals(10, HtmlParser.parse(s.toString(), "http://a.test/", 10).links().size());
    }

    /** A page is parsed up to the cap: what is before it is found, what is after it is not, and a pair is never split. */
    @Test
    void onlyTheFirstCharactersOfAHugePageAreParsed() {
        StringBuilder s = new StringBuilder("<html><body><a href=/first>first</a>");
        while (s.length() < 3_000_000) {
            s.append("<p>filler filler filler</p>");
        }
        s.append("<a href=/last>last</a></body></html>");
        String cut = HtmlParser.parseable(s.toString(), HtmlParser.DEFAULT_MAX_PARSED_CHARS);
        assertEquals(HtmlParser.DEFAULT_MAX_PARSED_CHARS, cut.length());
        List<String> links = HtmlParser.parse(cut, "http://a.test/", 10).links().stream().map(HtmlParser.Link::url).toList();
        assertEquals(List.of("http://a.test/first"), links);
        String small = "<a href=/x>x</a>";
        assertTrue(small == HtmlParser.parseable(small, 1024), "a page under the cap is parsed as it is, not copied");
        assertEquals("ab", HtmlParser.parseable("ab\uD83D\uDE00c", 3), "a surrogate pair at the cap is left out whole");
        assertEquals("ab\uD83D\uDE00", HtmlParser.parseable("ab\uD83D\uDE00c", 4));
    }

    /**
     * The title and main text the worker extracts while parsing a page for its links (stored for search beside the page)
     * are those the page view and the indexer's fallback extract from the stored page: on every page of the real blog,
     * focused (with the visible text) or not.
     */
    @Test
    void theWorkersTextIsTheReadableTextOnEveryPageOfTheRealBlog() throws Exception {
        java.nio.file.Path root = io.trawler.testsupport.SharedData.blog();
        List<java.nio.file.Path> pages = io.trawler.testsupport.SharedData.blogPages(Integer.MAX_VALUE);
        assertTrue(pages.size() > 2_000, "the blog's pages: " + pages.size());
        int withText = 0;
        int i = 0;
        for (java.nio.file.Path f : pages) {
            byte[] body = java.nio.file.Files.readAllBytes(f);
            String url = "https://dustinpfister.github.io/" + root.relativize(f).toString().replace('\\', '/');
            String html = CharsetDetector.decode(body, "text/html", HtmlParser.DEFAULT_MAX_PARSED_CHARS);
            HtmlParser.Readable readable = HtmlParser.readable(html, url);
            boolean focused = i++ % 2 == 0;
            HtmlParser.ParsedPage parsed = HtmlParser.parse(html, url, 5_000, focused);
            assertEquals(readable.title(), parsed.title(), url);
            assertEquals(readable.mainText(), parsed.mainText(), url);
            withText += parsed.mainText().isEmpty() ? 0 : 1;
        }
        // the posts have main text; the listings (archives, tags, categories, page/N: more than half the pages) are links only
        assertTrue(withText > pages.size() * 2 / 5, "pages with main text: " + withText + " of " + pages.size());
    }
}
