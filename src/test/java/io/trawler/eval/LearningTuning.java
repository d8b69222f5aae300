package io.trawler.eval;

import io.trawler.order.LearningSettings;
import io.trawler.order.Topic;
import io.trawler.testsite.BbcSite;
import java.util.List;
import java.util.Map;

/**
 * Settings of the learning strategy tried at 2× budget on the real blog (three topics) and on both shapes of the BBC
 * site (five labels each): mean precision and recall of each. Run with exec:java as the evaluations.
 */
public final class LearningTuning {

    private LearningTuning() {
    }

    public static void main(String[] args) {
        BlogSite blog = BlogSite.load();
        BbcSite related = BbcSite.load(42, BbcSite.Shape.RELATED);
        BbcSite listings = BbcSite.load(42, BbcSite.Shape.LISTINGS);
        for (double hubThreshold : new double[] {0.25, 0.35, 0.5, 1.1}) {
            for (double gamma : new double[] {0.3, 0.5}) {
                var s = new LearningSettings(3, gamma, 1.0, 10, 1.0, hubThreshold);
                double[] b = new double[2];
                for (String label : List.of("three-js", "lodash", "canvas")) {
                    Topic topic = new Topic(BlogFocusedEvaluation.TOPICS.get(label), List.of(), Topic.DEFAULT_THRESHOLD);
                    var r = LearningCrawlSimulator.crawl(blog, label, topic, s, (int) (2 * blog.targets(label)));
                    b[0] += r.precision() / 3;
                    b[1] += r.recall() / 3;
                }
                double[] rel = bbc(related, s);
                double[] lis = bbc(listings, s);
                System.out.printf("hub ≥ %.2f γ %.1f: blog %.3f / %.3f · BBC related %.3f / %.3f · BBC listings %.3f / %.3f%n", hubThreshold, gamma,
                        b[0], b[1], rel[0], rel[1], lis[0], lis[1]);
            }
        }
    }

    private static double[] bbc(BbcSite site, LearningSettings s) {
        double[] out = new double[2];
        for (String label : BbcSite.LABELS) {
            Topic topic = new Topic(Map.of(), site.examples(label), Topic.DEFAULT_THRESHOLD, FocusedEvaluation.background(site));
            var r = LearningCrawlSimulator.crawl(LabelledSite.of(site), label, topic, s, (int) (2 * site.targets(label)));
            out[0] += r.precision() / BbcSite.LABELS.size();
            out[1] += r.recall() / BbcSite.LABELS.size();
        }
        return out;
    }
}
