package io.trawler.api;

import io.trawler.order.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A focused crawl's topic as the API takes it: {@code {"keywords": {"term": weight}, "examples": ["text"],
 * "threshold": 0.1, "background": ["text"]}}; keywords and/or examples; threshold and background (texts typical
 * of the site on any topic, for document frequencies) optional.
 */
public record TopicRequest(Map<String, Double> keywords, List<String> examples, Double threshold, List<String> background) {

    /** The topic, or a 400 naming every problem (under {@code field}). */
    public Topic validated(String field, double defaultThreshold) {
        Topic t = new Topic(keywords, examples, threshold == null ? defaultThreshold : threshold, background);
        List<ApiError.Detail> details = new ArrayList<>();
        for (String p : t.problems()) {
            details.add(new ApiError.Detail(field, p));
        }
        if (background != null && background.size() > 1000) {
            details.add(new ApiError.Detail(field + ".background", "at most 1000 background texts"));
        }
        if (examples != null && examples.size() > 1000) {
            details.add(new ApiError.Detail(field + ".examples", "at most 1000 example texts"));
        }
        if (keywords != null && keywords.size() > 10_000) {
            details.add(new ApiError.Detail(field + ".keywords", "at most 10000 keywords"));
        }
        if (!details.isEmpty()) {
            throw ApiException.invalid(details);
        }
        return t;
    }

    static TopicRequest of(Topic t) {
        return new TopicRequest(t.keywords(), t.examples(), t.threshold(), t.background());
    }
}
