package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trawler.parse.HtmlParser;
import io.trawler.testsupport.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link TextAnalysis}'s one-pass tokenizer gives exactly the terms of Lucene's chain (standard tokenizer, width folding,
 * lower case, CJK bigrams, stop words, Porter stems): the same terms at the same positions and offsets, on real text in
 * English and Chinese and on random text made of the characters the word-break rules treat apart.
 */
class WordTokenizerTest {

    /** The chain as TextAnalysis built it before: the reference. */
    private static final Analyzer CHAIN = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String field) {
            Tokenizer source = new StandardTokenizer();
            return new TokenStreamComponents(source, TextAnalysis.normalise(source));
        }
    };

    @ParameterizedTest
    @ValueSource(strings = {
        "", " ", "The quick brown fox jumps over the lazy dog.", "can't won't O'Neil rock'n'roll 'quoted'",
        "3.14 1,000,000.50 1;2 1:2 a:b a.b.c a..b a.1 1.a a'1 1'2 x,y", "__ _a a_ _1_ a_1_b __init__ ___ a_.b 1_.2 a._b",
        "U.S.A. e.g. i.e. v1.2.3 foo.bar() http://example.com/a_b?c=d&e=f#g user@example.com",
        "THE And OF to IN is it's", "Ｆｕｌｌｗｉｄｔｈ ＡＢＣ１２３ ｶﾀｶﾅ", "café naïve résumé — “quoted” it’s",
        "中文分词 搜索引擎 的 网页", "中a文 a中 1中 中1 中。文", "日本語のテキスト カタカナ ひらがな 한국어 텍스트",
        "emoji 😀 👍🏽 ❤️ family 👨‍👩‍👧", "tab\tnew\nline\r\nform\fvt\u000Bend", "a\u00A0b nbsp\u2009thin",
        "combining e\u0301 \u0301x zero\u200Bwidth soft\u00ADhyphen", "ไทย ภาษา ລາວ ဗမာ"
    ,
        "x\uD83D y", "\uDE00 lone low \uDE00x", "mid\uD83D\uD83Dword two"
    })
    void sameTermsAsTheChain(String text) throws IOException {
        assertEquals(tokens(CHAIN, text), tokens(TextAnalysis.analyzer(), text));
    }

    @Test
    void aWordLongerThanTheStandardTokenizersLimitIsSplitAsItSplitsIt() throws IOException {
        for (int n : new int[] {254, 255, 256, 300, 600}) {
            String text = "lead " + "x".repeat(n) + " tail " + "y1".repeat(n) + ". " + "a_".repeat(n / 2) + "b";
            assertEquals(tokens(CHAIN, text), tokens(TextAnalysis.analyzer(), text), "a word of " + n);
        }
    }

    @Test
    void aTextEndingInAnUnpairedHighSurrogateKeepsTheTermsBeforeIt() throws IOException {
        // the standard tokenizer drops the chunk it read last when its input ends in a high surrogate: here, everything
        assertEquals(List.of("end 0 +0"), tokens(CHAIN, "click here \uD83D"));
        assertEquals(List.of("click@0[0,5)x1", "here@1[6,10)x1", "end 12 +0"), tokens(TextAnalysis.analyzer(), "click here \uD83D"));
    }

    @Test
    void randomText() throws IOException {
        // the characters the word-break rules treat apart, and some of every other kind, unpaired surrogates too (but
        // not as a text's last character: there the standard tokenizer drops the chunk it read last, see WordTokenizer)
        int[] alphabet = ("aAzZeE09__::..'',,;;\"\"--//  \t\n\r!?()[]@#$%&*+=<>|~^`{}\\"
                + "éÉß’‘“”—–…·\u00A0\u2009\u200B\u00AD\u0301中文网页搜索日本カタカナひら한국ไทยＡａ１😀\uD83Dx\uDE00\uDBFF").codePoints().toArray();
        String[] words = {"the", "and", "of", "it's", "running", "runs", "3.5", "a.b", "U.S."};
        Random random = new Random(39);
        for (int i = 0; i < 50_000; i++) {
            StringBuilder s = new StringBuilder();
            int n = random.nextInt(40);
            for (int k = 0; k < n; k++) {
                if (random.nextInt(6) == 0) {
                    s.append(words[random.nextInt(words.length)]);
                } else {
                    s.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
                }
            }
            if (s.length() > 0 && Character.isHighSurrogate(s.charAt(s.length() - 1))) {
                s.append('x');
            }
            String text = s.toString();
            assertEquals(tokens(CHAIN, text), tokens(TextAnalysis.analyzer(), text), () -> "text: " + escape(text));
        }
    }

    @Test
    void realPagesInEnglishAndChinese() throws IOException {
        List<String> texts = new ArrayList<>();
        for (Path page : SharedData.blogPages(400)) {
            HtmlParser.Readable r = HtmlParser.readable(Files.readString(page, StandardCharsets.UTF_8), "https://dustinpfister.github.io/");
            texts.add(r.title() + "\n" + r.mainText());
        }
        try (Stream<Path> files = Files.walk(SharedData.bbcCorpus())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().limit(400).toList()) {
                texts.add(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        try (Stream<Path> seeds = Files.list(Path.of("..", "shared", "seeds"))) {
            for (Path f : seeds.sorted().toList()) {
                texts.add(Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        long terms = 0;
        for (String text : texts) {
            List<String> expected = tokens(CHAIN, text);
            assertEquals(expected, tokens(TextAnalysis.analyzer(), text));
            terms += expected.size();
        }
        assertEquals(true, terms > 100_000, "real text analysed: " + terms + " terms");
    }

    /** Each term with its position, offsets and position length, and the stream's final offset and increment. */
    static List<String> tokens(Analyzer a, String text) throws IOException {
        List<String> out = new ArrayList<>();
        try (TokenStream ts = a.tokenStream("text", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
            PositionLengthAttribute len = ts.addAttribute(PositionLengthAttribute.class);
            ts.reset();
            int position = -1;
            while (ts.incrementToken()) {
                position += inc.getPositionIncrement();
                out.add(term + "@" + position + "[" + offset.startOffset() + "," + offset.endOffset() + ")x" + len.getPositionLength());
            }
            ts.end();
            out.add("end " + offset.endOffset() + " +" + inc.getPositionIncrement());
        }
        return out;
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        s.chars().forEach(c -> b.append(c < 128 && c >= 32 ? String.valueOf((char) c) : String.format("\\u%04X", c)));
        return b.toString();
    }
}
