package io.trawler.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The matched passage of a text: the best sentence, the query's words marked as they appear (stems, case, CJK). */
class PassagesTest {

    private static final String TEXT = "Trawler crawls sites. It keeps them fresh with update policies. "
            + "Crawling a big site is split across nodes, and each node keeps its politeness delay. "
            + "中文网页的抓取也支持。The end.";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // query | the words marked, as they appear in the text (stems, case, a phrase as one, CJK bigrams merged)
            "policies | policies",
            "node politeness | nodes,node,politeness",
            "\"update policies\" | update policies",
            "FRESH | fresh",
            "crawl | crawls,Crawling",
            "抓取 | 抓取",
    })
    void marksTheQueryWords(String query, String words) throws Exception {
        List<Passages.Part> parts = Passages.best(CrawlIndex.parse(query), TEXT);
        List<String> marked = parts.stream().filter(Passages.Part::match).map(Passages.Part::text).toList();
        assertEquals(List.of(words.split(",")), marked, parts.toString());
        String plain = Passages.plain(parts).replace("… ", "").replace(" …", "");
        assertTrue(TEXT.contains(plain), "a passage of the text: " + plain);
    }

    @Test
    void noMatchInTheTextGivesNoPassage() throws Exception {
        assertEquals(List.of(), Passages.best(CrawlIndex.parse("zzqqxx"), TEXT));
        assertEquals(List.of(), Passages.best(CrawlIndex.parse("policies"), ""));
    }

    @Test
    void aLongTextShowsAWindowAroundTheMatch() throws Exception {
        String filler = "word ".repeat(2000);
        String text = filler + "the needle sits here " + filler;
        List<Passages.Part> parts = Passages.best(CrawlIndex.parse("needle"), text);
        String plain = Passages.plain(parts);
        assertTrue(plain.length() <= Passages.MAX + 4, plain.length() + ": " + plain);
        assertTrue(plain.startsWith("… ") && plain.endsWith(" …"), plain);
        assertTrue(parts.stream().anyMatch(p -> p.match() && p.text().equals("needle")), parts.toString());
    }

    @Test
    void crawledMarkupStaysText() throws Exception {
        String text = "A page about <script>alert(1)</script> and policies.";
        String plain = Passages.plain(Passages.best(CrawlIndex.parse("policies"), text));
        assertTrue(plain.contains("<script>"), "the text is kept as text (the template escapes it): " + plain);
    }
}
