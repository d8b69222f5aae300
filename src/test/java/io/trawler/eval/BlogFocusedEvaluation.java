package io.trawler.eval;

import io.trawler.order.FocusSettings;
import io.trawler.order.LearningSettings;
import io.trawler.order.Topic;
import java.util.List;
import java.util.Map;

/**
 * Focused crawls of the real blog (issue 17's evaluation: the seed's T and T&amp;L as the baseline, and the prototype of
 * the project's own strategy, {@link LearningCrawlSimulator}, not yet in the crawler): each
 * topic's target set is the posts of one category, the topic is keywords written from general knowledge of the subject
 * (not from the blog's text), and each strategy runs at budgets of 0.5×, 1× and 2× the target set's size; precision
 * (harvest rate) and recall are printed. Run:
 * {@code ./mvnw -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.trawler.eval.BlogFocusedEvaluation}
 * (argument: θ, default the crawls' default).
 */
public final class BlogFocusedEvaluation {

    /** Each topic's keywords, from what the subject is about. */
    public static final Map<String, Map<String, Double>> TOPICS = Map.of(
            "three-js", Map.of("three.js", 3.0, "webgl", 2.0, "3d", 2.0, "scene", 1.0, "camera", 1.0, "mesh", 2.0, "geometry", 1.5,
                    "material", 1.0, "renderer", 1.5, "vector3", 1.0),
            "lodash", Map.of("lodash", 3.0, "utility library", 1.0, "array", 1.0, "collection", 1.0, "_.map", 1.5, "_.filter", 1.0,
                    "iteratee", 1.5, "underscore", 1.0, "object", 0.5, "functional programming", 1.0),
            "canvas", Map.of("canvas", 3.0, "html5 canvas", 2.0, "2d drawing context", 2.0, "getcontext", 2.0, "fillrect", 1.5, "drawimage", 1.5,
                    "pixels", 1.0, "strokestyle", 1.0, "animation frame", 1.0, "path", 0.5));

    static final int POINTS = 101;

    private BlogFocusedEvaluation() {
    }

    /** Adds a topic's curve to the strategy's sum (divided by the number of topics when drawn). */
    static void add(Map<String, double[]> curves, String name, double[] curve) {
        double[] sum = curves.computeIfAbsent(name, k -> new double[curve.length]);
        for (int i = 0; i < curve.length; i++) {
            sum[i] += curve[i];
        }
    }

    /** The mean curves as an SVG file under docs/ordering. */
    static void plot(String file, String title, Map<String, double[]> sums, int topics) {
        Map<String, double[]> mean = new java.util.LinkedHashMap<>();
        sums.forEach((k, v) -> mean.put(k, java.util.Arrays.stream(v).map(x -> x / topics).toArray()));
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("docs/ordering", file),
                    LinePlot.svg(title, "pages fetched, in multiples of the target set's size", mean, 2, 0.5, 0, 1, 0.1));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static void main(String[] args) {
        double theta = args.length > 0 ? Double.parseDouble(args[0]) : Topic.DEFAULT_THRESHOLD;
        BlogSite site = BlogSite.load();
        System.out.printf("Real blog: posts by category %s; θ = %s%n", site.targetCounts(), theta);
        System.out.printf("%n| topic (posts) | budget | T precision | T recall | T&L precision | T&L recall | new precision | new recall |%n|---|---|---|---|---|---|---|---|%n");
        Map<String, double[]> curves = new java.util.LinkedHashMap<>();
        for (String label : List.of("three-js", "lodash", "canvas")) {
            long targets = site.targets(label);
            Topic topic = new Topic(TOPICS.get(label), List.of(), theta);
            for (double factor : new double[] {0.5, 1, 2}) {
                int budget = (int) Math.round(targets * factor);
                var t = FocusedCrawlSimulator.crawl(site, label, topic, false, FocusSettings.DEFAULTS, budget);
                var tl = FocusedCrawlSimulator.crawl(site, label, topic, true, FocusSettings.DEFAULTS, budget);
                var fl = LearningCrawlSimulator.crawl(site, label, topic, LearningSettings.DEFAULTS, budget);
                System.out.printf("| %s (%d) | %.1f× = %d | %.1f %% (%d fetched) | %.1f %% | %.1f %% (%d fetched) | %.1f %% | %.1f %% | %.1f %% |%n", label,
                        targets, factor, budget, 100 * t.precision(), t.fetched().size(), 100 * t.recall(), 100 * tl.precision(), tl.fetched().size(),
                        100 * tl.recall(), 100 * fl.precision(), 100 * fl.recall());
                if (factor == 2) {
                    add(curves, "T", t.recallCurve(budget, POINTS));
                    add(curves, "T&L", tl.recallCurve(budget, POINTS));
                    add(curves, "new (prototype)", fl.recallCurve(budget, POINTS));
                }
            }
        }
        plot("harvest-blog.svg", "Real blog: recall (mean of 3 topics) vs pages fetched", curves, 3);
    }
}
