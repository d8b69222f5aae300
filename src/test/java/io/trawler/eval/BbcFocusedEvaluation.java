package io.trawler.eval;

import io.trawler.order.FocusSettings;
import io.trawler.order.LearningSettings;
import io.trawler.order.Topic;
import io.trawler.testsite.BbcSite;

/**
 * Focused crawls of the BBC test site in its two shapes — articles linking to related articles (the seed's world) and
 * articles linking only to section, tag and paginated listing pages (today's) — for each label as the topic (its 10
 * held-out articles as examples), T, T&amp;L and the prototype of the project's strategy at 0.5×, 1× and 2× the
 * label's size. Run:
 * {@code ./mvnw -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.trawler.eval.BbcFocusedEvaluation}
 * (argument: θ).
 */
public final class BbcFocusedEvaluation {

    private BbcFocusedEvaluation() {
    }

    public static void main(String[] args) {
        double theta = args.length > 0 ? Double.parseDouble(args[0]) : Topic.DEFAULT_THRESHOLD;
        for (BbcSite.Shape shape : BbcSite.Shape.values()) {
            BbcSite bbc = BbcSite.load(42, shape);
            LabelledSite site = LabelledSite.of(bbc);
            System.out.printf("%n### %s: %d pages; θ = %s%n%n| budget | T precision | T recall | T&L precision | T&L recall | new precision | new recall |%n"
                    + "|---|---|---|---|---|---|---|%n", shape, bbc.pages().size(), theta);
            java.util.Map<String, double[]> curves = new java.util.LinkedHashMap<>();
            for (double factor : new double[] {0.5, 1, 2}) {
                double[] sum = new double[6];
                for (String label : BbcSite.LABELS) {
                    Topic topic = new Topic(java.util.Map.of(), bbc.examples(label), theta, FocusedEvaluation.background(bbc));
                    int budget = (int) Math.round(bbc.targets(label) * factor);
                    var t = FocusedCrawlSimulator.crawl(site, label, topic, false, FocusSettings.DEFAULTS, budget);
                    var tl = FocusedCrawlSimulator.crawl(site, label, topic, true, FocusSettings.DEFAULTS, budget);
                    var fl = LearningCrawlSimulator.crawl(site, label, topic, LearningSettings.DEFAULTS, budget);
                    double[] v = {t.precision(), t.recall(), tl.precision(), tl.recall(), fl.precision(), fl.recall()};
                    if (factor == 2) {
                        BlogFocusedEvaluation.add(curves, "T", t.recallCurve(budget, BlogFocusedEvaluation.POINTS));
                        BlogFocusedEvaluation.add(curves, "T&L", tl.recallCurve(budget, BlogFocusedEvaluation.POINTS));
                        BlogFocusedEvaluation.add(curves, "new (prototype)", fl.recallCurve(budget, BlogFocusedEvaluation.POINTS));
                    }
                    for (int i = 0; i < 6; i++) {
                        sum[i] += v[i] / BbcSite.LABELS.size();
                    }
                }
                System.out.printf("| %.1f× (mean of %d labels) | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% |%n", factor, BbcSite.LABELS.size(),
                        100 * sum[0], 100 * sum[1], 100 * sum[2], 100 * sum[3], 100 * sum[4], 100 * sum[5]);
            }
            BlogFocusedEvaluation.plot("harvest-bbc-" + shape.name().toLowerCase(java.util.Locale.ROOT) + ".svg",
                    "BBC site, " + shape.name().toLowerCase(java.util.Locale.ROOT) + ": recall (mean of 5 labels) vs pages fetched", curves,
                    BbcSite.LABELS.size());
        }
    }
}
