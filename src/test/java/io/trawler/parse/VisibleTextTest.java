package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsupport.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** VisibleText gives what jsoup's Element.text() gives, on crafted edge cases and on every page of the real sites. */
class VisibleTextTest {

    /** Every element's text, against jsoup's. */
    private static void assertSameAsJsoup(Document doc, String where) {
        for (Element e : doc.getAllElements()) {
            assertEquals(e.text(), VisibleText.of(e), () -> where + ": <" + e.normalName() + "> at " + e.cssSelector());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "   ",
        "<p>  Hello   <b>there</b>  now! </p>",
        "<p>One</p>Two<div>Three</div><span>Four</span><div>Five</div>six",
        "a\u00a0\u00a0b \u200b c\u00add e\u200b\u200b \t\n\r\f f",
        "\u200b \u00a0lead and trail\u00a0 \u200b",
        "<pre>  keep   this\n  as it is  </pre> after <textarea> and  this </textarea>",
        "<pre><b>  nested   </b><i><u><s><em><code> six deep  </code></em></s></u></i></pre>",
        "line<br>break<br><br>twice",
        "<table><tr><td>a</td><td>b</td></tr><tr><th> c </th><td></td><td>d</td></tr></table>",
        "<ul><li>x<li>y</ul><span>inline</span><span>next</span>",
        "<svg><![CDATA[ raw   cdata ]]></svg><math><![CDATA[  x ]]></math>",
        "emoji \ud83d\ude00 and a lone \ud83d surrogate \ude00 here",
        "<span> inline </span> <b>bold</b><div> <span>in block</span> </div>\u3000ideographic space\u3000",
        "<p>para</p><!-- comment --><script>var x = 1;</script><style>p{}</style>text",
        "<a>link<div>block in inline</div>after</a>tail",
    })
    void crafted(String body) {
        Document doc = Jsoup.parse("<html><head><title> T  itle </title></head><body>" + body + "</body></html>");
        assertSameAsJsoup(doc, body);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", " \t\n\r\f\u0000\u0001 ", "a", " a ", "\u0000a b\u001f", "\u00a0x\u00a0", "  \u00e9t\u00e9 \u4e2d\u6587  ",
        "\ud83d\ude00 ", " \u3000wide\u3000 "})
    void trimmedIsStringTrim(String text) {
        StringBuilder b = new StringBuilder(text);
        assertEquals(text.trim(), VisibleText.trimmed(b));
    }

    @Test
    void aThreadsBuilderIsReusedAcrossPagesOfEveryKind() {
        // one thread, pages one after the other: Latin-1, then CJK (the builder holds UTF-16 from then on), then Latin-1,
        // then one past the kept size (a new builder after it)
        String big = "<p>" + "word ".repeat(80_000) + "</p>";
        for (String body : new String[] {"<p>plain text</p>", "<p>\u4e2d\u6587 text</p>", "<p>plain again</p>", big, "<p>after</p>"}) {
            Document doc = Jsoup.parse("<html><body>" + body + "</body></html>");
            assertEquals(doc.body().text(), VisibleText.of(doc.body()));
        }
    }

    @Test
    void everyPageOfTheRealBlog() throws IOException {
        List<Path> pages = SharedData.blogPages(Integer.MAX_VALUE);
        assertTrue(pages.size() > 500, "the blog has its pages: " + pages.size());
        for (Path p : pages) {
            assertSameAsJsoup(Jsoup.parse(Files.readString(p, StandardCharsets.UTF_8)), p.toString());
        }
    }

    @Test
    void everyArticleOfTheBbcCorpus() throws IOException {
        Path root = SharedData.bbcCorpus();
        List<Path> files;
        try (Stream<Path> all = Files.walk(root)) {
            files = all.filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(files.size() > 500, "the corpus has its articles: " + files.size());
        for (Path f : files) {
            // the corpus is plain text: as a page's body, with its paragraphs and runs of blank lines
            String text = Files.readString(f, StandardCharsets.ISO_8859_1);
            assertSameAsJsoup(Jsoup.parse("<body><article><p>" + text.replace("\n\n", "</p><p>") + "</p></article></body>"), f.toString());
        }
    }

    @Test
    void everyHtmlResponseOfTheRealWarcFiles() throws IOException {
        int pages = 0;
        try (Stream<Path> all = Files.list(SharedData.path("warc"))) {
            for (Path f : all.filter(p -> p.toString().matches(".*\\.warc(\\.gz)?")).sorted().toList()) {
                try (org.netpreserve.jwarc.WarcReader reader = new org.netpreserve.jwarc.WarcReader(f)) {
                    for (org.netpreserve.jwarc.WarcRecord r : reader) {
                        if (r instanceof org.netpreserve.jwarc.WarcResponse res && res.contentType().base().equals(org.netpreserve.jwarc.MediaType.HTTP)) {
                            var http = res.http();
                            if (http.contentType().toString().contains("html")) {
                                byte[] body = http.body().stream().readAllBytes();
                                assertSameAsJsoup(Jsoup.parse(new String(body, StandardCharsets.UTF_8), res.target() == null ? "" : res.target()), f.getFileName() + " " + res.target());
                                pages++;
                            }
                        }
                    }
                } catch (IOException broken) {
                    // a fixture made to be broken (the reader's own tests): the pages before it were compared
                }
            }
        }
        assertTrue(pages >= 10, "HTML responses found in the WARC files: " + pages);
    }
}
