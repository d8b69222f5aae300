package io.trawler.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The vector-space topic of seed 003: sim(q, p) is the cosine of tf-idf vectors of the topic q and the page
 * text p. Term frequencies are dampened (1 + ln tf); idf is ln((D + 1) / (df + 1)) + 1 over the documents
 * seen so far (the examples and background documents, then every page measured), so words common to
 * everything count little. Only the 100 heaviest topic terms are kept (the long tail of names in example
 * documents is noise).
 * The topic vector is the unit keyword vector plus the unit centroid of the examples. Thread-safe.
 */
public final class TopicModel {

    private final Map<String, Double> keywordTerms;
    private final Map<String, Double> exampleTerms;
    private final Map<String, Integer> df = new HashMap<>();
    private int documents;
    private Map<String, Double> cached;
    private int cachedAt = -1;
    static final int TOP_TERMS = 100;
    static final int REFRESH_EVERY = 32;

    private TopicModel(Map<String, Double> keywordTerms, Map<String, Double> exampleTerms) {
        this.keywordTerms = keywordTerms;
        this.exampleTerms = exampleTerms;
    }

    public static TopicModel of(Topic topic) {
        Map<String, Double> kw = new HashMap<>();
        topic.keywords().forEach((k, w) -> TextAnalysis.termCounts(k).keySet().forEach(t -> kw.merge(t, w, Double::sum)));
        Map<String, Double> ex = new HashMap<>();
        TopicModel m = new TopicModel(kw, ex);
        for (String e : topic.examples()) {
            if (e == null) {
                continue;
            }
            Map<String, Integer> tc = TextAnalysis.termCounts(e);
            tc.forEach((t, n) -> ex.merge(t, 1 + Math.log(n), Double::sum));
            m.count(tc);
        }
        for (String b : topic.background()) {
            if (b != null) {
                m.count(TextAnalysis.termCounts(b));
            }
        }
        return m;
    }

    boolean isEmpty() {
        return keywordTerms.isEmpty() && exampleTerms.isEmpty();
    }

    /** sim(q, p) of a text, then counts it among the documents seen (for later idf). */
    public double relevance(String text) {
        Map<String, Integer> tc = TextAnalysis.termCounts(text);
        double sim;
        synchronized (this) {
            sim = cosine(tc);
            count(tc);
        }
        return sim;
    }

    /** sim(q, p) of a text, leaving the document statistics as they are. */
    public synchronized double similarity(String text) {
        return cosine(TextAnalysis.termCounts(text));
    }

    private void count(Map<String, Integer> tc) {
        documents++;
        tc.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
    }

    private double idf(String term) {
        return Math.log((documents + 1.0) / (df.getOrDefault(term, 0) + 1.0)) + 1;
    }

    private double cosine(Map<String, Integer> page) {
        if (page.isEmpty()) {
            return 0;
        }
        Map<String, Double> q = topicVector();
        double qn = norm(q);
        if (qn == 0) {
            return 0;
        }
        double dot = 0;
        double pn = 0;
        for (Map.Entry<String, Integer> e : page.entrySet()) {
            double w = (1 + Math.log(e.getValue())) * idf(e.getKey());
            pn += w * w;
            Double qw = q.get(e.getKey());
            if (qw != null) {
                dot += w * qw;
            }
        }
        return dot / (qn * Math.sqrt(pn));
    }

    private Map<String, Double> topicVector() {
        // idf drifts slowly: the topic vector is rebuilt after every 32 documents, not for each page
        if (cached != null && documents - cachedAt < REFRESH_EVERY) {
            return cached;
        }
        Map<String, Double> q = new HashMap<>();
        addUnit(q, keywordTerms);
        addUnit(q, exampleTerms);
        if (q.size() > TOP_TERMS) {
            List<Map.Entry<String, Double>> terms = new ArrayList<>(q.entrySet());
            terms.sort(Map.Entry.<String, Double>comparingByValue().reversed());
            Map<String, Double> top = new HashMap<>();
            terms.subList(0, TOP_TERMS).forEach(e -> top.put(e.getKey(), e.getValue()));
            q = top;
        }
        cached = q;
        cachedAt = documents;
        return q;
    }

    private void addUnit(Map<String, Double> into, Map<String, Double> terms) {
        double n = 0;
        for (Map.Entry<String, Double> e : terms.entrySet()) {
            double w = e.getValue() * idf(e.getKey());
            n += w * w;
        }
        if (n == 0) {
            return;
        }
        double norm = Math.sqrt(n);
        terms.forEach((t, w) -> into.merge(t, w * idf(t) / norm, Double::sum));
    }

    private static double norm(Map<String, Double> v) {
        double n = 0;
        for (double w : v.values()) {
            n += w * w;
        }
        return Math.sqrt(n);
    }
}
