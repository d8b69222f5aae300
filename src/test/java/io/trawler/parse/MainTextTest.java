package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.trawler.testsupport.SharedData;
import org.jsoup.Jsoup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MainTextTest {

    private static String main(String html) {
        return MainText.of(Jsoup.parse(html));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "footer with a clock|<body><main>Story text</main><footer>12:01:33</footer></body>|Story text",
        "nav and scripts|<body><nav>Home News</nav><script>var t=1</script><p>Story text</p></body>|Story text",
        "ad and sidebar blocks by class|<body><div class='ad-slot'>Buy!</div><div id='sidebar'>Links</div><p>Story text</p></body>|Story text",
        "article when no main|<body><div class='top'>x</div><article>Story text</article></body>|Story text",
        "comments by id|<body><article>Story text<div id='comments'>first!</div></article></body>|Story text",
        "whole body otherwise|<body><p>Story</p> <p>text</p></body>|Story text"
    })
    void mainTextLeavesBoilerplateOut(String name, String html, String expected) {
        assertEquals(expected, main(html));
    }

    /** The selector passes MainText made before its one-walk filter: the reference the walk must agree with. */
    private static String bySelectors(org.jsoup.nodes.Document doc) {
        doc.select("script, style, noscript, template, nav, header, footer, aside, form, iframe, "
                + "[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [aria-hidden=true]").remove();
        java.util.regex.Pattern names = java.util.regex.Pattern.compile(
                "(?i)(^|[-_\\s])(ads?|advert\\w*|banner|sponsor\\w*|promo\\w*|nav\\w*|menu|sidebar|footer|header|cookies?|share|social|"
                        + "related|comments?|breadcrumbs?|widget|timestamp|clock)([-_\\s]|$)");
        for (org.jsoup.nodes.Element e : doc.select("[class], [id]")) {
            if (e.parent() != null && (names.matcher(e.className()).find() || names.matcher(e.id()).find())) {
                e.remove();
            }
        }
        org.jsoup.nodes.Element main = doc.selectFirst("main");
        main = main != null ? main : doc.selectFirst("article");
        main = main != null ? main : doc.selectFirst("[role=main]");
        main = main != null ? main : doc.body();
        return main == null ? "" : main.text().strip();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "role main|<body><div>menu-less</div><div role='MAIN'>Story</div></body>",
        "role main padded|<body><div role=' main'>Story</div><p>rest</p></body>",
        "role navigation padded|<body><div role='navigation '>Links</div><p>Story</p></body>",
        "aria-hidden|<body><div aria-hidden='TRUE'>Hidden</div><div aria-hidden=' true'>Shown</div><p>Story</p></body>",
        "main inside boilerplate|<body><aside><main>Side</main></aside><article>Story</article></body>",
        "nested names|<body><div class='content'><div class='share-bar'>Share</div><p id='x_navy'>Navy</p><p>Story</p></div></body>",
        "second main|<body><main>One</main><main>Two</main></body>"
    })
    void oneWalkAgreesWithTheSelectors(String name, String html) {
        assertEquals(bySelectors(Jsoup.parse(html)), MainText.of(Jsoup.parse(html)));
    }

    @org.junit.jupiter.api.Test
    void oneWalkAgreesWithTheSelectorsOnTheRealBlog() throws Exception {
        for (java.nio.file.Path p : SharedData.blogPages(200)) {
            String html = java.nio.file.Files.readString(p);
            assertEquals(bySelectors(Jsoup.parse(html)), MainText.of(Jsoup.parse(html)), p.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "rotating ad|<body><div class='banner'>ad 1</div><main>Story</main></body>|<body><div class='banner'>ad 2</div><main>Story</main></body>|true",
        "new timestamp in header|<body><header>Mon</header><main>Story</main></body>|<body><header>Tue</header><main>Story</main></body>|true",
        "edited story|<body><main>Story one</main></body>|<body><main>Story two</main></body>|false"
    })
    void fingerprintChangesOnlyWithTheMainText(String name, String before, String after, boolean same) {
        long a = MainText.fingerprint(main(before));
        long b = MainText.fingerprint(main(after));
        if (same) {
            assertEquals(a, b);
        } else {
            assertNotEquals(a, b);
        }
    }

    /** The fingerprint is FNV-1a over the UTF-8 bytes, as String.getBytes gives them (lone surrogates become '?'). */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"", "plain ascii", "caf\u00e9 \u00a0\u00ff", "\u20ac \u4e2d\u6587 \uffff",
        "emoji \ud83d\ude00\ud83c\udf0d", "lone high \ud83d end", "lone low \ude00", "\ud83d", "\ude00\ud83d"})
    void fingerprintIsFnvOfTheUtf8Bytes(String text) {
        long bytes = MainText.fingerprint(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(bytes, MainText.fingerprint(text));
        assertEquals(MainText.fingerprint("Title \u00e9\n" + text), MainText.fingerprint("Title \u00e9", text));
    }

    @org.junit.jupiter.api.Test
    void fingerprintOfKnownValues() {
        // FNV-1a 64 test vectors: the fingerprints stored by earlier versions stay valid
        assertEquals(0xcbf29ce484222325L, MainText.fingerprint(""));
        assertEquals(0xaf63dc4c8601ec8cL, MainText.fingerprint("a"));
        assertEquals(0x85944171f73967e8L, MainText.fingerprint("foobar"));
    }
}
