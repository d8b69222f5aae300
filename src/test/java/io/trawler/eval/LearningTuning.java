package io.trawler.eval;

import io.trawler.order.Topic;
import java.util.List;

/** Settings of the learning strategy tried on the real blog at 2× budget: mean precision and recall over the topics. */
public final class LearningTuning {

    private LearningTuning() {
    }

    public static void main(String[] args) {
        BlogSite site = BlogSite.load();
        for (int maxTunnel : new int[] {3}) {
            for (double gamma : new double[] {0.3, 0.5, 0.7}) {
                for (double hub : new double[] {0.5, 1.0}) {
                    for (int every : new int[] {10, 25}) {
                        var s = new LearningCrawlSimulator.Settings(maxTunnel, gamma, hub, every, 1.0);
                        double p = 0;
                        double r = 0;
                        StringBuilder per = new StringBuilder();
                        for (String label : List.of("three-js", "lodash", "canvas")) {
                            Topic topic = new Topic(BlogFocusedEvaluation.TOPICS.get(label), List.of(), Topic.DEFAULT_THRESHOLD);
                            var res = LearningCrawlSimulator.crawl(site, label, topic, s, (int) (2 * site.targets(label)));
                            p += res.precision() / 3;
                            r += res.recall() / 3;
                            per.append(String.format(" %s %.2f", label, res.recall()));
                        }
                        System.out.printf("tunnel %d γ %.2f hub %.2f every %d: precision %.3f recall %.3f |%s%n", maxTunnel, gamma, hub, every, p, r, per);
                    }
                }
            }
        }
    }
}
