package io.trawler.refresh;

import io.trawler.order.TextAnalysis;
import java.util.Collection;
import java.util.Map;

/**
 * How much a change of a page moved its relevance to the queries it appeared for (the user-experience policy,
 * seed 002 §4): for each query, the relevance of the old and the new main text (cosine of the query's terms and
 * the text's, Lucene-analysed), and the change's impact is the mean over the queries of
 * |new − old| / max(new, old): 0 when no query's relevance moved (a date, a counter, a reworded sentence off the
 * topic), 1 when every query's relevance appeared from nothing or vanished.
 */
public final class ChangeImpact {

    private ChangeImpact() {
    }

    /** The impact of a change from {@code before} to {@code after} on {@code queries}; 0 without queries. */
    public static double of(Collection<String> queries, String before, String after) {
        if (queries.isEmpty()) {
            return 0;
        }
        Map<String, Integer> a = TextAnalysis.termCounts(before);
        Map<String, Integer> b = TextAnalysis.termCounts(after);
        double na = norm(a);
        double nb = norm(b);
        double sum = 0;
        int n = 0;
        for (String q : queries) {
            Map<String, Integer> terms = TextAnalysis.termCounts(q);
            if (terms.isEmpty()) {
                continue;
            }
            double ra = relevance(terms, a, na);
            double rb = relevance(terms, b, nb);
            double top = Math.max(ra, rb);
            sum += top == 0 ? 0 : Math.abs(rb - ra) / top;
            n++;
        }
        return n == 0 ? 0 : sum / n;
    }

    /** Cosine of a query's term vector and a text's. */
    static double relevance(Map<String, Integer> query, Map<String, Integer> text, double textNorm) {
        if (textNorm == 0) {
            return 0;
        }
        double dot = 0;
        for (Map.Entry<String, Integer> e : query.entrySet()) {
            dot += e.getValue() * text.getOrDefault(e.getKey(), 0);
        }
        return dot / (norm(query) * textNorm);
    }

    private static double norm(Map<String, Integer> v) {
        double s = 0;
        for (int x : v.values()) {
            s += (double) x * x;
        }
        return Math.sqrt(s);
    }
}
