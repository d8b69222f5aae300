package io.trawler.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
}
