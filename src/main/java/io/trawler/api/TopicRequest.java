package io.trawler.api;

import io.trawler.order.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A focused crawl's topic as the API takes it: {@code {"keywords": {"term": weight}, "examples": ["text"],
 * "threshold": 0.1}}; keywords and/or examples, threshold optional.
 */
public record TopicRequest(Map<String, Double> keywords, List<String> examples, Double threshold) {

    /** The topic, or a 400 naming every problem (under {@code field}). */
    Topic validated(String field, double defaultThreshold) {
        Topic t = new Topic(keywords, examples, threshold == null ? defaultThreshold : threshold);
        List<ApiError.Detail> details = new ArrayList<>();
        for (String p : t.problems()) {
            details.add(new ApiError.Detail(field, p));
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
        return new TopicRequest(t.keywords(), t.examples(), t.threshold());
    }
}
