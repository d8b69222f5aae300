package io.trawler.order;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a focused crawl looks for: weighted keywords and/or example documents, and the relevance threshold
 * θ a page's similarity must reach to count as relevant. Optional background documents (pages typical of
 * the sites crawled, on any topic) only seed the document frequencies, so that idf is sound from the first
 * page on instead of being learnt from the crawl's own first pages.
 */
public record Topic(Map<String, Double> keywords, List<String> examples, double threshold, List<String> background) {

    public Topic(Map<String, Double> keywords, List<String> examples, double threshold) {
        this(keywords, examples, threshold, List.of());
    }


    public static final double DEFAULT_THRESHOLD = 0.1;

    public Topic {
        // copies that keep nulls, so that problems() can name them instead of the constructor failing
        keywords = keywords == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(keywords));
        examples = examples == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(examples));
        background = background == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(background));
    }

    /** What is wrong with this topic, as messages (empty when it is usable). */
    public List<String> problems() {
        List<String> p = new ArrayList<>();
        if (keywords.isEmpty() && examples.stream().allMatch(e -> e == null || e.isBlank())) {
            p.add("a topic needs keywords or example texts");
        }
        keywords.forEach((k, w) -> {
            if (k == null || k.isBlank()) {
                p.add("keywords: a keyword is blank");
            } else if (w == null || !(w > 0) || w.isInfinite()) {
                p.add("keywords." + (k.length() > 100 ? k.substring(0, 100) + "…" : k) + ": weight must be a positive number");
            }
        });
        if (examples.stream().anyMatch(java.util.Objects::isNull)) {
            p.add("examples: a text is null");
        }
        if (background.stream().anyMatch(java.util.Objects::isNull)) {
            p.add("background: a text is null");
        }
        if (!(threshold >= 0 && threshold <= 1)) {
            p.add("threshold: must be between 0 and 1");
        }
        if (p.isEmpty() && TopicModel.of(this).isEmpty()) {
            p.add("the topic's keywords and examples contain no indexable terms");
        }
        return p;
    }
}
