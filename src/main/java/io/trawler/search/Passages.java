package io.trawler.search;

import io.trawler.order.TextAnalysis;
import java.io.IOException;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.uhighlight.LengthGoalBreakIterator;
import org.apache.lucene.search.uhighlight.Passage;
import org.apache.lucene.search.uhighlight.PassageFormatter;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;

/**
 * The passage of a page's text that best matches a query, with the matched words marked: Lucene's unified highlighter
 * on the text analysed again at search time (the index keeps no offsets or term vectors, so indexing costs nothing
 * more), passages of about {@value #GOAL} characters cut at sentence ends, the best scored. Thread-safe.
 */
public final class Passages {

    /** A piece of a passage: matched words ({@code match}) or the text between them. */
    public record Part(String text, boolean match) {
    }

    /** Length a passage aims at, in characters. */
    static final int GOAL = 200;
    /** Longest passage shown: a sentence longer than this is cut around its first match. */
    static final int MAX = 320;

    private static final UnifiedHighlighter HIGHLIGHTER = UnifiedHighlighter.builderWithoutSearcher(TextAnalysis.analyzer())
            .withBreakIterator(() -> LengthGoalBreakIterator.createClosestToLength(BreakIterator.getSentenceInstance(Locale.ROOT), GOAL, 0.5f))
            .withFormatter(new Parts())
            .withMaxLength(SearchIndexer.MAX_TEXT)
            .build();

    private Passages() {
    }

    /** The best passage of {@code text} for {@code query} (as {@link CrawlIndex#parse} builds it); empty when no word of it matches. */
    @SuppressWarnings("unchecked")
    public static List<Part> best(Query query, String text) throws IOException {
        if (query == null || text == null || text.isEmpty()) {
            return List.of();
        }
        Object found = HIGHLIGHTER.highlightWithoutSearcher(CrawlIndex.TEXT, query, text, 1);
        return found instanceof List<?> parts ? (List<Part>) parts : List.of();
    }

    /** The passage's text without marks. */
    public static String plain(List<Part> parts) {
        StringBuilder b = new StringBuilder();
        parts.forEach(p -> b.append(p.text()));
        return b.toString();
    }

    /** Formats the best passage as parts; a passage without matches (the highlighter's fallback) as none. */
    private static final class Parts extends PassageFormatter {
        @Override
        public Object format(Passage[] passages, String content) {
            for (Passage p : passages) {
                if (p.getNumMatches() > 0) {
                    return parts(p, content);
                }
            }
            return List.of();
        }

        private static List<Part> parts(Passage p, String content) {
            int start = p.getStartOffset();
            int end = p.getEndOffset();
            int firstMatch = p.getMatchStarts()[0];
            if (end - start > MAX) {
                // a long sentence: a window around its first match, started at a word boundary
                start = Math.max(start, firstMatch - MAX / 3);
                while (start > p.getStartOffset() && start < firstMatch && !Character.isWhitespace(content.charAt(start - 1))) {
                    start++;
                }
                end = Math.min(end, start + MAX);
            }
            // matched spans, overlapping ones (CJK bigrams) merged
            List<int[]> spans = new ArrayList<>();
            for (int i = 0; i < p.getNumMatches(); i++) {
                int ms = Math.max(start, p.getMatchStarts()[i]);
                int me = Math.min(end, p.getMatchEnds()[i]);
                if (ms >= me) {
                    continue;
                }
                int[] last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
                if (last != null && ms <= last[1]) {
                    last[1] = Math.max(last[1], me);
                } else {
                    spans.add(new int[] {ms, me});
                }
            }
            List<Part> out = new ArrayList<>();
            if (start > 0) {
                out.add(new Part("… ", false));
            }
            int at = start;
            for (int[] span : spans) {
                if (span[0] > at) {
                    String between = content.substring(at, span[0]);
                    out.add(new Part(at == start ? between.stripLeading() : between, false));
                }
                out.add(new Part(content.substring(span[0], span[1]), true));
                at = span[1];
            }
            if (end > at) {
                out.add(new Part(content.substring(at, end).stripTrailing(), false));
            }
            if (end < content.length()) {
                out.add(new Part(" …", false));
            }
            out.removeIf(part -> part.text().isEmpty());
            return out;
        }
    }
}
