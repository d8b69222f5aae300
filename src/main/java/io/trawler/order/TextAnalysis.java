package io.trawler.order;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Terms of a text, English and Chinese alike, with Lucene: the Unicode word-break tokenizer, full/half
 * width folding, lower case, CJK characters as overlapping bigrams (the standard way to index Chinese
 * without a dictionary), English stop words removed and Porter stems. Thread-safe. The terms are made in one
 * pass for the ASCII stretches of a text, each word's stem remembered ({@link WordTokenizer}: the same terms, in
 * a third to two thirds of the time), and by Lucene's chain of filters for the rest.
 */
public final class TextAnalysis {

    /** Text beyond this many characters is not analysed (a page's first 64 KB of text decide its topic). */
    public static final int MAX_CHARS = 65_536;

    /** The words left out: Lucene's English stop words. */
    static final CharArraySet STOP_WORDS = EnglishAnalyzer.ENGLISH_STOP_WORDS_SET;

    private static final Analyzer ANALYZER = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String field) {
            Tokenizer source = new WordTokenizer();
            return new TokenStreamComponents(source);
        }
    };

    private TextAnalysis() {
    }

    /** What follows the tokenizer: width folding, lower case, CJK bigrams, English stop words out, Porter stems. */
    public static TokenStream normalise(TokenStream tokens) {
        TokenStream s = new CJKWidthFilter(tokens);
        s = new LowerCaseFilter(s);
        s = new CJKBigramFilter(s);
        s = new StopFilter(s, STOP_WORDS);
        return new PorterStemFilter(s);
    }

    /** The analyzer itself (for a Lucene index of page texts: search finds what focused crawling scores). */
    public static Analyzer analyzer() {
        return ANALYZER;
    }

    /** Term → occurrences. */
    public static Map<String, Integer> termCounts(String text) {
        Map<String, Integer> counts = new HashMap<>();
        // cut before MAX_CHARS, not inside a surrogate pair
        String t = text.length() <= MAX_CHARS ? text
                : text.substring(0, Character.isHighSurrogate(text.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS);
        try (TokenStream ts = ANALYZER.tokenStream("text", t)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                counts.merge(term.toString(), 1, Integer::sum);
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return counts;
    }
}
