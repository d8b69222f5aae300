package io.trawler.eval;

import io.trawler.order.FocusSettings;
import io.trawler.order.Topic;
import io.trawler.testsite.BbcSite;
import java.util.Map;

/**
 * Focused crawling T against T&amp;L on the BBC test site, each of the five labels in turn as the topic (its
 * 10 held-out articles as examples), at a fixed fetch budget: precision, recall and their averages.
 * Run: {@code ./mvnw -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.trawler.eval.FocusedEvaluation}
 * (arguments: budget, θ list).
 */
public final class FocusedEvaluation {

    public static final String BASE = "http://bbc.test";

    /** The held-out articles of every label: a sample of the site, as a search team has from an earlier crawl. */
    public static java.util.List<String> background(BbcSite site) {
        java.util.List<String> b = new java.util.ArrayList<>();
        BbcSite.LABELS.forEach(l -> b.addAll(site.examples(l)));
        return b;
    }

    public static void main(String[] args) {
        int budget = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        String[] thresholds = args.length > 1 ? args[1].split(",") : new String[] {"0.05", "0.1", "0.15", "0.2"};
        BbcSite site = BbcSite.load(42);
        System.out.printf("BBC test site: %d pages; budget %d fetches%n", site.pages().size(), budget);
        for (String t : thresholds) {
            double theta = Double.parseDouble(t);
            System.out.printf("%n| θ = %s | T precision | T recall | T&L precision | T&L recall |%n|---|---|---|---|---|%n", t);
            double[] sum = new double[4];
            for (String label : BbcSite.LABELS) {
                Topic topic = new Topic(Map.of(), site.examples(label), theta, background(site));
                var tc = FocusedCrawlSimulator.crawl(site, label, topic, false, FocusSettings.DEFAULTS, budget);
                var tl = FocusedCrawlSimulator.crawl(site, label, topic, true, FocusSettings.DEFAULTS, budget);
                System.out.printf("| %s | %.1f %% | %.1f %% | %.1f %% | %.1f %% |%n", label, 100 * tc.precision(), 100 * tc.recall(),
                        100 * tl.precision(), 100 * tl.recall());
                sum[0] += tc.precision();
                sum[1] += tc.recall();
                sum[2] += tl.precision();
                sum[3] += tl.recall();
            }
            int n = BbcSite.LABELS.size();
            System.out.printf("| **average** | %.1f %% | %.1f %% | %.1f %% | %.1f %% |%n", 100 * sum[0] / n, 100 * sum[1] / n, 100 * sum[2] / n,
                    100 * sum[3] / n);
        }
    }
}
