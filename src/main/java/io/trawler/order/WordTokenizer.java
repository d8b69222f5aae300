package io.trawler.order;

import java.io.IOException;
import java.io.Reader;
import org.apache.lucene.analysis.CharArrayMap;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

/**
 * The terms {@link TextAnalysis} makes — Lucene's {@link StandardTokenizer} (Unicode word breaks), width folding, lower
 * case, CJK bigrams, stop words out, Porter stems — made in one pass where the text allows: a stretch between ASCII white
 * space that is all ASCII is split by the word-break rules as they apply to ASCII (letters and digits join, {@code _}
 * joins them, {@code . ' :} join letters, {@code . ' , ;} join digits) and lower-cased right here, and each word's term
 * (its stem, or none for a stop word) is remembered, so a word met again costs one lookup; any other stretch (CJK,
 * accented letters, curly quotes, a stretch longer than the standard tokenizer's 255-character words) goes through the
 * chain itself. The terms, positions and offsets are the chain's: white space ends every word and CJK bigrams never span
 * it, so the stretches are independent — but for one quirk of the standard tokenizer: a text whose very last character
 * is an unpaired high surrogate gives no term at all from it (it drops the chunk it read last), and from this tokenizer
 * the terms before the stretch holding that character. The chain costs about a hundred nanoseconds a word, most of it in the scanner, six
 * filters' calls and the stemmer; English text is nearly all ASCII stretches of words met before.
 * {@code WordTokenizerTest} checks the equivalence on real pages and random text.
 */
final class WordTokenizer extends Tokenizer {

    /** The standard tokenizer's longest token: a stretch longer than this goes to the chain, which splits such words. */
    static final int MAX_WORD = org.apache.lucene.analysis.standard.StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH;
    private static final String ALPHANUM = StandardTokenizer.TOKEN_TYPES[StandardTokenizer.ALPHANUM];
    private static final String NUM = StandardTokenizer.TOKEN_TYPES[StandardTokenizer.NUM];

    /** ASCII character classes of the word-break rules (UAX #29). */
    private static final byte OTHER = 0;
    private static final byte LETTER = 1;
    private static final byte DIGIT = 2;
    /** {@code _}: joins letters, digits and itself (ExtendNumLet). */
    private static final byte JOIN = 3;
    /** {@code :}: between two letters (MidLetter). */
    private static final byte MID_LETTER = 4;
    /** {@code . '}: between two letters or two digits (MidNumLet, Single_Quote). */
    private static final byte MID_BOTH = 5;
    /** {@code , ;}: between two digits (MidNum). */
    private static final byte MID_DIGIT = 6;
    private static final byte[] CLASS = new byte[128];

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            CLASS[c] = LETTER;
            CLASS[c - 32] = LETTER;
        }
        for (char c = '0'; c <= '9'; c++) {
            CLASS[c] = DIGIT;
        }
        CLASS['_'] = JOIN;
        CLASS[':'] = MID_LETTER;
        CLASS['.'] = MID_BOTH;
        CLASS['\''] = MID_BOTH;
        CLASS[','] = MID_DIGIT;
        CLASS[';'] = MID_DIGIT;
    }

    /** Words remembered with their terms, at most (then forgotten all at once): about 100 bytes each. */
    static final int REMEMBERED = 4_096;
    /** Longer words are not remembered (rare, and seldom met again). */
    static final int REMEMBERED_CHARS = 32;
    /** Characters of text kept for the next document (a longer text's buffer is let go when the stream closes). */
    static final int KEPT_CHARS = 16_384;
    /** The term of a stop word: none. */
    private static final char[] STOP = new char[0];

    private final CharArraySet stopWords = TextAnalysis.STOP_WORDS;
    /** ASCII words met (lower case) and their terms: the Porter stem, or {@link #STOP}. */
    private final CharArrayMap<char[]> terms = new CharArrayMap<>(64, false);
    /** Lucene's Porter stemmer (through its filter: the stemmer itself is not public) for a word met the first time. */
    private final OneWord word = new OneWord();
    private final TokenStream stemmer = new PorterStemFilter(word);
    private char[] lower = new char[64];
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private final PositionIncrementAttribute increment = addAttribute(PositionIncrementAttribute.class);
    private final PositionLengthAttribute length = addAttribute(PositionLengthAttribute.class);
    private final TypeAttribute type = addAttribute(TypeAttribute.class);

    /** The whole input (a page's text is at most {@link TextAnalysis#MAX_CHARS} characters for focused crawling). */
    private char[] text = new char[4096];
    private int size;
    /** Where scanning goes on, and the end of the ASCII stretch being split here (0: none). */
    private int at;
    private int asciiEnd;
    /** Positions of stop words dropped since the last term: the next term's increment. */
    private int skipped;

    /** The chain, for the stretches this class does not split itself. */
    private final Stretch stretch = new Stretch();
    private final StandardTokenizer source = new StandardTokenizer();
    private final TokenStream chain;
    private final CharTermAttribute chainTerm;
    private final OffsetAttribute chainOffset;
    private final PositionIncrementAttribute chainIncrement;
    private final PositionLengthAttribute chainLength;
    private final TypeAttribute chainType;
    /** The start of the stretch the chain is reading (-1: none). */
    private int chainAt = -1;

    WordTokenizer() {
        this.chain = TextAnalysis.normalise(source);
        this.chainTerm = chain.getAttribute(CharTermAttribute.class);
        this.chainOffset = chain.getAttribute(OffsetAttribute.class);
        this.chainIncrement = chain.getAttribute(PositionIncrementAttribute.class);
        this.chainLength = chain.getAttribute(PositionLengthAttribute.class);
        this.chainType = chain.getAttribute(TypeAttribute.class);
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        size = 0;
        while (true) {
            if (size == text.length) {
                text = java.util.Arrays.copyOf(text, 2 * text.length);
            }
            int n = input.read(text, size, text.length - size);
            if (n < 0) {
                break;
            }
            size += n;
        }
        at = 0;
        asciiEnd = 0;
        skipped = 0;
        chainAt = -1;
    }

    @Override
    public boolean incrementToken() throws IOException {
        clearAttributes();
        while (true) {
            if (chainAt >= 0) {
                if (chain.incrementToken()) {
                    term.copyBuffer(chainTerm.buffer(), 0, chainTerm.length());
                    offset.setOffset(correctOffset(chainAt + chainOffset.startOffset()), correctOffset(chainAt + chainOffset.endOffset()));
                    increment.setPositionIncrement(chainIncrement.getPositionIncrement() + skipped);
                    length.setPositionLength(chainLength.getPositionLength());
                    type.setType(chainType.type());
                    skipped = 0;
                    return true;
                }
                chain.end();
                skipped += chainIncrement.getPositionIncrement();   // stop words at the stretch's end
                chain.close();
                chainAt = -1;
            }
            if (at < asciiEnd) {
                if (asciiWord()) {
                    return true;
                }
                continue;
            }
            // the next stretch between white space: split here when it is all ASCII and short enough, else by the chain
            while (at < size && space(text[at])) {
                at++;
            }
            if (at == size) {
                return false;
            }
            int end = at;
            boolean ascii = true;
            while (end < size && !space(text[end])) {
                ascii &= text[end] < 128;
                end++;
            }
            if (ascii && end - at <= MAX_WORD) {
                asciiEnd = end;
            } else {
                // a stretch ending in a high surrogate is read with the space after it: the standard tokenizer drops
                // what it read last when its input ends in one, which the whole text's tokenizer did not do there
                stretch.of(text, at, end < size && Character.isHighSurrogate(text[end - 1]) ? end + 1 : end);
                source.setReader(stretch);
                chain.reset();
                chainAt = at;
                at = end;
            }
        }
    }

    /**
     * The next word of the ASCII stretch ending at {@link #asciiEnd}, if it has one more that is not a stop word (a word
     * needs a letter or a digit: a run of {@code _} alone is none).
     */
    private boolean asciiWord() {
        char[] t = text;
        int end = asciiEnd;
        while (at < end) {
            // skip to a character that can start a word
            while (at < end && !(CLASS[t[at]] >= LETTER && CLASS[t[at]] <= JOIN)) {
                at++;
            }
            if (at == end) {
                return false;
            }
            int start = at;
            boolean word = false;
            boolean letters = false;
            int i = at;
            while (i < end) {
                byte c = CLASS[t[i]];
                if (c == LETTER) {
                    word = true;
                    letters = true;
                } else if (c == DIGIT) {
                    word = true;
                } else if (c == JOIN) {
                    // joins whatever is on either side
                } else if (c >= MID_LETTER && i + 1 < end && i > start) {
                    byte before = CLASS[t[i - 1]];
                    byte after = CLASS[t[i + 1]];
                    boolean joins = before == after && (before == LETTER && c != MID_DIGIT || before == DIGIT && c != MID_LETTER);
                    if (!joins) {
                        break;
                    }
                } else {
                    break;
                }
                i++;
            }
            at = i;
            if (!word) {
                continue;   // underscores alone
            }
            int n = i - start;
            if (lower.length < n) {
                lower = new char[Math.max(n, 2 * lower.length)];
            }
            char[] buf = lower;
            for (int k = 0; k < n; k++) {
                char c = t[start + k];
                buf[k] = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
            }
            char[] stem = terms.get(buf, 0, n);
            if (stem == null) {
                stem = termOf(buf, n);
            }
            if (stem == STOP) {
                skipped++;
                continue;
            }
            term.copyBuffer(stem, 0, stem.length);
            offset.setOffset(correctOffset(start), correctOffset(i));
            increment.setPositionIncrement(1 + skipped);
            type.setType(letters ? ALPHANUM : NUM);
            skipped = 0;
            return true;
        }
        return false;
    }

    /** The term of a lower-case word met the first time (its stem, or {@link #STOP}), remembered. */
    private char[] termOf(char[] w, int n) {
        char[] out;
        if (stopWords.contains(w, 0, n)) {
            out = STOP;
        } else {
            try {
                word.of(w, n);
                stemmer.reset();
                stemmer.incrementToken();
                out = java.util.Arrays.copyOf(word.term.buffer(), word.term.length());
                stemmer.end();
                stemmer.close();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);   // a stream over one word in memory reads nothing else
            }
        }
        if (n <= REMEMBERED_CHARS) {
            if (terms.size() >= REMEMBERED) {
                terms.clear();
            }
            terms.put(java.util.Arrays.copyOf(w, n), out);
        }
        return out;
    }

    /** ASCII white space: a word break that no rule joins across. */
    private static boolean space(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0x0B;
    }

    @Override
    public void end() throws IOException {
        super.end();
        int last = correctOffset(size);
        offset.setOffset(last, last);
        increment.setPositionIncrement(skipped);
    }

    @Override
    public void close() throws IOException {
        if (text.length > KEPT_CHARS) {
            text = new char[4096];   // a long text's buffer is not kept by the thread
        }
        if (chainAt >= 0) {
            chain.end();
            chain.close();
            chainAt = -1;
        }
        super.close();
    }

    /** One word, as a stream for the stemmer. */
    private static final class OneWord extends TokenStream {
        final CharTermAttribute term = addAttribute(CharTermAttribute.class);
        private boolean given;

        void of(char[] w, int n) {
            term.copyBuffer(w, 0, n);
            given = true;
        }

        @Override
        public boolean incrementToken() {
            boolean once = given;
            given = false;
            return once;
        }
    }

    /** A stretch of the text, read by the chain. */
    private static final class Stretch extends Reader {
        private char[] chars;
        private int pos;
        private int end;

        void of(char[] chars, int from, int to) {
            this.chars = chars;
            this.pos = from;
            this.end = to;
        }

        @Override
        public int read(char[] cbuf, int off, int len) {
            if (pos >= end) {
                return -1;
            }
            int n = Math.min(len, end - pos);
            System.arraycopy(chars, pos, cbuf, off, n);
            pos += n;
            return n;
        }

        @Override
        public void close() {
        }
    }
}
