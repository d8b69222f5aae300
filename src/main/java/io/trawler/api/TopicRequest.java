package io.trawler.api;

import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.order.Topic;
import io.trawler.plan.ExamplePages;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A focused crawl's topic as the API takes it: {@code {"keywords": {"term": weight}, "examples": ["text"],
 * "exampleUrls": ["https://…"], "threshold": 0.1, "background": ["text"]}}; keywords, example texts and/or example
 * URLs (pages fetched once, when the topic is given, whose text joins the examples); threshold and background
 * (texts typical of the site on any topic, for document frequencies) optional.
 */
public record TopicRequest(Map<String, Double> keywords, List<String> examples, Double threshold, List<String> background,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "pages whose text joins the examples, fetched once when"
                + " the topic is given (at most 20); never in a saved topic, which holds their texts") List<String> exampleUrls) {

    public TopicRequest(Map<String, Double> keywords, List<String> examples, Double threshold, List<String> background) {
        this(keywords, examples, threshold, background, null);
    }

    /**
     * The topic, with the texts of its example URLs fetched by {@code pages} ({@code allowPrivate}: the site's
     * permission), or a 400 naming every problem (under {@code field}), or a 503 when the server's example fetches
     * are all taken for longer than the topic may wait.
     */
    public Topic resolved(String field, double defaultThreshold, ExamplePages pages, boolean allowPrivate) {
        return resolved(field, defaultThreshold, pages, u -> allowPrivate, "");
    }

    /**
     * As {@link #resolved(String, double, io.trawler.plan.ExamplePages, boolean)}: the topic is checked first (nothing is
     * fetched for a topic that would be refused anyway), then its example pages are fetched for {@code caller} (one topic
     * of a caller at a time; {@code ""}: not named), each URL reaching private networks only where {@code mayReachPrivate}
     * says so (the site's permission, for URLs in its scope).
     */
    public Topic resolved(String field, double defaultThreshold, ExamplePages pages,
            java.util.function.Predicate<String> mayReachPrivate, String caller) {
        Topic checked = validated(field, defaultThreshold);
        if (exampleUrls == null || exampleUrls.isEmpty()) {
            return checked;
        }
        ExamplePages.Fetched fetched = pages.fetch(exampleUrls, mayReachPrivate, caller);
        if (fetched.busy()) {
            throw new ApiException(503, "unavailable", "the server is busy fetching other example pages; try again shortly",
                    fetched.problems().stream().map(p -> new ApiError.Detail(field + ".exampleUrls[" + p.index() + "]", p.message())).toList())
                    .retryAfter(30);
        }
        if (!fetched.problems().isEmpty()) {
            throw ApiException.invalid(fetched.problems().stream()
                    .map(p -> new ApiError.Detail(field + ".exampleUrls[" + p.index() + "]", reason(p.message(), mayReachPrivate))).toList());
        }
        List<String> all = new ArrayList<>(examples == null ? List.of() : examples);
        all.addAll(fetched.texts());
        return new TopicRequest(keywords, all, threshold, background, null).validated(field, defaultThreshold);
    }

    /**
     * A fetch problem in words that fit the site: where the site may reach private networks (for its own URLs) a URL
     * refused for a private address is out of the site's scope, not refused for want of the permission.
     */
    private static String reason(String message, java.util.function.Predicate<String> mayReachPrivate) {
        String denied = "(private networks are not allowed for this site)";
        if (message.contains(denied) && mayReachPrivate instanceof SiteReach reach && reach.siteAllows()) {
            return message.replace(denied, "(this site may reach private networks for its own URLs only, and this URL is not in its scope)");
        }
        return message;
    }

    /** Which example URLs may reach private networks: those in the scope of a site that may ({@code siteAllows}). */
    record SiteReach(boolean siteAllows, java.util.function.Predicate<String> inScope) implements java.util.function.Predicate<String> {
        @Override
        public boolean test(String url) {
            return siteAllows && inScope.test(url);
        }
    }

    /** The topic without fetching anything (example URLs are only checked for their form), or a 400 naming every problem. */
    public Topic validated(String field, double defaultThreshold) {
        List<ApiError.Detail> details = new ArrayList<>();
        boolean urls = exampleUrls != null && !exampleUrls.isEmpty();
        if (urls) {
            if (exampleUrls.size() > ExamplePages.MAX_URLS) {
                details.add(new ApiError.Detail(field + ".exampleUrls", "at most " + ExamplePages.MAX_URLS + " example URLs"));
            }
            for (int i = 0; i < exampleUrls.size(); i++) {
                String u = exampleUrls.get(i);
                if (u == null || !u.trim().matches("(?i)https?://\\S+")) {
                    details.add(new ApiError.Detail(field + ".exampleUrls[" + i + "]", "not an absolute http(s) URL: " + Inputs.quote(u)));
                }
            }
        }
        // a topic of example URLs only is complete once they are fetched: check the rest as if they were one example
        List<String> checked = urls && (examples == null || examples.isEmpty()) ? List.of("(example pages)") : examples;
        Topic t = new Topic(keywords, checked, threshold == null ? defaultThreshold : threshold, background);
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
        return checked == examples ? t : new Topic(keywords, examples, t.threshold(), background);
    }

    static TopicRequest of(Topic t) {
        return new TopicRequest(t.keywords(), t.examples(), t.threshold(), t.background());
    }
}
